import type { EventEnvelope } from '@app/contracts';
import { type BeforeApplicationShutdown, Logger, type OnModuleInit, type Provider, type Type } from '@nestjs/common';

import type { DeliveryContext, EventTransport, PartitionAssignment, Subscription, SubscriptionOptions } from './event-transport';
import { EVENT_TRANSPORT } from './event-transport.provider';

/**
 * One consumer of domain events: an injectable class that says what it subscribes to and handles
 * each event. It never subscribes itself; its service lists it in `eventConsumers(...)`.
 */
export interface EventConsumer {
  /** The group, topics and start position (`handler` is `handle`, `onAssignment` is `assigned`). */
  readonly subscription: Omit<SubscriptionOptions, 'handler' | 'onAssignment'>;
  handle(envelope: EventEnvelope, context: DeliveryContext): Promise<void>;
  /**
   * Several events at once, in order (see BatchHandler): a consumer on a hot path applies them in one
   * transaction. `handle` still handles each event whose batch failed.
   */
  handleBatch?(envelopes: EventEnvelope[], context: { topic: string }): Promise<void>;
  /**
   * Which keys of its topics this process now handles: all of them in process, the keys of the
   * partitions it was assigned on Kafka, after every rebalance (see SubscriptionOptions.onAssignment).
   */
  assigned?(assignment: PartitionAssignment): Promise<void> | void;
  /** Called once this process's subscription exists (e.g. to start housekeeping timers). */
  started?(): Promise<void> | void;
  /** Called before the subscription closes at shutdown. */
  stopping?(): Promise<void> | void;
}

/** Subscribes a service's consumers when the module starts and closes them before shutdown. */
class EventConsumersHost implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventConsumers');
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly transport: EventTransport,
    private readonly consumers: EventConsumer[],
  ) {}

  /**
   * On module init, before any outbox relay starts (relays start on bootstrap): the first events a
   * relay publishes already find every consumer subscribed.
   */
  async onModuleInit(): Promise<void> {
    for (const consumer of this.consumers) {
      this.subscriptions.push(
        await this.transport.subscribe({
          ...consumer.subscription,
          handler: (envelope, context) => consumer.handle(envelope, context),
          ...(consumer.handleBatch
            ? { batchHandler: (envelopes: EventEnvelope[], context: { topic: string }) => consumer.handleBatch!(envelopes, context) }
            : {}),
          ...(consumer.assigned ? { onAssignment: (assignment: PartitionAssignment) => consumer.assigned!(assignment) } : {}),
        }),
      );
      await consumer.started?.();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    const results = await Promise.allSettled(
      this.consumers.map(async (consumer, index) => {
        await consumer.stopping?.();
        await this.subscriptions[index]?.close();
      }),
    );
    for (const result of results) {
      if (result.status === 'rejected') this.logger.warn(`closing a consumer failed: ${String(result.reason)}`);
    }
    this.subscriptions = [];
  }
}

/**
 * Every event consumer of a service, in one place: list them in the service module's providers as
 * `...eventConsumers(PresenceConsumer, QueueDeletionConsumer)`; they are provided, subscribed at
 * start and closed at shutdown, with nothing else to wire.
 */
export function eventConsumers(...consumers: Type<EventConsumer>[]): Provider[] {
  return [
    ...consumers,
    {
      provide: Symbol(`event consumers: ${consumers.map((consumer) => consumer.name).join(', ')}`),
      inject: [EVENT_TRANSPORT, ...consumers],
      useFactory: (transport: EventTransport, ...instances: EventConsumer[]) => new EventConsumersHost(transport, instances),
    },
  ];
}
