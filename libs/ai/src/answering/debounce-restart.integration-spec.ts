import { randomBytes } from 'node:crypto';

import {
  aiReplyRequested,
  connectionUpdated,
  type EventDefinition,
  type EventPayload,
  messageCreated,
  queueSaved,
  TOPICS,
} from '@app/contracts';
import { EVENT_TRANSPORT, type EventTransport, OutboxWriter, PlatformModule, readEvent } from '@app/platform';
import {
  connectionFixture,
  createTestDatabase,
  queueFixture,
  type TestDatabase,
  TokenClaimsSessionsModule,
  waitFor,
} from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { AiModule } from '../ai.module';
import { KeyCipher } from '../common/key-cipher';
import { startWebhookServer, type WebhookServer } from '../testing/chatbot-servers/webhook-server';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { FakeModelServer } from '../testing/fake-model-server';

jest.setTimeout(60_000);

const A = 1;
const QUEUE = 11;
/** A queue bound to a webhook integration: its turns wait in their own job queue (ai-integration-answer). */
const BOT_QUEUE = 12;
const CONNECTION = 5;
/** Long enough for the process to stop and start again inside it. */
const WINDOW_SECONDS = 8;

/**
 * The grouping window is a pg-boss job in the database, not a timer of the process: messages on both
 * sides of a restart get one answer, together.
 */
describe('the grouping window across a restart', () => {
  let database: TestDatabase;
  let model: FakeModelServer;
  let hook: WebhookServer;
  const keysSecret = randomBytes(32).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  let app: INestApplication | undefined;
  const replies: string[] = [];

  const start = async (): Promise<INestApplication> => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          serviceName: 'ai-restart-test',
          mode: 'standalone',
          databaseUrl: database.url,
          jwt: { secret: jwtSecret, accessTtlSeconds: 900 },
          logLevel: 'silent',
          outboxSettleMs: 20,
          outboundAllowedHosts: ['127.0.0.1'],
        }),
        AiModule.forRoot({ keysSecret, providerBaseUrls: { openai: model.baseUrl } }),
        TokenClaimsSessionsModule,
      ],
    }).compile();
    const started = moduleRef.createNestApplication({ logger: false });
    await started.get<EventTransport>(EVENT_TRANSPORT).subscribe({
      groupId: `replies-${randomBytes(4).toString('hex')}`,
      topics: [TOPICS.aiEvents],
      handler: async (envelope) => {
        const reply = readEvent(aiReplyRequested, envelope);
        if (reply) replies.push(reply.body);
      },
    });
    await started.init();
    return started;
  };
  const dataSource = () => app!.get<DataSource>(getDataSourceToken('ai'));
  const publish = async <D extends EventDefinition>(definition: D, key: string | number, payload: EventPayload<D>) =>
    dataSource().transaction((manager) => new OutboxWriter('ai').add(manager, { definition, companyId: A, key, payload }));

  beforeAll(async () => {
    model = await FakeModelServer.start();
    model.answerWith((received) => ({
      kind: 'reply',
      text: received.body.messages
        .filter((message) => message.role === 'user')
        .map((message) => message.content)
        .join(' + '),
    }));
    hook = await startWebhookServer();
    database = await createTestDatabase('ai');
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await model?.close();
    await hook?.close();
  });

  it('a message before the restart and one after it are answered once, together', async () => {
    app = await start();
    await dataSource().query(`INSERT INTO ai.queues (id, company_id, name) VALUES ($1, $2, 'Padaria')`, [QUEUE, A]);
    const [{ id: promptId }] = await dataSource().query(
      `INSERT INTO ai.prompts (company_id, name, api_key, api_key_shown, prompt, queue_id)
       VALUES ($1, 'Bia', $2, '', 'Você é a Bia, da padaria.', $3) RETURNING id`,
      [A, app.get(KeyCipher).encrypt('sk-restart-key-000000001'), QUEUE],
    );
    await publish(queueSaved, `queue-${QUEUE}`, { queue: { ...queueFixture(A, QUEUE), promptId }, created: false });
    await publish(connectionUpdated, CONNECTION, { connection: connectionFixture(A, CONNECTION, { timeforagroup: WINDOW_SECONDS }) });
    await waitFor(async () => (await dataSource().query(`SELECT 1 FROM ai.queues WHERE prompt_id = $1`, [promptId])).length === 1);
    await waitFor(
      async () => (await dataSource().query(`SELECT 1 FROM ai.connections WHERE timeforagroup = $1`, [WINDOW_SECONDS])).length === 1,
    );

    const ticket = aTicket(A, 1, QUEUE, { whatsappId: CONNECTION });
    await publish(messageCreated, ticket.id, { message: aMessage(ticket, 1, 'antes'), ticket, audience: [] });
    await waitFor(
      async () => (await dataSource().query(`SELECT 1 FROM pgboss.job WHERE name = 'ai-answer' AND state = 'created'`)).length === 1,
      { what: 'the answer job' },
    );
    await app.close();

    app = await start();
    await publish(messageCreated, ticket.id, { message: aMessage(ticket, 2, 'depois'), ticket, audience: [] });
    await waitFor(() => replies.length > 0, { what: 'the answer', timeoutMs: (WINDOW_SECONDS + 5) * 1000 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(replies).toEqual(['antes + depois']);
    expect(model.requests).toHaveLength(1);
  });

  it("a chatbot integration's turn waiting in its own queue across a restart: both messages go to the bot once, together", async () => {
    app ??= await start();
    const [{ id: integrationId }] = await dataSource().query(
      `INSERT INTO ai.queue_integrations (company_id, type, name, url_n8n) VALUES ($1, 'webhook', 'Gancho', $2) RETURNING id`,
      [A, hook.url],
    );
    await dataSource().query(`INSERT INTO ai.queues (id, company_id, name) VALUES ($1, $2, 'Robô')`, [BOT_QUEUE, A]);
    await publish(queueSaved, `queue-${BOT_QUEUE}`, { queue: { ...queueFixture(A, BOT_QUEUE), integrationId }, created: false });
    await waitFor(
      async () => (await dataSource().query(`SELECT 1 FROM ai.queues WHERE integration_id = $1`, [integrationId])).length === 1,
    );
    replies.length = 0;

    const ticket = aTicket(A, 2, BOT_QUEUE, { whatsappId: CONNECTION });
    await publish(messageCreated, ticket.id, { message: aMessage(ticket, 3, 'antes'), ticket, audience: [] });
    await waitFor(
      async () =>
        (await dataSource().query(`SELECT 1 FROM pgboss.job WHERE name = 'ai-integration-answer' AND state = 'created'`)).length === 1,
      { what: 'the integration answer job' },
    );
    await app.close();

    app = await start();
    await publish(messageCreated, ticket.id, { message: aMessage(ticket, 4, 'depois'), ticket, audience: [] });
    await waitFor(() => replies.length > 0, { what: 'the bot answer', timeoutMs: (WINDOW_SECONDS + 5) * 1000 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(replies).toEqual(['Recebido: antes\ndepois']);
    expect(hook.received.map((received) => received.body.message)).toEqual([{ body: 'antes\ndepois' }]);
    expect(
      (await dataSource().query(`SELECT 1 FROM pgboss.job WHERE name = 'ai-answer' AND singleton_key = $1`, [`answer-${ticket.id}`]))
        .length,
    ).toBe(0);
  });
});
