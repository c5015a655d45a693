import { apiTokenCreatedSchema, partnerMessageSchema, partnerSendResponseSchema, simulatorOutboundResponseSchema } from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

import { type StandaloneTestApp, startStandaloneTestApp } from './testing/standalone-test-app';

jest.setTimeout(120_000);

const ROOT = { email: 'root@partner.test', password: 'Root-password-1' };

/** Every service in one process: an API token's send reaches the simulated phone and its status follows the phone's acks. */
describe('the partner API end to end (standalone, simulator)', () => {
  let product: StandaloneTestApp;
  let app: INestApplication;
  let jwt = '';
  let connectionId = 0;
  const api = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${jwt}` });

  beforeAll(async () => {
    product = await startStandaloneTestApp('partner', ROOT);
    app = product.app;
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
    await product?.close();
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
