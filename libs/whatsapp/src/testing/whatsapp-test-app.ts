import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { EventDefinition, EventEnvelope, EventPayload } from '@app/contracts';
import { AccessTokenService, configureHttpApp, EVENT_TRANSPORT, OutboxWriter, PlatformModule, type EventTransport } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/platform/testing';
import { WhatsappModule } from '../whatsapp.module';
import type { WhatsappOptions } from '../whatsapp-options';

export interface WhatsappTestApp {
  app: INestApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  dataSource: DataSource;
  transport: EventTransport;
  /** Every event published on whatsapp.events since the app started. */
  events: EventEnvelope[];
  token(user: { userId: number; companyId: number; profile?: 'admin' | 'user' }): string;
  /** Writes an event to the whatsapp outbox, as another service's outbox relay would publish it. */
  publish<D extends EventDefinition>(definition: D, companyId: number | null, key: string | number, payload: EventPayload<D>): Promise<void>;
  close(): Promise<void>;
}

/** The whatsapp module over HTTP on a fresh database, in-process transport, simulator on. */
export async function startWhatsappTestApp(options: Partial<WhatsappOptions> = {}): Promise<WhatsappTestApp> {
  const database: TestDatabase = await createTestDatabase('whatsapp');
  const storageDir = mkdtempSync(path.join(tmpdir(), 'whatsapp-files-'));
  const moduleRef = await Test.createTestingModule({
    imports: [
      PlatformModule.forRoot({
        serviceName: 'whatsapp-test',
        mode: 'standalone',
        databaseUrl: database.url,
        jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
        logLevel: 'silent',
        storageDir,
      }),
      WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000, ...options }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureHttpApp(app);
  const transport = app.get<EventTransport>(EVENT_TRANSPORT);
  const events: EventEnvelope[] = [];
  await transport.subscribe({
    groupId: `test-${randomUUID()}`,
    topics: ['whatsapp.events'],
    handler: async (envelope) => {
      events.push(envelope);
    },
  });
  await app.init();
  const dataSource = app.get<DataSource>(getDataSourceToken('whatsapp'));
  const tokens = app.get(AccessTokenService);
  const outbox = new OutboxWriter('whatsapp');
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
