import { eventConsumers, PLATFORM_OPTIONS, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { AuthStateRepository } from './common/auth-state.repository';
import { ConnectionRepository } from './common/connection.repository';
import { SessionLeaseRepository } from './common/session-lease.repository';
import {
  ADVERTISED_URL,
  DEFAULT_LEASE_TTL_MS,
  SESSION_LEASE_TTL_MS,
  SESSION_OWNER,
  WHATSAPP_OPTIONS,
  type WhatsappOptions,
} from './common/whatsapp-options';
import { CompanyQueueRepository } from './connections/company-queues.repository';
import { ConnectionController } from './connections/connection.controller';
import { ConnectionService } from './connections/connection.service';
import { ConnectionRecordAnswer } from './connections/connection-record-answer';
import { ConnectionSessionController } from './connections/connection-session.controller';
import { QueueDeletionConsumer } from './connections/queue-deletion.consumer';
import { TranscriptionKeyAnswer } from './connections/transcription-key-answer';
import { ApiMediaLibrary } from './media/api-media-library';
import { MediaController } from './media/media.controller';
import { MediaStore } from './media/media-store';
import { InboundMessageRepository } from './messages/inbound-message.repository';
import { InboundMessageService } from './messages/inbound-message.service';
import { SendIntentRepository } from './messages/send-intent.repository';
import { WhatsappInitial1732400000000 } from './migrations/1732400000000-whatsapp-initial';
import { NumberChecks1732400000001 } from './migrations/1732400000001-number-checks';
import { CompanyQueues1732400000002 } from './migrations/1732400000002-company-queues';
import { AnnounceExistingConnections1732400000003 } from './migrations/1732400000003-announce-existing-connections';
import { ProjectionTombstones1732400000039 } from './migrations/1732400000039-projection-tombstones';
import { AnnounceTranscriptionSettings1764000000520 } from './migrations/1764000000520-announce-transcription-settings';
import { CloudApi1764000000540 } from './migrations/1764000000540-cloud-api';
import { NumberCheckController } from './numbers/number-check.controller';
import { NumberCheckService } from './numbers/number-check.service';
import { PlanLimitsConsumer } from './plans/plan-limits.consumer';
import { PlanLimitsRepository } from './plans/plan-limits.repository';
import { CloudAccountController } from './providers/cloud/cloud-account.controller';
import { CloudAccountRepository } from './providers/cloud/cloud-account.repository';
import { CloudAccountService } from './providers/cloud/cloud-account.service';
import { CloudGraphFactory } from './providers/cloud/cloud-graph.factory';
import { CloudMessageRepository } from './providers/cloud/cloud-message.repository';
import { CloudWebhookController } from './providers/cloud/webhook/cloud-webhook.controller';
import { CloudWebhookService } from './providers/cloud/webhook/cloud-webhook.service';
import { CloudWebhookFiler } from './providers/cloud/webhook/cloud-webhook-filer';
import { CloudWebhookInboxRepository } from './providers/cloud/webhook/cloud-webhook-inbox.repository';
import { SimulatorPhoneRepository } from './providers/simulator/simulator-phone.repository';
import { CommandConsumer } from './sessions/command-consumer';
import { SessionManager, sessionOwner } from './sessions/session-manager';
import { SessionStateWriter } from './sessions/session-state.writer';
import { WhatsappProviders } from './sessions/whatsapp-providers';
import { SimulatorController } from './simulator/simulator.controller';
import { SimulatorControlService } from './simulator/simulator-control.service';

export const WHATSAPP_MIGRATIONS = [
  WhatsappInitial1732400000000,
  NumberChecks1732400000001,
  CompanyQueues1732400000002,
  AnnounceExistingConnections1732400000003,
  ProjectionTombstones1732400000039,
  AnnounceTranscriptionSettings1764000000520,
  CloudApi1764000000540,
];

/** Connections, their sessions and auth state, the providers (Baileys, simulator, Cloud API) and media. */
@Module({})
export class WhatsappModule {
  static forRoot(options: WhatsappOptions): DynamicModule {
    return {
      module: WhatsappModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'whatsapp', migrations: WHATSAPP_MIGRATIONS })],
      controllers: [
        NumberCheckController,
        ConnectionController,
        ConnectionSessionController,
        SimulatorController,
        MediaController,
        CloudAccountController,
        CloudWebhookController,
      ],
      providers: [
        { provide: WHATSAPP_OPTIONS, useValue: options },
        ConnectionRecordAnswer,
        TranscriptionKeyAnswer,
        { provide: SESSION_LEASE_TTL_MS, useValue: options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS },
        { provide: ADVERTISED_URL, useValue: options.advertisedUrl ?? null },
        { provide: SESSION_OWNER, inject: [PLATFORM_OPTIONS], useFactory: sessionOwner },
        // Repositories
        ConnectionRepository,
        CompanyQueueRepository,
        PlanLimitsRepository,
        InboundMessageRepository,
        SendIntentRepository,
        SessionLeaseRepository,
        AuthStateRepository,
        SimulatorPhoneRepository,
        CloudAccountRepository,
        CloudMessageRepository,
        CloudWebhookInboxRepository,
        // Services
        ConnectionService,
        SimulatorControlService,
        NumberCheckService,
        MediaStore,
        ApiMediaLibrary,
        InboundMessageService,
        SessionStateWriter,
        WhatsappProviders,
        SessionManager,
        CloudGraphFactory,
        CloudAccountService,
        CloudWebhookFiler,
        CloudWebhookService,
        // Every consumer of the service; the commands only where this process runs sessions.
        ...eventConsumers(PlanLimitsConsumer, QueueDeletionConsumer, ...(options.runSessions !== false ? [CommandConsumer] : [])),
      ],
    };
  }
}
