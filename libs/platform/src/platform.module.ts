import path from 'node:path';
import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { LoggerModule } from 'nestjs-pino';
import { ZodValidationPipe } from 'nestjs-zod';
import { AccessTokenService } from './auth/access-token.service';
import { AuthGuard } from './auth/auth.guard';
import { HttpExceptionFilter } from './errors/http-exception.filter';
import { EVENT_TRANSPORT, createEventTransport } from './events/event-transport.provider';
import type { EventTransport } from './events/event-transport';
import { HealthController } from './health/health.controller';
import { ReadinessRegistry } from './health/readiness';
import { loggerParams } from './logging/logger';
import { PLATFORM_OPTIONS, type PlatformOptions } from './platform-options';
import { FILE_STORAGE, LocalDiskStorage } from './storage/file-storage';
import { JOBS, Jobs } from './jobs/jobs';

class PlatformLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Inject(JOBS) private readonly jobs: Jobs | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.transport.stop(), this.jobs?.stop()]);
  }
}

/** Config, auth, errors, validation, logging, health and the event transport, for every app. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [JwtModule.register({}), LoggerModule.forRoot(loggerParams(options.serviceName, options.logLevel))],
      controllers: [HealthController],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        ReadinessRegistry,
        AccessTokenService,
        {
          provide: EVENT_TRANSPORT,
          inject: [PLATFORM_OPTIONS, ReadinessRegistry],
          useFactory: createEventTransport,
        },
        {
          provide: JOBS,
          useFactory: () => (options.databaseUrl ? new Jobs(options.databaseUrl) : null),
        },
        PlatformLifecycle,
        {
          provide: FILE_STORAGE,
          useFactory: () => new LocalDiskStorage(options.storageDir ?? path.resolve('data', 'files')),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_PIPE, useClass: ZodValidationPipe },
      ],
      exports: [PLATFORM_OPTIONS, ReadinessRegistry, AccessTokenService, EVENT_TRANSPORT, FILE_STORAGE, JOBS],
    };
  }
}
