import { type BeforeApplicationShutdown, type DynamicModule, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { EventTransport } from '../events/event-transport';
import { EVENT_TRANSPORT } from '../events/event-transport.provider';
import { OutboxWriter } from '../events/outbox';
import { OutboxRelay } from '../events/outbox-relay';
import { ProcessedEventRepository } from '../events/processed-event.repository';
import { ReadinessRegistry } from '../health/readiness';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { migrateServiceSchema, type ServiceDatabaseOptions, serviceDataSourceOptions } from './service-data-source';
import { SERVICE_DATA_SOURCE, SERVICE_SCHEMA } from './service-tokens';

export { SERVICE_SCHEMA } from './service-tokens';

/** Starts the service's outbox relay once every module has subscribed, stops it before the transport. */
class OutboxRelayHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly relay: OutboxRelay;

  constructor(dataSource: DataSource, schema: string, transport: EventTransport, settleMs: number | undefined) {
    this.logger = new Logger(`OutboxRelay:${schema}`);
    this.relay = new OutboxRelay(dataSource, schema, transport, {
      settleMs,
      onError: (error) => this.logger.error(error instanceof Error ? error.stack : String(error)),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }
}

/**
 * A service's own database: its TypeORM connection (named after its schema), migrations run at
 * start, its repositories, outbox writer and relay, and the record of the events its consumers applied.
 */
@Module({})
export class ServiceDatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    const name = options.schema;
    return {
      module: ServiceDatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name,
          inject: [PLATFORM_OPTIONS],
          useFactory: (platform: PlatformOptions) => {
            if (!platform.databaseUrl) throw new Error(`${name} needs DATABASE_URL`);
            return serviceDataSourceOptions(platform.databaseUrl, options);
          },
          dataSourceFactory: async (dataSourceOptions) => {
            const dataSource = new DataSource(dataSourceOptions!);
            await dataSource.initialize();
            await migrateServiceSchema(dataSource, name);
            return dataSource;
          },
        }),
        TypeOrmModule.forFeature((options.entities ?? []) as never[], name),
      ],
      providers: [
        { provide: SERVICE_SCHEMA, useValue: name },
        { provide: SERVICE_DATA_SOURCE, useExisting: getDataSourceToken(name) },
        ProcessedEventRepository,
        { provide: OutboxWriter, useValue: new OutboxWriter(name) },
        {
          provide: OutboxRelayHost,
          inject: [getDataSourceToken(name), EVENT_TRANSPORT, ReadinessRegistry, PLATFORM_OPTIONS],
          useFactory: (dataSource: DataSource, transport: EventTransport, readiness: ReadinessRegistry, platform: PlatformOptions) => {
            readiness.register(`database:${name}`, async () => {
              await dataSource.query('SELECT 1');
            });
            return new OutboxRelayHost(dataSource, name, transport, platform.outboxSettleMs);
          },
        },
      ],
      exports: [TypeOrmModule, SERVICE_SCHEMA, OutboxWriter, ProcessedEventRepository],
    };
  }
}
