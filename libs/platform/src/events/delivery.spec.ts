import { randomUUID } from 'node:crypto';

import type { EventEnvelope } from '@app/contracts';
import { z } from 'zod';

import { backoffMs, deliverWithRetry, describeError, isDependencyDown, isPoison, parseEnvelope } from './delivery';
import { type EventHandler, PoisonEventError, type RetryPolicy } from './event-transport';

const envelope = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'conversations.ticket.updated',
  version: 1,
  companyId: 1,
  key: 'ticket-1',
  occurredAt: new Date().toISOString(),
  payload: { id: 1 },
});

const fast: RetryPolicy = { maxAttempts: 3, initialBackoffMs: 1, maxBackoffMs: 5 };

describe('backoffMs', () => {
  it('doubles from the initial backoff per attempt', () => {
    const policy: RetryPolicy = { maxAttempts: 10, initialBackoffMs: 100, maxBackoffMs: 10_000 };
    expect([1, 2, 3, 4].map((attempt) => backoffMs(policy, attempt))).toEqual([100, 200, 400, 800]);
  });

  it('never exceeds the cap', () => {
    const policy: RetryPolicy = { maxAttempts: 100, initialBackoffMs: 200, maxBackoffMs: 5_000 };
    expect(backoffMs(policy, 5)).toBe(3_200);
    expect(backoffMs(policy, 6)).toBe(5_000);
    expect(backoffMs(policy, 60)).toBe(5_000);
    expect(backoffMs(policy, 2_000)).toBe(5_000); // 2 ** 1999 is Infinity; still capped
  });
});

describe('parseEnvelope', () => {
  it('returns a valid envelope from a string or a buffer', () => {
    const event = envelope();
    expect(parseEnvelope(JSON.stringify(event))).toEqual(event);
    expect(parseEnvelope(Buffer.from(JSON.stringify(event)))).toEqual(event);
  });

  it.each([
    ['no value', null],
    ['undefined', undefined],
    ['not JSON', 'not json {'],
    ['a JSON value that is no envelope', '{"hello":"world"}'],
    ['an envelope with a bad type', JSON.stringify({ ...envelope(), type: 'Bad Type' })],
    ['an envelope with a bad id', JSON.stringify({ ...envelope(), id: 'nope' })],
  ])('throws PoisonEventError for %s', (_name, raw) => {
    expect(() => parseEnvelope(raw)).toThrow(PoisonEventError);
  });
});

describe('isPoison', () => {
  it('is true for PoisonEventError and zod errors, false for anything else', () => {
    expect(isPoison(new PoisonEventError('x'))).toBe(true);
    expect(isPoison(z.object({ a: z.string() }).safeParse({}).error)).toBe(true);
    expect(isPoison(new Error('db down'))).toBe(false);
    expect(isPoison('string')).toBe(false);
  });
});

describe('isDependencyDown', () => {
  it("knows a dependency's absence through causes and TypeORM's driverError, not the event's own failures", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDependencyDown(refused)).toBe(true);
    expect(
      isDependencyDown(Object.assign(new Error('query failed'), { driverError: { code: '57P01', message: 'terminating connection' } })),
    ).toBe(true);
    expect(isDependencyDown(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
    expect(isDependencyDown(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDependencyDown(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDependencyDown(new PoisonEventError('never'))).toBe(false);
    expect(isDependencyDown('ECONNREFUSED')).toBe(false);
  });
});

describe('deliverWithRetry', () => {
  it('calls the handler once when it succeeds', async () => {
    const handler = jest.fn<ReturnType<EventHandler>, Parameters<EventHandler>>().mockResolvedValue(undefined);
    const event = envelope();
    await expect(deliverWithRetry(handler, event, 't', fast)).resolves.toEqual({ kind: 'handled', attempts: 1 });
    expect(handler).toHaveBeenCalledWith(event, { topic: 't', attempt: 1 });
  });

  it('retries a failing handler with increasing attempt numbers until it succeeds', async () => {
    const attempts: number[] = [];
    const handler: EventHandler = async (_event, { attempt }) => {
      attempts.push(attempt);
      if (attempt < 3) throw new Error('transient');
    };
    await expect(deliverWithRetry(handler, envelope(), 't', fast)).resolves.toEqual({ kind: 'handled', attempts: 3 });
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('waits the backoff between attempts', async () => {
    const times: number[] = [];
    const handler: EventHandler = async () => {
      times.push(Date.now());
      if (times.length < 3) throw new Error('transient');
    };
    await deliverWithRetry(handler, envelope(), 't', { maxAttempts: 3, initialBackoffMs: 40, maxBackoffMs: 60 });
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(35); // 40 ms, timers may fire a little early
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(55); // 80 ms capped to 60 ms
  });

  it('dead-letters after maxAttempts with the last error', async () => {
    let calls = 0;
    const handler: EventHandler = async () => {
      calls++;
      throw new Error(`failure ${calls}`);
    };
    const outcome = await deliverWithRetry(handler, envelope(), 't', fast);
    expect(calls).toBe(3);
    expect(outcome).toMatchObject({ kind: 'dead-letter', attempts: 3 });
    expect(describeError((outcome as { error: unknown }).error)).toBe('Error: failure 3');
  });

  it('waits for a database that is away: those failures do not count toward maxAttempts', async () => {
    let calls = 0;
    const handler: EventHandler = async () => {
      calls++;
      if (calls <= 8) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      if (calls === 9) throw new Error('Connection terminated unexpectedly');
      if (calls === 10) throw new Error('a bug');
    };
    await expect(deliverWithRetry(handler, envelope(), 't', fast)).resolves.toEqual({ kind: 'handled', attempts: 11 });
  });

  it('still dead-letters after maxAttempts of failures of the event itself between the outages', async () => {
    let calls = 0;
    const handler: EventHandler = async () => {
      calls++;
      throw calls % 2 ? Object.assign(new Error('the database system is shutting down'), { code: '57P03' }) : new Error('a bug');
    };
    await expect(deliverWithRetry(handler, envelope(), 't', fast)).resolves.toMatchObject({ kind: 'dead-letter', attempts: 6 });
  });

  it('dead-letters a poison event at once, without retries', async () => {
    const handler = jest.fn<ReturnType<EventHandler>, Parameters<EventHandler>>().mockRejectedValue(new PoisonEventError('never'));
    const outcome = await deliverWithRetry(handler, envelope(), 't', fast);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ kind: 'dead-letter', attempts: 1 });
    expect((outcome as { error: unknown }).error).toBeInstanceOf(PoisonEventError);
  });

  it('treats a zod error from the handler (an invalid payload) as poison', async () => {
    const handler: EventHandler = async (event) => {
      z.object({ id: z.string() }).parse(event.payload);
    };
    await expect(deliverWithRetry(handler, envelope(), 't', fast)).resolves.toMatchObject({
      kind: 'dead-letter',
      attempts: 1,
    });
  });

  it('gives up without dead-lettering when the consumer is stopping', async () => {
    let stopping = false;
    const handler: EventHandler = async () => {
      stopping = true;
      throw new Error('transient');
    };
    await expect(deliverWithRetry(handler, envelope(), 't', fast, () => stopping)).resolves.toEqual({
      kind: 'abandoned',
    });
  });

  it('still dead-letters a poison event while stopping (it would fail again anyway)', async () => {
    const handler: EventHandler = async () => {
      throw new PoisonEventError('never');
    };
    await expect(deliverWithRetry(handler, envelope(), 't', fast, () => true)).resolves.toMatchObject({
      kind: 'dead-letter',
    });
  });
});

describe('describeError', () => {
  it('names errors and stringifies anything else', () => {
    expect(describeError(new PoisonEventError('bad'))).toBe('PoisonEventError: bad');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(42)).toBe('42');
  });
});
