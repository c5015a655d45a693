import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  cloudAccountSchema,
  cloudTemplateListSchema,
  cloudWindowSchema,
  connectionSchema,
  messageListResponseSchema,
  messageSchema,
} from '@app/contracts';
import { ConversationsModule } from '@app/conversations';
import { AccessTokenService, configureHttpApp, PlatformModule } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, TokenClaimsSessionsModule, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';

import { FakeGraphApi, type FakeNumber, messagesWebhook, signWebhook } from '../../../libs/whatsapp/src/testing/fake-graph-api';

jest.setTimeout(90_000);

const A = 41;
const B = 42;
const CUSTOMER = '5511977776666';

/**
 * A Cloud API ticket answered after its 24-hour window closed: conversations takes the template on
 * the ticket's message routes and the whatsapp service sends it through Meta's messages endpoint
 * (a local Graph API server), while free text is held back with the window's reason.
 */
describe('a template answer on a WhatsApp Cloud API ticket (conversations + whatsapp, local Graph API, real PostgreSQL)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let app: INestApplication;
  let meta: FakeGraphApi;
  let number: FakeNumber;
  let connectionId: number;
  let ticketId: number;
  const token = (userId: number, companyId: number, profile: 'admin' | 'user' = 'admin') =>
    app.get(AccessTokenService).sign({ sub: String(userId), companyId, profile, super: false, sid: randomUUID(), plan: [] });
  const as = (value: string) => ({ Authorization: `Bearer ${value}` });
  const api = () => request(app.getHttpServer());
  const whatsappDb = () => app.get<DataSource>(getDataSourceToken('whatsapp'));
  const conversationsDb = () => app.get<DataSource>(getDataSourceToken('conversations'));

  beforeAll(async () => {
    meta = await new FakeGraphApi().start();
    database = await createTestDatabase('cloud_template_reply');
    storageDir = mkdtempSync(path.join(tmpdir(), 'cloud-template-files-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          serviceName: 'cloud-template-test',
          mode: 'standalone',
          databaseUrl: database.url,
          jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
          logLevel: 'silent',
          storageDir,
        }),
        WhatsappModule.forRoot({
          simulatorEnabled: false,
          leaseTtlMs: 3_000,
          cloud: { keysSecret: randomBytes(32).toString('hex'), graphUrl: meta.url, graphVersion: meta.version, backoffFirstMs: 50 },
        }),
        ConversationsModule.forRoot(),
        TokenClaimsSessionsModule,
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(app);
    await app.init();

    number = meta.addNumber();
    meta.templates.push({
      wabaId: number.wabaId,
      name: 'retomar_contato',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto.' }],
    });
    const created = await api()
      .post('/api/whatsapp')
      .set(as(token(1, A)))
      .send({
        name: 'Oficial',
        provider: 'cloud',
        cloud: {
          phoneNumberId: number.phoneNumberId,
          wabaId: number.wabaId,
          accessToken: number.accessToken,
          appSecret: number.appSecret,
          verifyToken: 'verificar-oficial',
        },
      })
      .expect(201);
    connectionId = expectAnswer(connectionSchema, created).id;
    await waitFor(
      async () =>
        (await conversationsDb().query(`SELECT status FROM conversations.connections WHERE id = $1`, [connectionId]))[0]?.status ===
        'CONNECTED',
      { what: 'conversations to see the Cloud API connection connected' },
    );

    // The customer writes; a day and more later the window has closed.
    const card = expectAnswer(
      cloudAccountSchema,
      await api()
        .get(`/api/whatsapp/${connectionId}/cloud`)
        .set(as(token(1, A))),
    );
    const body = JSON.stringify(
      messagesWebhook(number, [{ from: CUSTOMER, id: 'wamid.cliente-antigo', type: 'text', text: { body: 'quero saber do pedido' } }]),
    );
    await api()
      .post(card.webhookPath)
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', signWebhook(body, number.appSecret))
      .send(body)
      .expect(200);
    ticketId = await waitFor(
      async () =>
        (
          await conversationsDb().query(
            `SELECT t.id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
             WHERE t.company_id = $1 AND c.number = $2`,
            [A, CUSTOMER],
          )
        )[0]?.id as number | undefined,
      { what: "the customer's ticket" },
    );
    await whatsappDb().query(
      `UPDATE whatsapp.cloud_windows SET last_inbound_at = now() - interval '25 hours' WHERE connection_id = $1 AND wa_id = $2`,
      [connectionId, CUSTOMER],
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await meta?.close();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const messageOf = async (id: number) => {
    const page = expectAnswer(
      messageListResponseSchema,
      await api()
        .get(`/api/messages/${ticketId}`)
        .set(as(token(1, A)))
        .expect(200),
    );
    return page.messages.find((message) => message.id === id);
  };

  it('the window is closed: free text is held back with the reason and never reaches Meta', async () => {
    const window = expectAnswer(
      cloudWindowSchema,
      await api()
        .get(`/api/whatsapp/${connectionId}/cloud/window?number=${CUSTOMER}`)
        .set(as(token(2, A, 'user'))),
    );
    expect(window).toEqual({ open: false, closesAt: null });
    const text = expectAnswer(
      messageSchema,
      await api()
        .post(`/api/messages/${ticketId}`)
        .set(as(token(1, A)))
        .send({ body: 'Oi, tudo bem?' })
        .expect(201),
    );
    const reason = await waitFor(async () => (await messageOf(text.id))?.sendError ?? undefined, { what: 'the text to fail' });
    expect(reason).toContain('24-hour');
    expect(meta.sentTo(number.phoneNumberId, CUSTOMER)).toHaveLength(0);
  });

  it('a template with its variables goes out through Meta and the chat shows its text filled in', async () => {
    const [template] = expectAnswer(
      cloudTemplateListSchema,
      await api()
        .get(`/api/whatsapp/${connectionId}/cloud/templates`)
        .set(as(token(2, A, 'user'))),
    );
    const sent = expectAnswer(
      messageSchema,
      await api()
        .post(`/api/messages/${ticketId}/template`)
        .set(as(token(1, A)))
        .send({ name: template!.name, language: template!.language, body: template!.body, bodyParameters: ['Ana', '#123'] })
        .expect(201),
    );
    expect(sent).toMatchObject({ body: 'Olá Ana, seu pedido #123 está pronto.', fromMe: true, ticketId });
    await waitFor(() => meta.sentTo(number.phoneNumberId, CUSTOMER).length > 0, { what: 'Meta to receive the template' });
    expect(meta.sentTo(number.phoneNumberId, CUSTOMER)[0]!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'retomar_contato',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '#123' },
            ],
          },
        ],
      },
    });
    await waitFor(async () => ((await messageOf(sent.id))?.ack ?? 0) >= 1, { what: 'the template to be acknowledged as sent' });
    expect((await messageOf(sent.id))?.sendError ?? null).toBeNull();
  });

  it('a variable left empty or missing is refused with 400 and nothing is sent', async () => {
    const before = meta.sent.length;
    const missing = await api()
      .post(`/api/messages/${ticketId}/template`)
      .set(as(token(1, A)))
      .send({ name: 'retomar_contato', language: 'pt_BR', body: 'Olá {{1}}, seu pedido {{2}} está pronto.', bodyParameters: ['Ana'] })
      .expect(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');
    const blank = await api()
      .post(`/api/messages/${ticketId}/template`)
      .set(as(token(1, A)))
      .send({ name: 'retomar_contato', language: 'pt_BR', bodyParameters: ['Ana', '  '] })
      .expect(400);
    expect(blank.body.error).toBe('ERR_VALIDATION');
    await api()
      .post(`/api/messages/${ticketId}/template`)
      .set(as(token(1, A)))
      .send({ language: 'pt_BR' })
      .expect(400);
    expect(meta.sent.length).toBe(before);
  });

  it("another company's user cannot send a template on the ticket (404) and nothing is sent", async () => {
    const before = meta.sent.length;
    const refused = await api()
      .post(`/api/messages/${ticketId}/template`)
      .set(as(token(3, B)))
      .send({ name: 'retomar_contato', language: 'pt_BR', body: 'Olá {{1}}, seu pedido {{2}} está pronto.', bodyParameters: ['Ana', '1'] });
    expect(refused.status).toBe(404);
    const count = await conversationsDb().query(`SELECT count(*)::int AS n FROM conversations.messages WHERE ticket_id = $1 AND from_me`, [
      ticketId,
    ]);
    expect(count[0].n).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(meta.sent.length).toBe(before);
  });
});
