import type { EventEnvelope } from '@app/contracts';

import { consoleTransportLogger, deliverWithRetry, type DeliveryOutcome, describeError, parseEnvelope } from './delivery';
import {
  deadLetterTopic,
  DEFAULT_RETRY_POLICY,
  type EventHandler,
  type EventTransport,
  type OutgoingEvent,
  type RetryPolicy,
  type Subscription,
  type SubscriptionOptions,
  type TransportLogger,
} from './event-transport';

export interface InProcessTransportOptions {
  /** Merged over DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>;
  logger?: TransportLogger;
  /**
   * Serial queues per group, like a Kafka topic's partitions: a key always lands on the same lane,
   * so its events keep their order, while different keys run side by side. Default 8.
   */
  lanes?: number;
}

/** Rejects a publish whose events the transport stopped before every group had handled them. */
export class TransportStoppedError extends Error {
  constructor(message = 'the in-process event transport is stopped') {
    super(message);
    this.name = 'TransportStoppedError';
  }
}

interface Member {
  topics: Set<string>;
  handler: EventHandler;
  /** The deliveries this member has in hand (one per lane at most); close() waits for them. */
  busy: Set<Promise<unknown>>;
}

interface Group {
  id: string;
  members: Member[];
  /** Tails of the group's serial queues: a task runs after the one before it on its key's lane. */
  lanes: Promise<unknown>[];
}

/**
 * The event bus of the standalone runtime: the same delivery contract as Kafka, inside one process.
 *
 * - Topics are plain names and need no declaration. A group gets every event published to its topics
 *   after it subscribed; there is no retention, so `fromBeginning` has no meaning here and is ignored
 *   (the outbox table is what keeps events across restarts).
 * - Each group has a few serial queues (lanes), picked by a hash of the key as Kafka picks a
 *   partition: events of one key are handled one at a time in publish order, events of keys on
 *   other lanes run concurrently. Different groups run concurrently.
 * - Several subscriptions with one group id are members of that group: each event goes to one member,
 *   picked by a hash of its key among the members subscribed to its topic, so a key stays with a member.
 * - `publish` resolves once every subscribed group has handled or dead-lettered the events, including
 *   the delivery of those dead letters to groups subscribed to `<topic>.dlq`. It rejects when the
 *   transport stopped first; the outbox then keeps the rows and publishes them again after a restart
 *   (at least once, like Kafka; consumers are idempotent).
 * - A failing handler is retried per the retry policy; a poison event or the last failed attempt is
 *   logged and delivered, as the same envelope, to the groups subscribed to `<topic>.dlq`, and the
 *   group goes on with its next event. An event that fails on a `.dlq` topic is only logged.
 * - `onAssignment` is told once, on subscribe, that this process handles every key; `onTransientFailure:
 *   'redeliver'` has no other member to redeliver to, so it dead-letters after the retries as by default.
 * - `stop()` lets handler calls in progress finish, gives up retries and queued events (their publish
 *   rejects with TransportStoppedError) and refuses new publishes.
 * - A handler must not await a publish that its own group receives: it would wait for itself. Handlers
 *   write to their outbox instead, which the relay publishes after their transaction.
 */
export class InProcessTransport implements EventTransport {
  readonly kind = 'in-process' as const;

  private readonly policy: RetryPolicy;
  private readonly logger: TransportLogger;
  private readonly groups = new Map<string, Group>();
  private readonly laneCount: number;
  private readonly inFlight = new Set<Promise<unknown>>();
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';

  constructor(options: InProcessTransportOptions = {}) {
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.logger = options.logger ?? consoleTransportLogger;
    this.laneCount = Math.max(1, Math.floor(options.lanes ?? 8));
  }

  async start(): Promise<void> {
    if (this.state === 'new') this.state = 'started';
    else if (this.state !== 'started') throw new TransportStoppedError('a stopped transport cannot start again');
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    this.assertStarted('publish');
    // Serialised once, then parsed by each group as Kafka consumers would: every group gets its own
    // validated copy, and an invalid envelope is dead-lettered instead of handled.
    const raw = events.map((event) => JSON.stringify(event.envelope));
    // Enqueue everything synchronously, so the queues see the events in publish order.
    const deliveries = events.map((event, i) => this.dispatch(event.topic, event.key, raw[i]));
    await Promise.all(deliveries);
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    this.assertStarted('subscribe');
    if (options.topics.length === 0) throw new Error(`subscription ${options.groupId} names no topics`);
    let group = this.groups.get(options.groupId);
    if (!group) {
      group = { id: options.groupId, members: [], lanes: Array.from({ length: this.laneCount }, () => Promise.resolve()) };
      this.groups.set(options.groupId, group);
    }
    const member: Member = { topics: new Set(options.topics), handler: options.handler, busy: new Set() };
    group.members.push(member);
    const owner = group;
    // One process handles every key: its assignment is everything, from the start.
    await options.onAssignment?.({ owns: () => true, partitions: 'all' });
    let closed = false;
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        owner.members = owner.members.filter((m) => m !== member);
        if (owner.members.length === 0 && this.groups.get(owner.id) === owner) this.groups.delete(owner.id);
        // Queued events go to the members left, or nowhere (no retention); wait for those in hand.
        await Promise.allSettled([...member.busy]);
      },
    };
  }

  async checkHealth(): Promise<void> {
    if (this.state !== 'started') throw new Error(`the in-process event transport is ${this.state}`);
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopping';
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    this.groups.clear();
    this.state = 'stopped';
  }

  private assertStarted(what: string): void {
    if (this.state === 'new') throw new Error(`call start() on the in-process event transport before ${what}`);
    if (this.state !== 'started') throw new TransportStoppedError(`cannot ${what}: the in-process event transport is stopped`);
  }

  private get stopping(): boolean {
    return this.state !== 'started';
  }

  /** Queues the event on every group subscribed to the topic; settles when all of them are done with it. */
  private dispatch(topic: string, key: string, raw: string): Promise<void> {
    const deliveries: Promise<void>[] = [];
    for (const group of this.groups.values()) {
      if (!group.members.some((m) => m.topics.has(topic))) continue;
      const lane = hashKey(key) % group.lanes.length;
      const task = group.lanes[lane]!.then(() => this.deliver(group, topic, key, raw));
      // The queue moves on when the handler is done; the dead letter it produced is awaited only by
      // the publish (awaiting it in the queue would deadlock a group subscribed to `<topic>.dlq` too).
      group.lanes[lane] = task.then(
        () => undefined,
        () => undefined,
      );
      const delivery = task.then((result) => result.deadLetter);
      this.track(delivery);
      deliveries.push(delivery);
    }
    return Promise.all(deliveries).then(() => undefined);
  }

  /** Runs one event through one group; hands back the delivery of its dead letter, if any. */
  private async deliver(group: Group, topic: string, key: string, raw: string): Promise<{ deadLetter?: Promise<void> }> {
    if (this.stopping) throw new TransportStoppedError(`stopped before group ${group.id} handled an event of ${topic}`);
    const candidates = group.members.filter((m) => m.topics.has(topic));
    // Every member left while the event waited: nobody in the group is there to take it.
    if (candidates.length === 0) return {};
    const member = candidates[hashKey(key) % candidates.length];

    const { envelope, outcome } = await this.handle(member, topic, raw);
    if (outcome.kind === 'handled') return {};
    if (outcome.kind === 'abandoned') {
      throw new TransportStoppedError(`stopped while group ${group.id} was retrying event ${envelope?.id}`);
    }

    const dlq = deadLetterTopic(topic);
    const isDlq = topic.endsWith('.dlq');
    this.logger.error(
      {
        topic,
        group: group.id,
        eventId: envelope?.id,
        eventType: envelope?.type,
        key,
        attempts: outcome.attempts,
        error: describeError(outcome.error),
        ...(isDlq ? {} : { deadLetterTopic: dlq }),
      },
      isDlq ? 'event failed on a dead-letter topic; dropped' : 'event dead-lettered',
    );
    if (isDlq) return {};
    // Not awaited here (see dispatch); the publish that brought this event waits for it.
    return { deadLetter: this.dispatch(dlq, key, raw) };
  }

  private async handle(
    member: Member,
    topic: string,
    raw: string,
  ): Promise<{ envelope?: EventEnvelope; outcome: DeliveryOutcome | { kind: 'abandoned' } }> {
    let envelope: EventEnvelope;
    try {
      envelope = parseEnvelope(raw);
    } catch (error) {
      return { outcome: { kind: 'dead-letter', attempts: 0, error } };
    }
    const attempt = deliverWithRetry(member.handler, envelope, topic, this.policy, () => this.stopping);
    member.busy.add(attempt);
    try {
      return { envelope, outcome: await attempt };
    } finally {
      member.busy.delete(attempt);
    }
  }

  private track(promise: Promise<unknown>): void {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
  }
}

/** FNV-1a over the key's UTF-16 code units: stable member choice per key. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
