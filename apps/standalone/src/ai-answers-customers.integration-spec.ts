import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { AiModule } from '@app/ai';
import { FakeModelServer } from '@app/ai/testing';
import {
  connectionSchema,
  messageListResponseSchema,
  promptSchema,
  queueSchema,
  simulatorOutboundResponseSchema,
  ticketListResponseSchema,
} from '@app/contracts';
import { ConversationsModule } from '@app/conversations';
import { AccessTokenService, configureHttpApp, PlatformModule } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, TokenClaimsSessionsModule, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

jest.setTimeout(90_000);

const A = 14;
const KEY = 'sk-proj-standalone-0000000000009999';

/**
 * A prompt answers a customer end to end in one process: the simulated phone's message is filed by
 * conversations, the ai service answers through a local server speaking OpenAI's protocol, conversations
 * sends the answer, and the simulated phone receives it; asking for a human leaves the ticket pending.
 */
describe('an AI prompt answers a customer (simulator, real PostgreSQL)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let app: INestApplication;
  let model: FakeModelServer;
  const token = () =>
    app.get(AccessTokenService).sign({ sub: '1', companyId: A, profile: 'admin', super: false, sid: randomUUID(), plan: ['useOpenAi'] });
  const as = () => ({ Authorization: `Bearer ${token()}` });
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    model = await FakeModelServer.start();
    database = await createTestDatabase('ai_answers');
    storageDir = mkdtempSync(path.join(tmpdir(), 'ai-answers-files-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          serviceName: 'ai-answers-test',
          mode: 'standalone',
          databaseUrl: database.url,
          jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
          logLevel: 'silent',
          storageDir,
          outboundAllowedHosts: ['127.0.0.1'],
        }),
        WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
        ConversationsModule.forRoot(),
        AiModule.forRoot({ keysSecret: randomBytes(32).toString('hex'), providerBaseUrls: { openai: model.baseUrl } }),
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
    await model?.close();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it("the customer's messages of one window get one answer on their phone, marked as the prompt's in the chat; asking for a human leaves the ticket pending", async () => {
    model.answerWith((received) => {
      const customer = received.body.messages.filter((message) => message.role === 'user').map((message) => message.content);
      return { kind: 'reply', text: `Recebi: ${customer.join(' / ')}` };
    });
    const queue = expectAnswer(
      queueSchema,
      await api().post('/api/queue').set(as()).send({ name: 'Padaria', color: '#aa3300' }).expect(201),
    );
    const prompt = expectAnswer(
      promptSchema,
      await api()
        .post('/api/prompt')
        .set(as())
        .send({ name: 'Bia', apiKey: KEY, prompt: 'Você é a Bia, atendente da padaria.', queueId: queue.id })
        .expect(201),
    );
    await api().put(`/api/queue/${queue.id}`).set(as()).send({ promptId: prompt.id }).expect(200);
    const connection = expectAnswer(
      connectionSchema,
      await api()
        .post('/api/whatsapp')
        .set(as())
        .send({ name: 'Loja', provider: 'simulator', queueIds: [queue.id], timeforagroup: 1 })
        .expect(201),
    );
    await waitFor(async () => (await api().get(`/api/whatsapp/${connection.id}`).set(as())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as()).send({}).expect(200);

    const customer = '5511955550001';
    await api().post(`/api/simulator/connections/${connection.id}/inbound`).set(as()).send({ from: customer, body: 'Oi' }).expect(200);
    await api()
      .post(`/api/simulator/connections/${connection.id}/inbound`)
      .set(as())
      .send({ from: customer, body: 'tem pão de queijo?' })
      .expect(200);
    const phone = async () =>
      expectAnswer(
        simulatorOutboundResponseSchema,
        await api().get(`/api/simulator/connections/${connection.id}/outbound`).set(as()).expect(200),
      ).messages.filter((message) => message.to === customer && message.mediaType !== 'read');
    const [answer] = await waitFor(async () => ((await phone()).length > 0 ? phone() : false), {
      what: "the answer on the customer's phone",
      timeoutMs: 20_000,
    });
    expect(answer!.body).toBe('Recebi: Oi / tem pão de queijo?');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.authorization).toBe(`Bearer ${KEY}`);

    const tickets = expectAnswer(
      ticketListResponseSchema,
      await api().get('/api/tickets').query({ showAll: 'true' }).set(as()).expect(200),
    );
    const ticket = tickets.tickets.find((one) => one.contact.number === customer)!;
    const chat = expectAnswer(messageListResponseSchema, await api().get(`/api/messages/${ticket.id}`).set(as()).expect(200));
    expect(chat.messages.map((message) => [message.body, message.aiAuthor?.name ?? null])).toEqual([
      ['Oi', null],
      ['tem pão de queijo?', null],
      ['Recebi: Oi / tem pão de queijo?', 'Bia'],
    ]);

    await api()
      .post(`/api/simulator/connections/${connection.id}/inbound`)
      .set(as())
      .send({ from: customer, body: 'quero falar com um humano' })
      .expect(200);
    await waitFor(
      async () => {
        const found = expectAnswer(
          ticketListResponseSchema,
          await api().get('/api/tickets').query({ showAll: 'true' }).set(as()).expect(200),
        );
        const now = found.tickets.find((one) => one.id === ticket.id);
        return now?.status === 'pending' && now.queueId === queue.id && !now.chatbot;
      },
      { what: 'the ticket pending for a human' },
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(model.requests).toHaveLength(1);
    expect(await phone()).toHaveLength(1);
  });
});
