import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { type BeforeApplicationShutdown, Logger, type OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EventTransport, FileStorage, OutboxWriter, PlatformOptions } from '@app/platform';
import { QueueDeletionConsumer } from '../connections/queue-deletion.consumer';
import { InboundMessageService } from '../messages/inbound-message.service';
import { SendIntentRepository } from '../messages/send-intent.repository';
import { MediaStore } from '../media/media-store';
import { PlanLimitsConsumer } from '../plans/plan-limits.consumer';
import type { PlanLimitsRepository } from '../plans/plan-limits.repository';
import { BaileysProvider } from '../providers/baileys/baileys.provider';
import { SimulatorPhoneRepository } from '../providers/simulator/simulator-phone.repository';
import { SimulatorProvider } from '../providers/simulator/simulator.provider';
import type { WhatsAppProvider } from '../providers/whatsapp-provider';
import { DEFAULT_LEASE_TTL_MS, DEFAULT_SEND_TIMEOUT_MS, type WhatsappOptions } from '../whatsapp-options';
import { AuthStateRepository } from './auth-state.repository';
import { COMMANDS_GROUP, InProcessCommandConsumer, KafkaCommandConsumer, type CommandConsumer } from './command-consumer';
import { SessionLeaseRepository } from './session-lease';
import { SessionManager } from './session-manager';
import { SessionStateWriter } from './session-state.writer';

/** Wires the session side of the service and its event consumers, and runs them between bootstrap and shutdown. */
export class SessionsHost implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('WhatsappSessions');
  readonly manager: SessionManager;
  /** This process's name on the session leases it holds. */
  readonly owner: string;
  readonly leases: SessionLeaseRepository;
  private readonly commands: CommandConsumer;
  private readonly planLimits: PlanLimitsConsumer;
  private readonly queueDeletions: QueueDeletionConsumer;

  constructor(
    dataSource: DataSource,
    outbox: OutboxWriter,
    transport: EventTransport,
    storage: FileStorage,
    platform: PlatformOptions,
    plans: PlanLimitsRepository,
    private readonly options: WhatsappOptions,
  ) {
    const leaseTtlMs = options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
    const auth = new AuthStateRepository(dataSource);
    const intents = new SendIntentRepository(dataSource, outbox);
    const media = new MediaStore(storage);
    const inbound = new InboundMessageService(dataSource, outbox, media);
    const providers = new Map<string, WhatsAppProvider>();
    providers.set('beta', new BaileysProvider({ intents, auth, seen: (id, messageId) => inbound.alreadySeen(id, messageId), logger: this.logger }));
    if (options.simulatorEnabled) providers.set('simulator', new SimulatorProvider(new SimulatorPhoneRepository(dataSource), storage));
    // Standalone is the only process on its database: after a crash it takes its own leases back at once.
    this.owner = platform.kafkaBrokers?.length ? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}` : 'standalone';
    this.leases = new SessionLeaseRepository(dataSource, leaseTtlMs, options.advertisedUrl ?? null);
    this.manager = new SessionManager(
      dataSource,
      providers,
      intents,
      {
        owner: this.owner,
        leases: this.leases,
        leaseTtlMs,
        auth,
        state: new SessionStateWriter(dataSource, outbox),
        inbound,
        intents,
        media,
        sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
        logger: this.logger,
      },
      this.logger,
    );
    this.commands = platform.kafkaBrokers?.length
      ? new KafkaCommandConsumer(platform.kafkaBrokers, platform.serviceName, options.commandsGroupId ?? COMMANDS_GROUP, this.manager, this.logger)
      : new InProcessCommandConsumer(transport, this.manager);
    this.planLimits = new PlanLimitsConsumer(transport, plans);
    this.queueDeletions = new QueueDeletionConsumer(dataSource, transport, outbox);
  }

  /** Subscribed before any outbox relay starts (they start on bootstrap), so no in-process event is missed. */
  async onModuleInit(): Promise<void> {
    await this.planLimits.start();
    await this.queueDeletions.start();
    if (this.options.runSessions !== false) await this.commands.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.manager.close();
    await Promise.allSettled([this.commands.stop(), this.planLimits.stop(), this.queueDeletions.stop()]);
  }
}
