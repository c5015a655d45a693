import { randomBytes } from 'node:crypto';

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
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';

import { type ModulesTestApp, startModulesTestApp } from './testing/standalone-test-app';

jest.setTimeout(90_000);

const A = 14;
const KEY = 'sk-proj-standalone-0000000000009999';

/**
 * A prompt answers a customer end to end in one process: the simulated phone's message is filed by
 * conversations, the ai service answers through a local server speaking OpenAI's protocol, conversations
 * sends the answer, and the simulated phone receives it; asking for a human leaves the ticket pending.
 */
describe('an AI prompt answers a customer (simulator, real PostgreSQL)', () => {
  let services: ModulesTestApp;
  let model: FakeModelServer;
  const as = () => services.as(A, ['useOpenAi']);
  const api = () => services.api();

  beforeAll(async () => {
    model = await FakeModelServer.start();
    services = await startModulesTestApp(
      'ai_answers',
      [
        WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
        ConversationsModule.forRoot(),
        AiModule.forRoot({ keysSecret: randomBytes(32).toString('hex'), providerBaseUrls: { openai: model.baseUrl } }),
      ],
      { platform: { outboundAllowedHosts: ['127.0.0.1'] } },
    );
  });

  afterAll(async () => {
    await services?.close();
    await model?.close();
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
