import type { Logger } from '@nestjs/common';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { TOPICS, eventEnvelopeSchema, type EventEnvelope } from '@app/contracts';
import type { EventTransport, Subscription } from '@app/platform';
import { commandPartitionOf } from './command-partitions';
import type { SessionManager } from './session-manager';

export const COMMANDS_GROUP = 'whatsapp-sessions';

/** Feeds whatsapp.commands to the session manager and tells it which connections are this process's. */
export interface CommandConsumer {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Standalone: every connection runs here; commands come over the in-process transport. */
export class InProcessCommandConsumer implements CommandConsumer {
  private subscription?: Subscription;

  constructor(
    private readonly transport: EventTransport,
    private readonly manager: SessionManager,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: COMMANDS_GROUP,
      topics: [TOPICS.whatsappCommands],
      handler: (envelope) => this.manager.handle(envelope),
    });
    await this.manager.setOwnership(() => true);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }
}

/**
 * Distributed: one consumer group over whatsapp.commands. Partition ownership is session ownership:
 * after every rebalance this process runs the sessions of the connections whose partitions it got
 * and hands over the others. kafkajs is used directly because the platform's transport does not
 * expose assignments; offsets are committed after the manager handled each command.
 */
export class KafkaCommandConsumer implements CommandConsumer {
  private consumer?: Consumer;

  constructor(
    private readonly brokers: string[],
    private readonly clientId: string,
    private readonly groupId: string,
    private readonly manager: SessionManager,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const kafka = new Kafka({ clientId: `${this.clientId}-sessions`, brokers: this.brokers, logLevel: logLevel.WARN, connectionTimeout: 3_000 });
    const consumer = kafka.consumer({ groupId: this.groupId, allowAutoTopicCreation: false, heartbeatInterval: 1_000, sessionTimeout: 15_000, maxWaitTimeInMs: 100 });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      const owned = new Set(payload.memberAssignment[TOPICS.whatsappCommands] ?? []);
      this.logger.log({ partitions: [...owned] }, 'whatsapp.commands partitions assigned');
      this.manager.setOwnership((id) => owned.has(commandPartitionOf(id))).catch((error) =>
        this.logger.error({ error: String(error) }, 'taking over sessions failed'),
      );
    });
    await consumer.connect();
    // A new group starts at new commands: commands are acted on by a running deployment, never replayed from history.
    await consumer.subscribe({ topics: [TOPICS.whatsappCommands], fromBeginning: false });
    await consumer.run({
      partitionsConsumedConcurrently: 4,
      eachMessage: async ({ message, partition }) => {
        let envelope: EventEnvelope;
        try {
          envelope = eventEnvelopeSchema.parse(JSON.parse(message.value?.toString() ?? '')) as EventEnvelope;
        } catch (error) {
          this.logger.error({ partition, offset: message.offset, error: String(error) }, 'invalid command skipped');
          return;
        }
        try {
          await this.manager.handle(envelope);
        } catch (error) {
          if (error instanceof Error && error.name === 'ZodError') {
            this.logger.error({ eventId: envelope.id, error: String(error) }, 'command with an invalid payload skipped');
            return;
          }
          throw error; // not committed: kafkajs delivers it again
        }
      },
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}
