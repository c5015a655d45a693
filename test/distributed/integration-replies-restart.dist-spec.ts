/**
 * A typebot's replies after the first (typebotDelayMessage apart) survive the standalone process
 * killed (SIGKILL) in the middle of the sequence: the restarted process sends the rest, each once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startTypebotServer, type TypebotServer } from '@app/ai/testing';
import { connectionSchema, queueIntegrationSchema } from '@app/contracts';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { Client } from 'pg';
import { z } from 'zod';

import { api, apiToken, companyOfItsOwn, scannedConnection } from '../support/browser-setup';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(240_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511955554444', pushName: 'Rita Lima' };
const DELAY_MS = 4_000;

describe('standalone: killed in the middle of a typebot reply sequence', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  let typebot: TypebotServer;
  let client: Client;
  const runs: AppProcess[] = [];

  const start = async () => {
    const app = startApp('standalone', env);
    runs.push(app);
    await waitUntilReady(app, `${base}/ready`, 120_000);
    return app;
  };
  const botSaid = async (): Promise<string[]> =>
    (
      await client.query<{ body: string }>(`SELECT body FROM conversations.messages WHERE from_me AND body <> '' ORDER BY created_at, id`)
    ).rows.map((row) => row.body);

  beforeAll(async () => {
    typebot = await startTypebotServer();
    database = await createTestDatabase('integration_replies_restart');
    dataDir = mkdtempSync(path.join(tmpdir(), 'integration-replies-restart-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIMULATOR_ENABLED: 'true',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WEB_DIST: '/nonexistent',
    };
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await Promise.all(runs.map((app) => app.stop()));
    await client?.end();
    await database?.drop();
    await typebot?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the rest of the sequence after the restart, each reply once and in order', async () => {
    const first = await start();
    const { admin } = await companyOfItsOwn(base, ADMIN, 'Loja Azul', { useIntegrations: true });
    const token = await apiToken(base, admin);
    const bot = expectAnswer(
      queueIntegrationSchema,
      await api(base, 'POST', '/api/queueIntegration', token, {
        type: 'typebot',
        name: 'Loja Bot',
        urlN8N: typebot.baseUrl,
        typebotSlug: 'loja',
        typebotDelayMessage: DELAY_MS,
      }),
    );
    const queue = expectAnswer(
      z.object({ id: z.number() }).loose(),
      await api(base, 'POST', '/api/queue', token, { name: 'Vendas', color: '#1565c0', integrationId: bot.id }),
    );
    const connection = await scannedConnection(base, token, 'Simulador Loja');
    expectAnswer(connectionSchema, await api(base, 'PUT', `/api/whatsapp/${connection.id}`, token, { queueIds: [queue.id] }));

    // Conversations and ai have heard of the connection's queue (their copies follow whatsapp's events).
    await waitFor(
      async () =>
        (
          await client.query(
            `SELECT 1 FROM conversations.connections c JOIN ai.connections a ON a.id = c.id WHERE c.id = $1 AND c.queue_ids = ARRAY[$2::int]`,
            [connection.id, queue.id],
          )
        ).rows.length === 1,
      { timeoutMs: 30_000, what: 'the connection and its queue known to conversations and ai' },
    );
    const said = await api(base, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...CUSTOMER, body: 'Oi' });
    expect(said.status).toBeLessThan(300);
    const greeting = `Olá ${CUSTOMER.pushName}! Bem-vindo à Loja Azul.`;
    await waitFor(async () => (await botSaid()).includes(greeting), { timeoutMs: 60_000, intervalMs: 100, what: 'the greeting' });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    // Killed mid-sequence: the later replies wait in the database, none of them sent yet.
    expect(await botSaid()).toEqual([greeting]);
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ai.integration_replies`);
    expect(rows[0]!.n).toBe(2);

    await start();
    const sequence = [greeting, 'Como posso ajudar?', '1 - Comprar\n2 - Falar com atendente'];
    await waitFor(async () => (await botSaid()).length >= 3, { timeoutMs: 90_000, what: 'the rest of the sequence' });
    // Pacing past the job's retry window: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await botSaid()).toEqual(sequence);
    expect(typebot.requests.map((request) => request.path)).toEqual(['/api/v1/typebots/loja/startChat']);
  });
});
