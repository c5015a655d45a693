import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { DataSource } from 'typeorm';
import type { EventDefinition, EventEnvelope, EventPayload } from '@app/contracts';
import { AccessTokenService, configureHttpApp, EVENT_TRANSPORT, OutboxWriter, PlatformModule, type EventTransport } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { CONVERSATIONS_DATA_SOURCE, ConversationsModule } from '../conversations.module';

export interface ConversationsTestApp {
  app: INestApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  dataSource: DataSource;
  transport: EventTransport;
  /** Every event published on conversations.events and whatsapp.commands since the app started. */
  events: EventEnvelope[];
  token(user: { userId: number; companyId: number; profile?: 'admin' | 'supervisor' | 'user' }): string;
  /**
   * Delivers another service's event as its relay would (written to an outbox table of ours and
   * published by our relay, so it reaches our consumers through the real transport).
   */
  publish<D extends EventDefinition>(definition: D, companyId: number | null, key: string | number, payload: EventPayload<D>): Promise<void>;
  close(): Promise<void>;
}

/** The conversations module over HTTP on a fresh database, in-process transport. */
export async function startConversationsTestApp(): Promise<ConversationsTestApp> {
  const database: TestDatabase = await createTestDatabase('conversations');
  const storageDir = mkdtempSync(path.join(tmpdir(), 'conversations-files-'));
  const moduleRef = await Test.createTestingModule({
    imports: [
      PlatformModule.forRoot({
        serviceName: 'conversations-test',
        mode: 'standalone',
        databaseUrl: database.url,
        jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
        logLevel: 'silent',
        storageDir,
      }),
      ConversationsModule.forRoot(),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureHttpApp(app);
  const transport = app.get<EventTransport>(EVENT_TRANSPORT);
  const events: EventEnvelope[] = [];
  await transport.subscribe({
    groupId: `test-${randomUUID()}`,
    topics: ['conversations.events', 'whatsapp.commands'],
    handler: async (envelope) => {
      events.push(envelope);
    },
  });
  await app.init();
  const dataSource = app.get<DataSource>(CONVERSATIONS_DATA_SOURCE);
  const tokens = app.get(AccessTokenService);
  const outbox = new OutboxWriter('conversations');
  return {
    app,
    http: app.getHttpServer(),
    dataSource,
    transport,
    events,
    token: ({ userId, companyId, profile = 'admin' }) =>
      tokens.sign({ sub: String(userId), companyId, profile, super: false, sid: randomUUID(), plan: [] }),
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
