import path from 'node:path';

import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { LoggerModule } from 'nestjs-pino';

import { AccessTokenService } from './auth/access-token.service';
import { AuthGuard } from './auth/auth.guard';
import { HttpSessionAuthority, SESSION_AUTHORITY } from './auth/session-authority';
import { SessionRegistry } from './auth/session-registry';
import { HttpExceptionFilter } from './errors/http-exception.filter';
import type { EventTransport } from './events/event-transport';
import { createEventTransport, EVENT_TRANSPORT } from './events/event-transport.provider';
import { HealthController } from './health/health.controller';
import { ReadinessRegistry } from './health/readiness';
import { BodyValidationPipe } from './http/body-validation';
import { JOBS, Jobs } from './jobs/jobs';
import { loggerParams } from './logging/logger';
import { OutboundAllowlist, OutboundUrlGuard } from './net/outbound-url-guard';
import { PLATFORM_OPTIONS, type PlatformOptions } from './platform-options';
import { OwnedRecordLookup } from './read-through/owned-record-lookup';
import { ReadThroughInterceptor } from './read-through/read-through.interceptor';
import { ServiceCalls } from './service-calls/service-calls';
import { ServiceCallsController } from './service-calls/service-calls.controller';
import { FILE_STORAGE, LocalDiskStorage } from './storage/file-storage';

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
      // Service calls come over HTTP only between the processes of a distributed deployment (decision 0050).
      controllers: [HealthController, ...(options.mode === 'distributed' ? [ServiceCallsController] : [])],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        ReadinessRegistry,
        AccessTokenService,
        SessionRegistry,
        ...(options.identityUrl ? [{ provide: SESSION_AUTHORITY, useValue: new HttpSessionAuthority(options.identityUrl) }] : []),
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
        {
          provide: OutboundUrlGuard,
          useFactory: () => new OutboundUrlGuard(new OutboundAllowlist(options.outboundAllowedHosts)),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_PIPE, useClass: BodyValidationPipe },
        OwnedRecordLookup,
        ServiceCalls,
        { provide: APP_INTERCEPTOR, useClass: ReadThroughInterceptor },
      ],
      exports: [
        PLATFORM_OPTIONS,
        ReadinessRegistry,
        AccessTokenService,
        SessionRegistry,
        EVENT_TRANSPORT,
        FILE_STORAGE,
        JOBS,
        OutboundUrlGuard,
        OwnedRecordLookup,
        ServiceCalls,
      ],
    };
  }
}
