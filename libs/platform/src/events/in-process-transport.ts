import type { EventEnvelope } from '@app/contracts';

import { consoleTransportLogger, deliverBatch, deliverWithRetry, type DeliveryOutcome, describeError, parseEnvelope } from './delivery';
import {
  type BatchHandler,
  deadLetterTopic,
  DEFAULT_RETRY_POLICY,
  type EventHandler,
  type EventTransport,
  type OutgoingEvent,
  type RetryPolicy,
  serialised,
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
  batchHandler?: BatchHandler;
  maxBatchSize: number;
  /** The event types it takes; undefined: all. */
  types?: ReadonlySet<string>;
  /** The deliveries this member has in hand (one per lane at most); close() waits for them. */
  busy: Set<Promise<unknown>>;
}

/** What became of one event in one group: handled, or dead-lettered (then the delivery of that dead letter). */
interface Settled {
  deadLetter?: Promise<void>;
}

interface Pending {
  topic: string;
  key: string;
  raw: string;
  type: string;
  settle: (settled: Settled) => void;
  fail: (error: unknown) => void;
}

/** One of a group's serial queues: its events are handled one after the other (or a run of them as a batch). */
interface Lane {
  queue: Pending[];
  draining: boolean;
}

interface Group {
  id: string;
  members: Member[];
  lanes: Lane[];
}

const DEFAULT_MAX_BATCH = 100;

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
    // As JSON text, parsed by each group as Kafka consumers would: every group gets its own validated
    // copy, and an invalid envelope is dead-lettered instead of handled.
    const raw = events.map(serialised);
    // Enqueue everything synchronously, so the queues see the events in publish order.
    const deliveries = events.map((event, i) => this.dispatch(event.topic, event.key, raw[i]!.json, raw[i]!.type));
    await Promise.all(deliveries);
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    this.assertStarted('subscribe');
    if (options.topics.length === 0) throw new Error(`subscription ${options.groupId} names no topics`);
    let group = this.groups.get(options.groupId);
    if (!group) {
      group = { id: options.groupId, members: [], lanes: Array.from({ length: this.laneCount }, () => ({ queue: [], draining: false })) };
      this.groups.set(options.groupId, group);
    }
    const member: Member = {
      topics: new Set(options.topics),
      handler: options.handler,
      batchHandler: options.batchHandler,
      maxBatchSize: Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH),
      types: options.eventTypes ? new Set(options.eventTypes) : undefined,
      busy: new Set(),
    };
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
  private dispatch(topic: string, key: string, raw: string, type: string): Promise<void> {
    const deliveries: Promise<void>[] = [];
    for (const group of this.groups.values()) {
      // A group that takes none of this type never sees (nor parses) it.
      if (!group.members.some((m) => m.topics.has(topic) && takes(m, type))) continue;
      const lane = group.lanes[hashKey(key) % group.lanes.length]!;
      const settled = new Promise<Settled>((settle, fail) => lane.queue.push({ topic, key, raw, type, settle, fail }));
      // The dead letter an event produced is awaited only by the publish (awaiting it in the lane would
      // deadlock a group subscribed to `<topic>.dlq` too).
      const delivery = settled.then((result) => result.deadLetter);
      this.track(delivery);
      deliveries.push(delivery);
      if (!lane.draining) {
        lane.draining = true;
        // Started after the publish has queued all its events, so a batch can take them together.
        queueMicrotask(() => void this.drain(group, lane));
      }
    }
    return Promise.all(deliveries).then(() => undefined);
  }

  /** Works through a lane until it is empty: one event at a time, or runs of one topic for a member that takes batches. */
  private async drain(group: Group, lane: Lane): Promise<void> {
    while (lane.queue.length > 0) {
      if (this.stopping) {
        for (const pending of lane.queue.splice(0)) {
          pending.fail(new TransportStoppedError(`stopped before group ${group.id} handled an event of ${pending.topic}`));
        }
        break;
      }
      const first = lane.queue.shift()!;
      const member = this.memberFor(group, first);
      // Every member left while the event waited: nobody in the group is there to take it.
      if (!member) {
        first.settle({});
        continue;
      }
      const run = [first];
      if (member.batchHandler) {
        while (
          run.length < member.maxBatchSize &&
          lane.queue[0]?.topic === first.topic &&
          this.memberFor(group, lane.queue[0]) === member
        ) {
          run.push(lane.queue.shift()!);
        }
      }
      try {
        const results = await this.deliverRun(group, member, first.topic, run);
        run.forEach((pending, i) => pending.settle(results[i]!));
      } catch (error) {
        run.forEach((pending) => pending.fail(error));
      }
    }
    lane.draining = false;
  }

  private memberFor(group: Group, { topic, key, type }: Pending): Member | undefined {
    const candidates = group.members.filter((m) => m.topics.has(topic) && takes(m, type));
    return candidates.length === 0 ? undefined : candidates[hashKey(key) % candidates.length];
  }

  /**
   * Runs events of one topic through one member: as one batch when it takes batches, and each on its
   * own (with retries) when it does not or when the batch failed. Events that are no envelope are
   * dead-lettered without reaching it.
   */
  private async deliverRun(group: Group, member: Member, topic: string, run: Pending[]): Promise<Settled[]> {
    const parsed = run.map((pending): { envelope: EventEnvelope } | { error: unknown } => {
      try {
        return { envelope: parseEnvelope(pending.raw) };
      } catch (error) {
        return { error };
      }
    });
    const notAnEnvelope = (error: unknown) => ({ kind: 'dead-letter', attempts: 0, error }) as const;
    // How many of the envelopes, from the first, the batch applied.
    let applied = 0;
    if (member.batchHandler) {
      const valid = parsed.flatMap((item) => ('envelope' in item ? [item.envelope] : []));
      if (valid.length > 0) applied = await this.tryBatch(member, topic, valid);
    }
    const results: Settled[] = [];
    let seen = 0;
    for (const [i, pending] of run.entries()) {
      const item = parsed[i]!;
      if ('error' in item) results.push(this.settle(group, pending, undefined, notAnEnvelope(item.error)));
      else if (seen++ < applied) results.push({});
      else results.push(this.settle(group, pending, item.envelope, await this.handle(member, topic, item.envelope)));
    }
    return results;
  }

  /** One call of the batch handler: how many of its events it applied (see deliverBatch). */
  private async tryBatch(member: Member, topic: string, envelopes: EventEnvelope[]): Promise<number> {
    const attempt = deliverBatch(member.batchHandler!, envelopes, topic, this.logger);
    member.busy.add(attempt);
    try {
      return await attempt;
    } finally {
      member.busy.delete(attempt);
    }
  }

  /** What follows an event's outcome: nothing when handled, its dead letter otherwise. */
  private settle(
    group: Group,
    pending: Pending,
    envelope: EventEnvelope | undefined,
    outcome: DeliveryOutcome | { kind: 'abandoned' },
  ): Settled {
    const { topic, key, raw } = pending;
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
    return { deadLetter: this.dispatch(dlq, key, raw, pending.type) };
  }

  private async handle(member: Member, topic: string, envelope: EventEnvelope): Promise<DeliveryOutcome | { kind: 'abandoned' }> {
    const attempt = deliverWithRetry(member.handler, envelope, topic, this.policy, () => this.stopping);
    member.busy.add(attempt);
    try {
      return await attempt;
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

const takes = (member: Member, type: string) => !member.types || member.types.has(type);

/** FNV-1a over the key's UTF-16 code units: stable member choice per key. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
