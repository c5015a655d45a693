import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type Connection, type EventDefinition, type EventEnvelope, type EventPayload, type Queue, queueSaved } from '@app/contracts';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { AccessTokenService } from '../auth/access-token.service';
import type { PlanFlag } from '../auth/tenancy';
import type { EventTransport } from '../events/event-transport';
import { EVENT_TRANSPORT } from '../events/event-transport.provider';
import { OutboxWriter } from '../events/outbox';
import { configureHttpApp } from '../http/configure-app';
import { PlatformModule } from '../platform.module';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TokenClaimsSessionsModule } from './token-claims-sessions';
import { waitFor } from './wait-for';

export interface ServiceTestApp {
  app: INestApplication;
  /** The app's database, for a second app on the same data (`startServiceTestApp({ databaseUrl })`). */
  databaseUrl: string;
  http: ReturnType<INestApplication['getHttpServer']>;
  dataSource: DataSource;
  transport: EventTransport;
  /** Every event published on the watched topics since the app started. */
  events: EventEnvelope[];
  /** Once every event written to the service's outbox so far has been published (and handled here). */
  published(): Promise<void>;
  /** An access token of a live session; `plan` lists the company plan's flags (none unless told). */
  token(user: { userId: number; companyId: number; profile?: 'admin' | 'supervisor' | 'user'; plan?: PlanFlag[] }): string;
  /**
   * Delivers another service's event as its relay would (written to an outbox table of ours and
   * published by our relay, so it reaches our consumers through the real transport).
   */
  publish<D extends EventDefinition>(
    definition: D,
    companyId: number | null,
    key: string | number,
    payload: EventPayload<D>,
  ): Promise<void>;
  close(): Promise<void>;
}

/**
 * One service's module over HTTP on a fresh database (its own schema), the in-process transport and
 * a scratch file storage: what each service's integration specs start.
 */
export async function startServiceTestApp(options: {
  /** The service's schema, outbox and data source name. */
  schema: string;
  module: DynamicModule;
  /** Topics whose events the app collects in `events`. */
  watch: string[];
  /**
   * Who answers session checks: the module itself (identity), or by default a stand-in for
   * identity that takes every token's session as alive with the role it states.
   */
  sessions?: 'module' | 'token-claims';
  /** Hosts the outbound URL guard lets the module reach (a local server standing in for a provider). */
  outboundAllowedHosts?: string[];
  /**
   * Another test app's database (its `databaseUrl`), for a second replica of a service on the same
   * data: this app neither creates it nor drops it on close (close this one first).
   */
  databaseUrl?: string;
}): Promise<ServiceTestApp> {
  const database: TestDatabase = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase(options.schema);
  const storageDir = mkdtempSync(path.join(tmpdir(), `${options.schema}-files-`));
  const moduleRef = await Test.createTestingModule({
    imports: [
      PlatformModule.forRoot({
        serviceName: `${options.schema}-test`,
        mode: 'standalone',
        databaseUrl: database.url,
        jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
        logLevel: 'silent',
        storageDir,
        // `published` below waits for an empty outbox.
        outboxSettleMs: 20,
        outboundAllowedHosts: options.outboundAllowedHosts,
      }),
      options.module,
      ...(options.sessions === 'module' ? [] : [TokenClaimsSessionsModule]),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureHttpApp(app);
  const transport = app.get<EventTransport>(EVENT_TRANSPORT);
  const events: EventEnvelope[] = [];
  await transport.subscribe({
    groupId: `test-${randomUUID()}`,
    topics: options.watch,
    handler: async (envelope) => {
      events.push(envelope);
    },
  });
  await app.init();
  const dataSource = app.get<DataSource>(getDataSourceToken(options.schema));
  const tokens = app.get(AccessTokenService);
  const outbox = new OutboxWriter(options.schema);
  return {
    app,
    databaseUrl: database.url,
    http: app.getHttpServer(),
    dataSource,
    transport,
    events,
    token: ({ userId, companyId, profile = 'admin', plan = [] }) =>
      tokens.sign({ sub: String(userId), companyId, profile, super: false, sid: randomUUID(), plan }),
    published: async () => {
      // The relay deletes what it published in its next round, at most `outboxSettleMs` later, and a
      // publish in process returns once every group handled the events: an empty outbox means
      // `events` has them.
      await waitFor(async () => (await dataSource.query(`SELECT count(*)::int AS n FROM "${options.schema}".outbox`))[0].n === 0, {
        what: `the ${options.schema} outbox published`,
      });
    },
    publish: async (definition, companyId, key, payload) => {
      await dataSource.transaction((manager) => outbox.add(manager, { definition, companyId, key, payload }));
    },
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** A connection as whatsapp announces it (secrets left out): the defaults a new connection has. */
export function connectionFixture(companyId: number, id: number, overrides: Partial<Connection> = {}): Connection {
  const at = new Date().toISOString();
  return {
    id,
    companyId,
    name: `Conexão ${id}`,
    status: 'CONNECTED',
    number: '',
    isDefault: false,
    qrcode: '',
    qrcodeImage: '',
    retries: 0,
    queues: [],
    queueIds: [],
    transferQueueId: null,
    promptId: null,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    token: '',
    provider: 'beta',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    activeTranscribe: false,
    timeresume: null,
    transcribe: false,
    transcribeme: false,
    transcribekey: '',
    transcribeprovider: 'openai',
    sendme: false,
    timeforagroup: 5,
    proxyUrl: '',
    timeToTransfer: null,
    api1_medias: [],
    api2_medias: [],
    api3_medias: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A queue as conversations.queue.saved carries it. */
export function queueFixture(companyId: number, id: number): Queue {
  const at = new Date().toISOString();
  return {
    id,
    name: `Fila ${id}`,
    color: '#0a0a0a',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    orderQueue: null,
    integrationId: null,
    agentId: null,
    promptId: null,
    mediaPath: null,
    mediaName: null,
    schedules: [],
    companyId,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Makes queues known to a service that keeps the companies' queue ids (identity, whatsapp) as
 * conversations would (conversations.queue.saved through the real transport), and waits until its
 * `<schema>.company_queues` lists them.
 */
export async function announceQueues(t: ServiceTestApp, schema: string, companyId: number, queueIds: number[]): Promise<void> {
  for (const id of queueIds) {
    await t.publish(queueSaved, companyId, `queue-${id}`, { queue: queueFixture(companyId, id), created: true });
  }
  await waitFor(
    async () =>
      (
        await t.dataSource.query(`SELECT 1 FROM "${schema}".company_queues WHERE company_id = $1 AND queue_id = ANY($2::int[])`, [
          companyId,
          queueIds,
        ])
      ).length === queueIds.length,
    { what: `queues ${queueIds.join(', ')} known to ${schema}` },
  );
}
