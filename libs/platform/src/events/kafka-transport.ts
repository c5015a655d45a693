import type { EventEnvelope } from '@app/contracts';
import {
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type EachMessagePayload,
  type IHeaders,
  Kafka,
  type KafkaMessage,
  type logCreator,
  logLevel,
  type Message,
  Partitioners,
  type Producer,
  type RetryOptions,
} from 'kafkajs';

import { withTimeout } from '../async/with-timeout';
import { consoleTransportLogger, deliverBatch, deliverWithRetry, type DeliveryOutcome, describeError, parseEnvelope } from './delivery';
import {
  type BatchHandler,
  deadLetterTopic,
  DEFAULT_RETRY_POLICY,
  type EventHandler,
  type EventTransport,
  type OutgoingEvent,
  type PartitionAssignment,
  type RetryPolicy,
  serialised,
  type Subscription,
  type SubscriptionOptions,
  type TransportLogger,
} from './event-transport';
import { partitionOf } from './partitions';

export interface KafkaTopicSpec {
  name: string;
  partitions: number;
}

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  /** Every topic this process publishes to or consumes; start() creates each one and its `.dlq`. */
  topics: readonly KafkaTopicSpec[];
  /** Handler retries (merged over DEFAULT_RETRY_POLICY); client errors are retried by kafkajs itself. */
  retry?: Partial<RetryPolicy>;
  logger?: TransportLogger;
  /** How long a fetch waits for new data on an idle partition (kafkajs default 5000: too slow for us). */
  consumerMaxWaitMs?: number;
  /** Partitions one subscription handles at once, one event at a time each (default 3, at least 2). */
  partitionsConsumedConcurrently?: number;
  /** How long subscribe() waits for the consumer to join its group and take its offsets (default 60 s). */
  groupJoinTimeoutMs?: number;
  /** How long checkHealth() waits for the cluster to answer (default 3 s). */
  healthTimeoutMs?: number;
}

/** Headers a dead letter carries besides the original message's own. */
export const DLQ_HEADERS = {
  error: 'dlq-error',
  group: 'dlq-group',
  attempts: 'dlq-attempts',
  sourcePartition: 'dlq-source-partition',
  sourceOffset: 'dlq-source-offset',
} as const;

/**
 * Retries of transient client errors (connection lost, coordinator or leader moving): about 20 s of
 * backoff in all, then the call fails (a publish then fails and the outbox relay tries again later;
 * a consumer crashes and kafkajs restarts it).
 */
/** Offsets are committed at least this often within a long batch. */
const COMMIT_EVERY = 50;

const CLIENT_RETRY: RetryOptions = { initialRetryTime: 300, maxRetryTime: 10_000, retries: 6, multiplier: 2, factor: 0.2 };

/** kafkajs warns about bounded retries on an idempotent producer; the outbox re-publishes, so we bound them. */
const SILENCED_LOGS = new Set(['Limiting retries for the idempotent producer may invalidate EoS guarantees']);

interface KafkaSubscription extends Subscription {
  readonly groupId: string;
  crashed?: Error;
}

/** How one subscription handles its events. */
interface Delivery {
  groupId: string;
  handler: EventHandler;
  batchHandler?: BatchHandler;
  maxBatchSize: number;
  /** The event types it takes (by the `event-type` header); undefined: all. */
  types?: ReadonlySet<string>;
  policy: RetryPolicy;
  /** onTransientFailure 'redeliver': retried until handled or the partition is lost, never dead-lettered. */
  redeliver: boolean;
}

/**
 * The event transport of the distributed runtime, on kafkajs 2.2.4.
 *
 * - Topics must be declared in `options.topics`: start() creates them (and `<topic>.dlq`, same partition
 *   count) because the broker runs with auto-create off; publish/subscribe on an undeclared topic throws.
 * - publish: one idempotent `sendBatch` (acks = all, one request in flight), key = event key, so the
 *   events of a key keep their order on one partition.
 * - subscribe: one consumer per subscription; resolves once the consumer has joined its group and
 *   fetched with its starting offsets (so `fromBeginning: false` sees every event published after).
 *   Offsets are committed per event, only after the handler resolved or the dead letter was written:
 *   at least once. close() pauses the consumer and lets the events in hand finish and commit before it
 *   disconnects; only a retry it cuts short leaves its event to be delivered again.
 * - Assignments: after every rebalance `onAssignment` gets the partitions this member now holds, and
 *   tells keys apart with the producer's own partitioner (`partitionOf`).
 * - Dead letters: `<topic>.dlq`, same key and value, the original headers plus the `dlq-*` ones. An event
 *   that fails on a `.dlq` topic itself is logged and skipped (there is no `.dlq.dlq`).
 */
export class KafkaTransport implements EventTransport {
  readonly kind = 'kafka' as const;

  private readonly kafka: Kafka;
  private readonly policy: RetryPolicy;
  private readonly logger: TransportLogger;
  private readonly topicSpecs: KafkaTopicSpec[];
  private readonly declared: Set<string>;
  private readonly maxWaitMs: number;
  private readonly concurrency: number;
  private readonly joinTimeoutMs: number;
  private readonly healthTimeoutMs: number;
  private readonly subscriptions = new Set<KafkaSubscription>();
  /** Partition counts of the declared topics as the cluster has them (what the producer hashes over). */
  private readonly partitionCounts = new Map<string, number>();
  private admin?: Admin;
  private producer?: Producer;
  private state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';
  private starting?: Promise<void>;

  constructor(options: KafkaTransportOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaTransport needs at least one broker');
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.logger = options.logger ?? consoleTransportLogger;
    this.maxWaitMs = options.consumerMaxWaitMs ?? 50;
    this.concurrency = Math.max(2, options.partitionsConsumedConcurrently ?? 6);
    this.joinTimeoutMs = options.groupJoinTimeoutMs ?? 60_000;
    this.healthTimeoutMs = options.healthTimeoutMs ?? 3_000;

    const specs = new Map<string, KafkaTopicSpec>();
    for (const topic of options.topics) {
      if (!topic.name || !Number.isInteger(topic.partitions) || topic.partitions < 1) {
        throw new Error(`invalid topic ${JSON.stringify(topic)}: needs a name and a whole number of partitions >= 1`);
      }
      for (const name of [topic.name, deadLetterTopic(topic.name)]) {
        if (!specs.has(name)) specs.set(name, { name, partitions: topic.partitions });
      }
    }
    this.topicSpecs = [...specs.values()];
    this.declared = new Set(specs.keys());

    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 3_000,
      retry: CLIENT_RETRY,
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(this.logger),
    });
  }

  start(): Promise<void> {
    if (this.state === 'new') this.starting = this.connect();
    else if (this.state !== 'starting' && this.state !== 'started') {
      return Promise.reject(new Error(`KafkaTransport cannot start: it is ${this.state}`));
    }
    return this.starting!;
  }

  private async connect(): Promise<void> {
    this.state = 'starting';
    const admin = this.kafka.admin();
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      retry: CLIENT_RETRY,
      // Naming the partitioner silences kafkajs's v2 warning; it is murmur2, like the Java client's.
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    try {
      await admin.connect();
      await this.ensureTopics(admin);
      await producer.connect();
    } catch (error) {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      this.state = 'new'; // start() may be tried again
      throw error;
    }
    this.admin = admin;
    this.producer = producer;
    this.state = 'started';
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    const producer = this.ready('publish');
    if (events.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const event of events) {
      this.assertDeclared(event.topic);
      let messages = byTopic.get(event.topic);
      if (!messages) byTopic.set(event.topic, (messages = []));
      const { id, type, json } = serialised(event);
      messages.push({ key: event.key, value: json, headers: { 'event-type': type, 'event-id': id } });
    }
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    this.ready('subscribe');
    const { groupId, topics, handler, fromBeginning = true, onAssignment } = options;
    if (topics.length === 0) throw new Error(`subscription ${groupId} names no topics`);
    topics.forEach((topic) => this.assertDeclared(topic));
    const redeliver = options.onTransientFailure === 'redeliver';
    const delivery: Delivery = {
      groupId,
      handler,
      batchHandler: options.batchHandler,
      maxBatchSize: Math.max(1, options.maxBatchSize ?? 100),
      types: options.eventTypes ? new Set(options.eventTypes) : undefined,
      redeliver,
      policy: redeliver ? { ...this.policy, maxAttempts: Number.POSITIVE_INFINITY } : this.policy,
    };

    const consumer = this.kafka.consumer({
      groupId,
      maxWaitTimeInMs: this.maxWaitMs,
      allowAutoTopicCreation: false,
      // kafkajs heartbeats between messages and fetches only; 1 s lets a rebalance start quickly.
      heartbeatInterval: 1_000,
      ...(options.sessionTimeoutMs ? { sessionTimeout: options.sessionTimeoutMs } : {}),
      retry: CLIENT_RETRY,
    });
    let closing = false;
    let closed: Promise<void> | undefined;
    const inHand = new Set<Promise<void>>();
    const subscription: KafkaSubscription = {
      groupId,
      close: () =>
        (closed ??= (async () => {
          closing = true; // no new events; retries in progress give up (uncommitted, so delivered again)
          this.subscriptions.delete(subscription);
          // Let the events in hand finish and commit while the consumer still runs: kafkajs drops
          // commits once disconnect() has begun, which would deliver those events again.
          try {
            consumer.pause(topics.map((topic) => ({ topic })));
          } catch {
            // not running (it crashed): nothing to pause
          }
          await Promise.allSettled([...inHand]);
          await consumer.disconnect();
        })()),
    };
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.logger.error(
        { groupId, error: describeError(payload.error), restart: payload.restart },
        payload.restart ? 'Kafka consumer crashed; kafkajs restarts it' : 'Kafka consumer crashed and stays down',
      );
      subscription.crashed = payload.restart ? undefined : payload.error;
    });
    if (onAssignment) {
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        const assignment = this.assignment(topics, payload.memberAssignment);
        void Promise.resolve()
          .then(() => onAssignment(assignment))
          .catch((error) =>
            this.logger.error(
              { groupId, partitions: assignment.partitions, error: describeError(error) },
              'a subscriber failed to take its assignment',
            ),
          );
      });
    }
    const ready = this.waitUntilConsuming(consumer, groupId);

    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning });
      // run() itself waits for the first join; racing it keeps the join timeout in force.
      const running = consumer.run({
        autoCommit: false,
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? this.concurrency,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => {
          const work = this.onBatch(consumer, delivery, payload, () => closing);
          inHand.add(work);
          const forget = () => inHand.delete(work);
          work.then(forget, forget);
          return work;
        },
      });
      running.catch(() => undefined);
      await Promise.race([running, ready.promise]);
      await ready.promise;
    } catch (error) {
      ready.cancel();
      closing = true;
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    this.subscriptions.add(subscription);
    return subscription;
  }

  async checkHealth(): Promise<void> {
    const admin = this.admin;
    if (this.state !== 'started' || !admin) throw new Error(`KafkaTransport is ${this.state}`);
    const crashed = [...this.subscriptions].find((s) => s.crashed);
    if (crashed) throw new Error(`Kafka consumer of group ${crashed.groupId} is down: ${describeError(crashed.crashed)}`);
    await withTimeout(admin.describeCluster(), this.healthTimeoutMs, 'Kafka did not answer describeCluster');
  }

  async stop(): Promise<void> {
    if (this.state === 'stopped' || this.state === 'new') {
      this.state = 'stopped';
      return;
    }
    if (this.state === 'starting') await this.starting?.catch(() => undefined);
    this.state = 'stopping';
    await Promise.allSettled([...this.subscriptions].map((s) => s.close()));
    await Promise.allSettled([this.producer?.disconnect(), this.admin?.disconnect()]);
    this.producer = undefined;
    this.admin = undefined;
    this.state = 'stopped';
  }

  /** The assignment a GROUP_JOIN announced, for the subscription's topics. */
  private assignment(topics: string[], memberAssignment: Record<string, number[]>): PartitionAssignment {
    const owned = new Map(topics.map((topic) => [topic, new Set(memberAssignment[topic] ?? [])]));
    const counts = new Map(topics.map((topic) => [topic, this.partitionCounts.get(topic) ?? this.declaredPartitions(topic)]));
    return {
      partitions: Object.fromEntries([...owned].map(([topic, partitions]) => [topic, [...partitions].sort((a, b) => a - b)])),
      owns: (key, topic = topics[0]) => {
        const partitions = owned.get(topic);
        if (!partitions) throw new Error(`topic "${topic}" is not one of this subscription's (${topics.join(', ')})`);
        return partitions.has(partitionOf(topic, key, counts.get(topic)!));
      },
    };
  }

  private declaredPartitions(topic: string): number {
    return this.topicSpecs.find((spec) => spec.name === topic)!.partitions;
  }

  private ready(what: string): Producer {
    if (this.state !== 'started' || !this.producer) {
      throw new Error(`cannot ${what}: KafkaTransport is ${this.state}${this.state === 'new' ? ' (call start() first)' : ''}`);
    }
    return this.producer;
  }

  private assertDeclared(topic: string): void {
    if (!this.declared.has(topic)) {
      throw new Error(`topic "${topic}" is not declared in KafkaTransport options.topics (start() creates only those)`);
    }
  }

  /** Creates the missing topics and waits until every partition of every declared topic has a leader. */
  private async ensureTopics(admin: Admin): Promise<void> {
    const existing = new Set(await admin.listTopics());
    const missing = this.topicSpecs.filter((t) => !existing.has(t.name));
    if (missing.length > 0) {
      // Returns false instead of waiting for leaders when another process created one of them first.
      await admin.createTopics({
        topics: missing.map((t) => ({ topic: t.name, numPartitions: t.partitions })),
        waitForLeaders: true,
        timeout: 10_000,
      });
    }
    const names = this.topicSpecs.map((t) => t.name);
    const deadline = Date.now() + 15_000;
    for (;;) {
      let leaderless: string[] = [];
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: names });
        leaderless = topics.filter((t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0)).map((t) => t.name);
        if (leaderless.length === 0) {
          for (const t of topics) {
            this.partitionCounts.set(t.name, t.partitions.length);
            const spec = this.topicSpecs.find((s) => s.name === t.name);
            if (spec && t.partitions.length !== spec.partitions) {
              this.logger.warn(
                { topic: t.name, declared: spec.partitions, actual: t.partitions.length },
                'Kafka topic exists with another partition count than declared; left as it is',
              );
            }
          }
          return;
        }
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`Kafka topics without a partition leader: ${leaderless.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Resolves after the consumer joined its group and then fetched once: by then it owns its partitions
   * and has taken its starting offsets (kafkajs resolves them lazily, at the first fetch).
   */
  private waitUntilConsuming(consumer: Consumer, groupId: string): { promise: Promise<void>; cancel: () => void } {
    let cancel = () => {};
    const promise = new Promise<void>((resolve, reject) => {
      let joined = false;
      const removers: Array<() => void> = [];
      const done = (error?: Error) => {
        clearTimeout(timer);
        removers.forEach((remove) => remove());
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(
        () =>
          done(
            new Error(
              `Kafka consumer of group "${groupId}" did not join its group within ${this.joinTimeoutMs} ms ` +
                '(is the broker up, and offsets.topic.replication.factor <= number of brokers?)',
            ),
          ),
        this.joinTimeoutMs,
      );
      removers.push(consumer.on(consumer.events.GROUP_JOIN, () => (joined = true)));
      removers.push(
        consumer.on(consumer.events.FETCH, () => {
          if (joined) done();
        }),
      );
      removers.push(
        consumer.on(consumer.events.CRASH, ({ payload }) => {
          if (!payload.restart) {
            done(new Error(`Kafka consumer of group "${groupId}" crashed before it joined: ${describeError(payload.error)}`));
          }
        }),
      );
      cancel = () => done();
    });
    promise.catch(() => undefined); // may reject before subscribe() awaits it; it still sees the error
    return { promise, cancel };
  }

  /**
   * Handles a fetched batch of one partition in order. Offsets are committed after the handlers
   * (and their own database commits): every COMMIT_EVERY events and at the end of the batch, rather
   * than per event, which would cost a broker round trip each and cap a partition's throughput.
   */
  private async onBatch(
    consumer: Consumer,
    delivery: Delivery,
    { batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload,
    isClosing: () => boolean,
  ): Promise<void> {
    const { topic, partition } = batch;
    let done: string | undefined;
    let uncommitted = 0;
    const commit = async () => {
      if (done === undefined) return;
      const offset = (BigInt(done) + 1n).toString();
      done = undefined;
      uncommitted = 0;
      await consumer.commitOffsets([{ topic, partition, offset }]);
    };
    const messages = batch.messages;
    try {
      for (let next = 0; next < messages.length;) {
        if (!isRunning() || isStale() || isClosing()) break;
        if (passedOver(delivery, messages[next]!)) {
          // A type this subscriber does not take: handled by passing it, never parsed.
          done = messages[next]!.offset;
          resolveOffset(done);
          next += 1;
          if (++uncommitted >= COMMIT_EVERY) await commit();
          continue;
        }
        // A batch handler takes the run of events ahead at once; when it fails (or there is none),
        // they are handled one by one, each with its retries.
        const run = delivery.batchHandler ? this.envelopeRun(delivery, messages, next) : [];
        const applied =
          run.length > 0 ? await deliverBatch(delivery.batchHandler!, run, topic, this.logger, { group: delivery.groupId }) : 0;
        if (applied > 0) {
          next += applied;
          const last = messages[next - 1]!.offset;
          resolveOffset(last);
          done = last;
          uncommitted += applied;
          if (uncommitted >= COMMIT_EVERY) await commit();
          await heartbeat().catch(() => undefined);
        }
        for (const message of run.length > 0 ? messages.slice(next, next + run.length - applied) : [messages[next]!]) {
          if (!isRunning() || isStale() || isClosing()) return;
          const handled = await this.onMessage(delivery, { topic, partition, message, heartbeat }, isClosing);
          if (!handled) return;
          resolveOffset(message.offset);
          done = message.offset;
          next += 1;
          if (++uncommitted >= COMMIT_EVERY) await commit();
          await heartbeat().catch(() => undefined);
        }
      }
    } finally {
      await commit();
    }
  }

  /**
   * The events from `start` on, up to the batch size, that are valid envelopes of types the subscriber
   * takes (the run stops before one that is not).
   */
  private envelopeRun(delivery: Delivery, messages: KafkaMessage[], start: number): EventEnvelope[] {
    const run: EventEnvelope[] = [];
    for (let i = start; i < messages.length && run.length < delivery.maxBatchSize; i++) {
      if (passedOver(delivery, messages[i]!)) break;
      try {
        run.push(parseEnvelope(messages[i]!.value));
      } catch {
        break;
      }
    }
    return run;
  }

  /**
   * Handles one event: delivered, or dead-lettered. Returns false when it gave up because the
   * subscription is closing (the event stays uncommitted for the partition's next owner). Never
   * throws for a handler's failure (kafkajs would restart the consumer); only for Kafka's own.
   */
  private async onMessage(
    { groupId, handler, policy, redeliver }: Delivery,
    { topic, partition, message, heartbeat }: Pick<EachMessagePayload, 'topic' | 'partition' | 'message' | 'heartbeat'>,
    isClosing: () => boolean,
  ): Promise<boolean> {
    // Closing: leave the event (uncommitted) for whoever owns the partition next.
    if (isClosing()) return false;
    // Redelivering: a heartbeat that fails (the group is rebalancing) gives the event up, uncommitted,
    // to whoever owns the partition next, instead of retrying it on a partition that may be gone.
    let rebalancing = false;
    const isStopping = () => isClosing() || this.state !== 'started' || rebalancing;

    let envelope: EventEnvelope | undefined;
    let outcome: DeliveryOutcome | { kind: 'abandoned' };
    try {
      envelope = parseEnvelope(message.value);
      // Keep the group membership alive through retries: kafkajs heartbeats only between messages.
      const heartbeating: EventHandler = async (event, context) => {
        if (context.attempt > 1) {
          await heartbeat().catch(() => {
            if (redeliver) rebalancing = true;
          });
          if (rebalancing) throw new Error('the group is rebalancing; the event is left for the next owner');
        }
        return handler(event, context);
      };
      outcome = await deliverWithRetry(heartbeating, envelope, topic, policy, isStopping);
    } catch (error) {
      // Only parseEnvelope throws here: deliverWithRetry reports handler failures as outcomes.
      outcome = { kind: 'dead-letter', attempts: 0, error };
    }
    if (outcome.kind === 'abandoned') return false;

    if (outcome.kind === 'dead-letter') {
      const isDlq = topic.endsWith('.dlq');
      const context = {
        topic,
        partition,
        offset: message.offset,
        group: groupId,
        eventId: envelope?.id ?? message.headers?.['event-id']?.toString(),
        eventType: envelope?.type ?? message.headers?.['event-type']?.toString(),
        attempts: outcome.attempts,
        error: describeError(outcome.error),
      };
      if (isDlq) {
        this.logger.error(context, 'event failed on a dead-letter topic; skipped');
      } else {
        const dlq = deadLetterTopic(topic);
        this.logger.error({ ...context, deadLetterTopic: dlq }, 'event dead-lettered');
        // A failure here throws out of the batch on purpose: this event stays uncommitted, kafkajs retries.
        // (stop() disconnects the producer only after every consumer is closed.)
        if (!this.producer) throw new Error('KafkaTransport has no producer for the dead letter');
        await this.producer.send({
          topic: dlq,
          acks: -1,
          messages: [
            {
              key: message.key,
              value: message.value,
              headers: {
                ...definedHeaders(message.headers),
                [DLQ_HEADERS.error]: context.error.slice(0, 2_000),
                [DLQ_HEADERS.group]: groupId,
                [DLQ_HEADERS.attempts]: String(outcome.attempts),
                [DLQ_HEADERS.sourcePartition]: String(partition),
                [DLQ_HEADERS.sourceOffset]: message.offset,
              },
            },
          ],
        });
      }
    }

    return true;
  }
}

/** Whether the subscriber does not take this event's type (known from its header; an event without one is taken). */
function passedOver({ types }: Delivery, message: KafkaMessage): boolean {
  const type = message.headers?.['event-type']?.toString();
  return !!types && type !== undefined && !types.has(type);
}

function definedHeaders(headers: IHeaders | undefined): IHeaders {
  const out: IHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name] = value;
  return out;
}

function kafkaLogCreator(logger: TransportLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, logger: _name, ...extra } = log as typeof log & { logger?: string };
      if (SILENCED_LOGS.has(message)) return;
      const obj = { kafkajs: namespace, ...extra };
      // kafkajs logs every error response of a request at ERROR ("Response Heartbeat(...)" on each
      // rebalance, for one); the layer above retries those and logs its own error when it gives up.
      const retriedResponse = namespace === 'Connection' && message.startsWith('Response ');
      if (level === logLevel.ERROR && !retriedResponse) logger.error(obj, `kafkajs: ${message}`);
      else logger.warn(obj, `kafkajs: ${message}`);
    };
}
