import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { connectionSchema, contactListItemPageResponseSchema, contactListSchema, simulatorSessionResponseSchema } from '@app/contracts';
import { OutboundModule } from '@app/outbound';
import { AccessTokenService, configureHttpApp, PlatformModule, writeSpreadsheet } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, TokenClaimsSessionsModule, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

jest.setTimeout(60_000);

const A = 11;

/**
 * A contact list's numbers checked on WhatsApp end to end: outbound asks with a
 * whatsapp.numbers.checkRequested command, the simulator's session answers, outbound marks the items.
 */
describe('contact list numbers checked through the whatsapp service (simulator, real PostgreSQL)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let app: INestApplication;
  const token = () =>
    app.get(AccessTokenService).sign({ sub: '1', companyId: A, profile: 'admin', super: false, sid: randomUUID(), plan: ['useCampaigns'] });
  const as = () => ({ Authorization: `Bearer ${token()}` });
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase('outbound_checks');
    storageDir = mkdtempSync(path.join(tmpdir(), 'outbound-checks-files-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          serviceName: 'outbound-checks-test',
          mode: 'standalone',
          databaseUrl: database.url,
          jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
          logLevel: 'silent',
          storageDir,
        }),
        WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
        OutboundModule.forRoot({ numberCheckIntervalMs: 0 }),
        TokenClaimsSessionsModule,
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(app);
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('numbers of an imported sheet wait for a connected connection, then each shows whether WhatsApp knows it', async () => {
    const list = expectAnswer(contactListSchema, await api().post('/api/contact-lists').set(as()).send({ name: 'Clientes' }).expect(201));
    const sheet = writeSpreadsheet('Contatos', [
      ['Nome', 'Numero'],
      ['Ana', '5511900000101'],
      ['Bia', '5511900000102'],
      ['Caio', '5511900000103'],
    ]);
    await api().post(`/api/contact-lists/${list.id}/upload`).set(as()).attach('file', sheet, 'clientes.xlsx').expect(200);

    const connection = expectAnswer(
      connectionSchema,
      await api().post('/api/whatsapp').set(as()).send({ name: 'Simulado', provider: 'simulator' }).expect(201),
    );
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(as())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api()
      .post(`/api/simulator/connections/${connection.id}/unregistered`)
      .set(as())
      .send({ numbers: ['5511900000102'] })
      .expect(200);
    const scan = await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as()).send({}).expect(200);
    expect(expectAnswer(simulatorSessionResponseSchema, scan).status).toBe('CONNECTED');

    await waitFor(
      async () => expectAnswer(contactListSchema, await api().get(`/api/contact-lists/${list.id}`).set(as())).pendingCount === 0,
      { what: 'every number checked', timeoutMs: 30_000 },
    );
    const items = expectAnswer(
      contactListItemPageResponseSchema,
      await api().get('/api/contact-list-items').query({ contactListId: list.id }).set(as()).expect(200),
    );
    expect(items.contacts.map((item) => [item.name, item.isWhatsappValid])).toEqual([
      ['Ana', true],
      ['Bia', false],
      ['Caio', true],
    ]);
  });
});
