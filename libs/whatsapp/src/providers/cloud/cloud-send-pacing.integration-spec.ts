import { randomBytes, randomUUID } from 'node:crypto';

import { type Connection, connectionSchema, messageSendRequested, type SendContent } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type FakeAttempt, FakeGraphApi, type FakeNumber, META_ERRORS } from '../../testing/fake-graph-api';
import { startWhatsappTestApp, type WhatsappTestApp } from '../../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 311;
const THROUGHPUT = 20;
const BACKOFF_MS = 400;

/** Decision 0057: a Cloud API connection's sends are paced to its throughput, 130429 pauses it whole, 131056 one recipient. */
describe('Cloud API send pacing against a local Graph API (real PostgreSQL)', () => {
  let t: WhatsappTestApp;
  let meta: FakeGraphApi;
  let admin: string;

  beforeAll(async () => {
    meta = await new FakeGraphApi().start();
    t = await startWhatsappTestApp({
      sendTimeoutMs: 30_000,
      cloud: {
        keysSecret: randomBytes(32).toString('hex'),
        graphUrl: meta.url,
        graphVersion: meta.version,
        backoffFirstMs: BACKOFF_MS,
        throughput: THROUGHPUT,
      },
    });
    admin = t.token({ userId: 1, companyId: A });
  });
  afterAll(async () => {
    await t.close();
    await meta.close();
  });

  const api = () => request(t.http);
  const template: SendContent = { type: 'template', name: 'aviso', language: 'pt_BR', bodyParameters: [], headerParameters: [] };

  async function cloudConnection(): Promise<{ connection: Connection; number: FakeNumber }> {
    const number = meta.addNumber();
    const response = await api()
      .post('/api/whatsapp')
      .set({ Authorization: `Bearer ${admin}` })
      .send({
        name: `Ritmo ${number.phoneNumberId.slice(-4)}`,
        provider: 'cloud',
        cloud: {
          phoneNumberId: number.phoneNumberId,
          wabaId: number.wabaId,
          accessToken: number.accessToken,
          appSecret: number.appSecret,
          verifyToken: `verificar-${number.phoneNumberId}`,
        },
      });
    expect(response.status).toBe(201);
    const connection = expectAnswer(connectionSchema, response);
    await waitFor(
      async () =>
        expectAnswer(
          connectionSchema,
          await api()
            .get(`/api/whatsapp/${connection.id}`)
            .set({ Authorization: `Bearer ${admin}` }),
        ).status === 'CONNECTED',
      { what: 'the Cloud API connection to connect' },
    );
    return { connection, number };
  }

  async function send(connectionId: number, to: string, content: SendContent = template): Promise<string> {
    const command = {
      commandId: randomUUID(),
      connectionId,
      to,
      isGroup: false,
      content,
      quotedId: null,
      isForwarded: false,
      reference: null,
    };
    await t.publish(messageSendRequested, A, connectionId, command);
    return command.commandId;
  }

  /** Waits until every command is answered; all must have been sent. */
  async function allSent(commandIds: string[]): Promise<void> {
    const answered = () =>
      t.events.filter(
        (e) =>
          (e.type === 'whatsapp.message.sent' || e.type === 'whatsapp.message.sendFailed') &&
          commandIds.includes((e.payload as { commandId: string }).commandId),
      );
    await waitFor(() => answered().length === commandIds.length, { what: `${commandIds.length} answers`, timeoutMs: 30_000 });
    expect(answered().map((e) => e.type)).toEqual(commandIds.map(() => 'whatsapp.message.sent'));
  }

  const attemptsOf = (number: FakeNumber): FakeAttempt[] => meta.attempts.filter((a) => a.phoneNumberId === number.phoneNumberId);
  const recipients = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `55${prefix}${String(i).padStart(7, '0')}`);

  it("holds one connection's sends to its throughput, each recipient's message once", async () => {
    const { connection, number } = await cloudConnection();
    const to = recipients(50, '119');
    const commands = [];
    for (const recipient of to) commands.push(await send(connection.id, recipient));
    await allSent(commands);

    const times = attemptsOf(number).map((a) => a.at);
    expect(times).toHaveLength(50);
    // no second holds more than the throughput (one more for a slot on the window's edge)
    for (const start of times) expect(times.filter((at) => at >= start && at < start + 1_000).length).toBeLessThanOrEqual(THROUGHPUT + 1);
    // 50 sends at 20 a second take at least 49 intervals
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(49 * (1_000 / THROUGHPUT) - 20);
    expect(
      meta
        .sentTo(number.phoneNumberId)
        .map((s) => s.body.to)
        .sort(),
    ).toEqual([...to].sort());
  });

  it('130429 pauses the whole connection with a doubling backoff; nothing lost, nothing twice', async () => {
    const { connection, number } = await cloudConnection();
    const to = recipients(12, '219');
    // the first two tries of the connection, whoever they are for, meet Meta's throughput limit
    meta.fail(META_ERRORS.rateLimit, 2);
    const commands = [];
    for (const recipient of to) commands.push(await send(connection.id, recipient));
    await allSent(commands);

    const attempts = attemptsOf(number);
    const limited = attempts.filter((a) => a.code === 130429);
    expect(limited).toHaveLength(2);
    const [first, second] = limited as [FakeAttempt, FakeAttempt];
    // after the first 130429 no recipient's send reached Meta before the pause ended ...
    const afterFirst = attempts.filter((a) => a.at > first.at);
    expect(afterFirst[0]!.at - first.at).toBeGreaterThanOrEqual(BACKOFF_MS - 25);
    // ... and after the second, the pause was twice as long
    const afterSecond = attempts.filter((a) => a.at > second.at);
    expect(afterSecond[0]!.at - second.at).toBeGreaterThanOrEqual(2 * BACKOFF_MS - 25);
    // every recipient got its message exactly once
    const sent = meta.sentTo(number.phoneNumberId).map((s) => String(s.body.to));
    expect(sent.sort()).toEqual([...to].sort());
  });

  it('131056 holds only its recipient: the others keep going, and it gets its message once, later', async () => {
    const { connection, number } = await cloudConnection();
    const busy = '5531900000001';
    const others = recipients(8, '319');
    // the busy recipient is over its pair rate three times: it waits 400 + 800 + 1600 ms
    meta.fail({ ...META_ERRORS.pairRate, to: busy }, 3);
    const commands = [await send(connection.id, busy)];
    for (const recipient of others) commands.push(await send(connection.id, recipient));
    await allSent(commands);

    const sent = meta.sentTo(number.phoneNumberId);
    const busyTaken = sent.filter((s) => s.body.to === busy);
    expect(busyTaken).toHaveLength(1);
    const firstRefusal = attemptsOf(number).find((a) => a.to === busy && a.code === 131056)!;
    expect(busyTaken[0]!.at - firstRefusal.at).toBeGreaterThanOrEqual(7 * BACKOFF_MS - 50);
    // every other recipient was sent to while the busy one waited, at the throughput's pace (8 x 50 ms)
    const othersTaken = sent.filter((s) => others.includes(String(s.body.to)));
    expect(othersTaken.map((s) => s.body.to).sort()).toEqual([...others].sort());
    for (const other of othersTaken) {
      expect(other.at).toBeLessThan(busyTaken[0]!.at);
      expect(other.at).toBeLessThan(firstRefusal.at + 3 * BACKOFF_MS);
    }
    // and the connection itself was never paused: no 130429 and no gap of a backoff between the others
    expect(attemptsOf(number).filter((a) => a.code === 130429)).toEqual([]);
  });
});
