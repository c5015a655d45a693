import type { EventEnvelope } from '@app/contracts';

/**
 * One event on its way to a topic; the key picks the partition and so the order it keeps. Either
 * the envelope itself, or (the outbox relay) the envelope as the JSON text it was stored as, with the
 * fields transports route by: that text goes on as it is, never parsed and written again on the way.
 */
export type OutgoingEvent =
  { topic: string; key: string; envelope: EventEnvelope } | { topic: string; key: string; id: string; type: string; json: string };

/** An outgoing event's envelope as JSON text, with its id and type. */
export function serialised(event: OutgoingEvent): { id: string; type: string; json: string } {
  if ('json' in event) return event;
  return { id: event.envelope.id, type: event.envelope.type, json: JSON.stringify(event.envelope) };
}

export interface DeliveryContext {
  topic: string;
  /** 1 on the first delivery, more when a transient failure made the transport try again. */
  attempt: number;
}

export type EventHandler = (envelope: EventEnvelope, context: DeliveryContext) => Promise<void>;

/**
 * Handles several events of one topic at once, in the order they were published (so one key's
 * events in their order), typically in one transaction with multi-row statements. The transport
 * gives it what it has in hand for one lane (in process) or one partition (Kafka), up to
 * `maxBatchSize`. When it throws, each of those events is handled again on its own through the
 * subscription's `handler`, with the usual retries, so a bad event only dead-letters itself: a batch
 * handler must therefore change nothing when it throws (its transaction rolls back), or throw a
 * PartialBatchError that says how many of the events, from the first, it did apply.
 */
export type BatchHandler = (envelopes: EventEnvelope[], context: { topic: string }) => Promise<void>;

export interface SubscriptionOptions {
  /** Consumers sharing a group id share the work; every group gets every event. */
  groupId: string;
  topics: string[];
  handler: EventHandler;
  /** Takes the events in batches when given (see BatchHandler); `handler` then handles an event only when its batch failed. */
  batchHandler?: BatchHandler;
  /** The most events one batch holds (default 100). */
  maxBatchSize?: number;
  /**
   * The event types the subscriber handles (default: all). Events of other types on its topics are
   * passed over without being parsed (on Kafka by their `event-type` header) and count as handled.
   */
  eventTypes?: readonly string[];
  /** A new group starts at the oldest retained event (true, default) or only at new ones (false). */
  fromBeginning?: boolean;
  /**
   * Told which events this process now handles: once on subscribe in process (all of them), and on
   * Kafka after every rebalance of the group (the keys of the partitions it was assigned). For work
   * tied to keys beyond the events themselves (the whatsapp sessions of the connections it owns).
   */
  onAssignment?: (assignment: PartitionAssignment) => void | Promise<void>;
  /**
   * What becomes of an event whose handler keeps failing with a transient (not poison) error:
   * 'dead-letter' (default) parks it in `<topic>.dlq` after the retries and the group moves on;
   * 'redeliver' never parks it on Kafka: it stays uncommitted and is tried again (with backoff) until
   * it is handled, or until the partition moves to another member, which gets it again. In process,
   * where no other member would take it over, 'redeliver' is 'dead-letter'.
   */
  onTransientFailure?: 'dead-letter' | 'redeliver';
  /** Kafka: partitions this subscription handles at once, one event at a time each (default: the transport's). */
  partitionsConsumedConcurrently?: number;
  /** Kafka: how long the group waits for a silent member before its partitions move (kafkajs default 30 s). */
  sessionTimeoutMs?: number;
}

/** Which events a subscription of this process handles, until the next assignment. */
export interface PartitionAssignment {
  /** Whether this process handles the events of `key` on `topic` (default: the subscription's first topic). */
  owns(key: string, topic?: string): boolean;
  /** What was assigned, for logs: the partitions per topic, or 'all' in process. */
  readonly partitions: Readonly<Record<string, readonly number[]>> | 'all';
}

export interface Subscription {
  close(): Promise<void>;
}

/**
 * Our publisher/subscriber seam. Kafka and the in-process bus implement it; nothing outside
 * libs/platform/src/events knows which one runs.
 *
 * Delivery contract, the same for both:
 * - events of one topic and key reach a group in the order they were published;
 * - a handler that throws is called again (with backoff) up to `maxAttempts`; a handler that throws
 *   a PoisonEventError, or an event that is not a valid envelope, goes straight to `<topic>.dlq`;
 * - after the last attempt the event goes to `<topic>.dlq` and the group moves on;
 * - `publish` resolves only once the transport has taken the events durably (Kafka acks) or, in
 *   process, once every subscribed group has handled them; the outbox marks rows sent after that.
 */
export interface EventTransport {
  readonly kind: 'in-process' | 'kafka';
  start(): Promise<void>;
  publish(events: OutgoingEvent[]): Promise<void>;
  subscribe(options: SubscriptionOptions): Promise<Subscription>;
  /** For /ready: throws when the transport cannot reach its broker. */
  checkHealth(): Promise<void>;
  stop(): Promise<void>;
}

export interface RetryPolicy {
  maxAttempts: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, initialBackoffMs: 200, maxBackoffMs: 5_000 };

/** What the transports log through; pino's `(obj, msg)` signature, so a pino logger fits as is. */
export interface TransportLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** Thrown by a handler for an event it can never process; skips the retries. */
export class PoisonEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PoisonEventError';
  }
}

/** Thrown by a batch handler that applied its first `handled` events and then failed: only the rest are handled again. */
export class PartialBatchError extends Error {
  constructor(
    readonly handled: number,
    cause: unknown,
  ) {
    super(`a batch failed after ${handled} events: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PartialBatchError';
  }
}
