import { type DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  EVENT_TRANSPORT,
  FILE_STORAGE,
  OutboxWriter,
  PLATFORM_OPTIONS,
  ServiceDatabaseModule,
  type EventTransport,
  type FileStorage,
  type PlatformOptions,
} from '@app/platform';
import { ConnectionSessionController } from './connections/connection-session.controller';
import { ConnectionController } from './connections/connection.controller';
import { ConnectionService } from './connections/connection.service';
import { ConnectionEntity } from './entities/connection.entity';
import { MediaController } from './media/media.controller';
import { NumberCheckController } from './numbers/number-check.controller';
import { NumberCheckService } from './numbers/number-check.service';
import { WhatsappInitial1732400000000 } from './migrations/1732400000000-whatsapp-initial';
import { NumberChecks1732400000001 } from './migrations/1732400000001-number-checks';
import { CompanyQueues1732400000002 } from './migrations/1732400000002-company-queues';
import { PlanLimitsRepository } from './plans/plan-limits.repository';
import { SimulatorControlService } from './providers/simulator/simulator-control.service';
import { SimulatorController } from './providers/simulator/simulator.controller';
import { SessionsHost } from './sessions/sessions.host';
import { WHATSAPP_OPTIONS, type WhatsappOptions } from './whatsapp-options';

export const WHATSAPP_ENTITIES = [ConnectionEntity];
export const WHATSAPP_MIGRATIONS = [WhatsappInitial1732400000000, NumberChecks1732400000001, CompanyQueues1732400000002];

/** Connections, their sessions and auth state, the providers (Baileys, simulator) and media. */
@Module({})
export class WhatsappModule {
  static forRoot(options: WhatsappOptions): DynamicModule {
    const dataSource = getDataSourceToken('whatsapp');
    return {
      module: WhatsappModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'whatsapp', entities: WHATSAPP_ENTITIES, migrations: WHATSAPP_MIGRATIONS })],
      controllers: [NumberCheckController, ConnectionController, ConnectionSessionController, SimulatorController, MediaController],
      providers: [
        { provide: WHATSAPP_OPTIONS, useValue: options },
        { provide: PlanLimitsRepository, inject: [dataSource], useFactory: (source: DataSource) => new PlanLimitsRepository(source) },
        ConnectionService,
        SimulatorControlService,
        NumberCheckService,
        {
          provide: SessionsHost,
          inject: [dataSource, OutboxWriter, EVENT_TRANSPORT, FILE_STORAGE, PLATFORM_OPTIONS, PlanLimitsRepository],
          useFactory: (
            source: DataSource,
            outbox: OutboxWriter,
            transport: EventTransport,
            storage: FileStorage,
            platform: PlatformOptions,
            plans: PlanLimitsRepository,
          ) => new SessionsHost(source, outbox, transport, storage, platform, plans, options),
        },
      ],
      exports: [SessionsHost],
    };
  }
}
