import type { EventEnvelope } from '@app/contracts';

/** One event on its way to a topic; the key picks the partition and so the order it keeps. */
export interface OutgoingEvent {
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

export interface DeliveryContext {
  topic: string;
  /** 1 on the first delivery, more when a transient failure made the transport try again. */
  attempt: number;
}

export type EventHandler = (envelope: EventEnvelope, context: DeliveryContext) => Promise<void>;

export interface SubscriptionOptions {
  /** Consumers sharing a group id share the work; every group gets every event. */
  groupId: string;
  topics: string[];
  handler: EventHandler;
  /** A new group starts at the oldest retained event (true, default) or only at new ones (false). */
  fromBeginning?: boolean;
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
