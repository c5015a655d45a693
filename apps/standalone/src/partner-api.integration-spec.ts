import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { apiTokenCreatedSchema, partnerMessageSchema, partnerSendResponseSchema, simulatorOutboundResponseSchema } from '@app/contracts';
import { configureHttpApp } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

import { StandaloneModule } from './standalone.module';

jest.setTimeout(120_000);

const ROOT = { email: 'root@partner.test', password: 'Root-password-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Every service in one process: an API token's send reaches the simulated phone and its status follows the phone's acks. */
describe('the partner API end to end (standalone, simulator)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let app: INestApplication;
  let jwt = '';
  let connectionId = 0;
  const api = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${jwt}` });

  beforeAll(async () => {
    database = await createTestDatabase('partner_api_e2e');
    storageDir = mkdtempSync(path.join(tmpdir(), 'partner-api-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const moduleRef = await Test.createTestingModule({
      imports: [
        StandaloneModule.forRoot({
          platform: {
            serviceName: 'partner-api-test',
            mode: 'standalone',
            databaseUrl: database.url,
            jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
            logLevel: 'silent',
            storageDir,
          },
          identity: { refreshTtlSeconds: 3_600, secureCookies: false, admin: { ...ROOT } },
          gateway: { instanceId: 'partner', conversationsUrl: url },
          whatsapp: { simulatorEnabled: true, advertisedUrl: url },
          conversations: { whatsappUrl: url },
        }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(app);
    await app.listen(port, '127.0.0.1');
    jwt = (await api().post('/api/auth/login').send(ROOT).expect(200)).body.token;
    const created = await api()
      .post('/api/whatsapp')
      .set(auth())
      .send({ name: 'API', greetingMessage: '', isDefault: true, queueIds: [], provider: 'simulator' })
      .expect(201);
    connectionId = created.body.id;
    await waitFor(async () => (await api().get(`/api/whatsapp/${connectionId}`).set(auth())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api().post(`/api/simulator/connections/${connectionId}/scan`).set(auth()).expect(200);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('a token created by the admin sends a text that the phone receives; the status goes from pending to sent to read; a revoked token stops', async () => {
    const token = expectAnswer(apiTokenCreatedSchema, await api().post('/api/api-tokens').set(auth()).send({ name: 'ERP' }).expect(201));
    const sent = expectAnswer(
      partnerSendResponseSchema,
      await api()
        .post('/api/messages/send')
        .set('Authorization', `Bearer ${token.token}`)
        .set('Idempotency-Key', 'order-77')
        .send({ number: '5511977770001', body: 'Pedido 77 confirmado' })
        .expect(200),
    );
    const phone = await waitFor(
      async () => {
        const outbound = expectAnswer(
          simulatorOutboundResponseSchema,
          await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(auth()),
        );
        return outbound.messages.find((message) => message.body === 'Pedido 77 confirmado');
      },
      { what: 'the message at the simulated phone' },
    );
    expect(phone.to).toContain('5511977770001');
    const status = () => api().get(`/api/messages/status/${sent.id}`).set('Authorization', `Bearer ${token.token}`);
    await waitFor(async () => expectAnswer(partnerMessageSchema, await status()).status === 'sent', { what: 'sent' });
    await api().post(`/api/simulator/connections/${connectionId}/ack`).set(auth()).send({ messageId: phone.messageId, ack: 4 }).expect(200);
    await waitFor(async () => expectAnswer(partnerMessageSchema, await status()).status === 'read', { what: 'read' });

    // The same key again: the first answer, nothing sent twice.
    const again = await api()
      .post('/api/messages/send')
      .set('Authorization', `Bearer ${token.token}`)
      .set('Idempotency-Key', 'order-77')
      .send({ number: '5511977770001', body: 'Pedido 77 confirmado' })
      .expect(200);
    expect(again.body.id).toBe(sent.id);
    const outbound = expectAnswer(
      simulatorOutboundResponseSchema,
      await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(auth()),
    );
    expect(outbound.messages.filter((message) => message.body === 'Pedido 77 confirmado')).toHaveLength(1);

    await api().delete(`/api/api-tokens/${token.id}`).set(auth()).expect(204);
    await status().expect(401);
  });
});
