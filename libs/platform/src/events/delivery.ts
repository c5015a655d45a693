import { type EventEnvelope, eventEnvelopeSchema } from '@app/contracts';
import { ZodError } from 'zod';

import {
  type BatchHandler,
  type EventHandler,
  PartialBatchError,
  PoisonEventError,
  type RetryPolicy,
  type TransportLogger,
} from './event-transport';

export type DeliveryOutcome = { kind: 'handled'; attempts: number } | { kind: 'dead-letter'; attempts: number; error: unknown };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** (attempt - 1));
}

export function isPoison(error: unknown): boolean {
  return error instanceof PoisonEventError || error instanceof ZodError;
}

/** Node's socket errors of a dependency that cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** PostgreSQL's: the server shut down, is starting or crashed (57P01-03), has no connection to give (53300). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when a connection goes away or none comes. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed',
];

/**
 * Whether the error says a dependency (the database) is away rather than that the event is wrong: its
 * socket errors, PostgreSQL's connection exceptions (class 08) and shutdown states, node-postgres'
 * lost connections, through `cause` and TypeORM's `driverError`. Such a failure is not the event's:
 * it is retried until the dependency is back, never dead-lettered (issue 28's F3: the events being
 * handled when PostgreSQL stopped were parked after five attempts, and their messages never reached
 * the inbox).
 */
export function isDependencyDown(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause, driverError } = current as { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    current = driverError ?? cause;
  }
  return false;
}

/** Parses raw bytes into an envelope; anything that is not one is poison. */
export function parseEnvelope(raw: string | Buffer | null | undefined): EventEnvelope {
  if (raw == null) throw new PoisonEventError('event has no value');
  let json: unknown;
  try {
    json = JSON.parse(raw.toString());
  } catch (error) {
    throw new PoisonEventError('event value is not JSON', { cause: error });
  }
  const parsed = eventEnvelopeSchema.safeParse(json);
  if (!parsed.success) throw new PoisonEventError(`event envelope is invalid: ${parsed.error.message}`);
  return parsed.data as EventEnvelope;
}

/**
 * Calls the handler until it succeeds, the error is poison, or the attempts run out; an attempt that
 * failed because a dependency is away (isDependencyDown) is not counted: the event waits for it.
 * `isStopping` lets a closing consumer give up without dead-lettering an event it will see again.
 */
export async function deliverWithRetry(
  handler: EventHandler,
  envelope: EventEnvelope,
  topic: string,
  policy: RetryPolicy,
  isStopping: () => boolean = () => false,
): Promise<DeliveryOutcome | { kind: 'abandoned' }> {
  let counted = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      await handler(envelope, { topic, attempt });
      return { kind: 'handled', attempts: attempt };
    } catch (error) {
      if (!isDependencyDown(error)) counted += 1;
      if (isPoison(error) || counted >= policy.maxAttempts) {
        return { kind: 'dead-letter', attempts: attempt, error };
      }
      if (isStopping()) return { kind: 'abandoned' };
      await sleep(backoffMs(policy, attempt));
      if (isStopping()) return { kind: 'abandoned' };
    }
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Fallback when a transport is given no logger: one JSON line per entry on stderr. */
export const consoleTransportLogger: TransportLogger = {
  warn: (obj, msg) => console.warn(JSON.stringify({ level: 'warn', msg, ...obj })),
  error: (obj, msg) => console.error(JSON.stringify({ level: 'error', msg, ...obj })),
};

/**
 * One call of a batch handler: how many of the events, from the first, it applied (all of them, or
 * what a PartialBatchError says; 0 when it failed otherwise). The rest are then handled one by one.
 */
export async function deliverBatch(
  handler: BatchHandler,
  envelopes: EventEnvelope[],
  topic: string,
  logger: TransportLogger,
  context: object = {},
): Promise<number> {
  try {
    await handler(envelopes, { topic });
    return envelopes.length;
  } catch (error) {
    const handled = error instanceof PartialBatchError ? Math.max(0, Math.min(envelopes.length, error.handled)) : 0;
    logger.warn(
      { ...context, topic, events: envelopes.length, handled, error: describeError(error) },
      'a batch of events failed; the events it did not apply are handled one by one',
    );
    return handled;
  }
}
