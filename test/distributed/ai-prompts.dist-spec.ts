/**
 * The ai service as its own process behind the gateway, over a real Kafka broker: /api/prompt is
 * routed to it (plan flag useOpenAi checked there), and a prompt saved through the gateway reaches
 * the company's sockets on company-{id}-prompt from ai.events, its key masked, and no other company's.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

import { promptPageResponseSchema, promptSchema, type PromptSocketPayload } from '@app/contracts';
import { createTestDatabase, expectAnswer, expectErrorAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';
import { type Socket } from 'socket.io-client';

import { callApi, connectSocket } from '../support/http-api';
import { type IdentitySessionsStandIn, startIdentitySessionsStandIn } from '../support/identity-sessions';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(180_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY_A = 900_000 + randomInt(0, 99_999);
const COMPANY_B = COMPANY_A + 1;
const QUEUE = 800_000 + randomInt(0, 99_999);

(brokers ? describe : describe.skip)('distributed: prompts in the ai process behind the gateway', () => {
  let identitySessions: IdentitySessionsStandIn;
  let database: TestDatabase;
  const apps: AppProcess[] = [];
  const sockets: Socket[] = [];
  let gatewayUrl: string;
  let secret: string;

  const token = (userId: number, companyId: number, plan: string[]) =>
    sign({ sub: String(userId), companyId, profile: 'admin', super: false, sid: randomUUID(), plan }, secret, { expiresIn: 3600 });

  beforeAll(async () => {
    database = await createTestDatabase('ai_dist');
    secret = randomBytes(32).toString('hex');
    identitySessions = await startIdentitySessionsStandIn(secret);
    const [aiPort, gatewayPort] = [await freePort(), await freePort()];
    const suffix = randomBytes(4).toString('hex');
    const ai = startApp('ai', {
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      PORT: String(aiPort),
      AI_KEYS_SECRET: randomBytes(32).toString('hex'),
    });
    const gateway = startApp('gateway', {
      PORT: String(gatewayPort),
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      AI_URL: `http://127.0.0.1:${aiPort}`,
      GATEWAY_INSTANCE_ID: `ai-gw-${suffix}`,
      WEB_DIST: '/nonexistent',
    });
    apps.push(ai, gateway);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await Promise.all([waitUntilReady(ai, `http://127.0.0.1:${aiPort}/ready`), waitUntilReady(gateway, `${gatewayUrl}/ready`)]);
    // The queue as conversations would have announced it (no conversations process here): its row in ai's projection.
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(`INSERT INTO ai.queues (id, company_id, name) VALUES ($1, $2, 'Suporte')`, [QUEUE, COMPANY_A]);
    await client.end();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await identitySessions?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
  });

  const call = (bearer: string, method: string, route: string, body?: unknown) => callApi<unknown>(gatewayUrl, bearer, method, route, body);
  const connect = (bearer: string) => connectSocket(gatewayUrl, bearer);

  it("answers GET /api/prompt through the gateway, refuses a plan without useOpenAi, and a saved prompt reaches only its company's sockets", async () => {
    const tokenA = token(1, COMPANY_A, ['useOpenAi']);
    const tokenB = token(2, COMPANY_B, ['useOpenAi']);
    const empty = await call(tokenA, 'GET', '/prompt');
    expect(empty.status).toBe(200);
    expect(expectAnswer(promptPageResponseSchema, empty)).toEqual({ prompts: [], count: 0, hasMore: false });
    const refused = await call(token(1, COMPANY_A, []), 'GET', '/prompt');
    expect(refused.status).toBe(403);
    expectErrorAnswer(refused, 'ERR_PLAN_FEATURE_DISABLED');

    const socketA = await connect(tokenA);
    const socketB = await connect(tokenB);
    sockets.push(socketA, socketB);
    const live: PromptSocketPayload[] = [];
    const heardByB: string[] = [];
    socketA.on(`company-${COMPANY_A}-prompt`, (payload: PromptSocketPayload) => live.push(payload));
    socketB.onAny((event: string) => heardByB.push(event));

    const created = await call(tokenA, 'POST', '/prompt', {
      name: 'Atendente',
      apiKey: 'sk-dist-secret-4321',
      prompt: 'Você é o atendente.',
      queueId: QUEUE,
    });
    expect(created.status).toBe(201);
    const prompt = expectAnswer(promptSchema, created);
    expect(prompt).toMatchObject({ apiKey: '••••4321', queue: { id: QUEUE, name: 'Suporte' }, maxTokens: 100 });
    await waitFor(async () => live.length === 1, { timeoutMs: 30_000, what: 'the create on company-{id}-prompt' });
    expect(live[0]).toMatchObject({ action: 'create', prompt: { id: prompt.id, apiKey: '••••4321' } });
    expect(JSON.stringify(live)).not.toContain('sk-dist-secret');

    const deleted = await call(tokenA, 'DELETE', `/prompt/${prompt.id}`);
    expect(deleted.status).toBe(200);
    await waitFor(async () => live.length === 2, { timeoutMs: 30_000, what: 'the delete on company-{id}-prompt' });
    expect(live[1]).toEqual({ action: 'delete', promptId: prompt.id, intelligenceId: prompt.id });
    // The delete came after the create on the same key: B heard neither.
    expect(heardByB.filter((event) => event.endsWith('-prompt'))).toEqual([]);
  });
});
