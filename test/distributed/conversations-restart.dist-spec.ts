/**
 * A conversations process killed (SIGKILL) in the middle of a burst of inbound messages loses none:
 * whatsapp keeps publishing to Kafka, and the restarted process (same consumer group) files every
 * message once, in one ticket per contact.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { connectionSchema, simulatorSessionResponseSchema } from '@app/contracts';
import { openServiceDataSource } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { WHATSAPP_MIGRATIONS } from '@app/whatsapp';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';

import { type IdentitySessionsStandIn, startIdentitySessionsStandIn } from '../support/identity-sessions';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(240_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY = 950_000 + randomInt(0, 49_999);
const CONTACTS = 5;
const PER_CONTACT = 12;

(brokers ? describe : describe.skip)('distributed: a conversations restart in the middle of a burst', () => {
  let identitySessions: IdentitySessionsStandIn;
  let database: TestDatabase;
  let storageDir: string;
  let whatsapp: AppProcess;
  const conversations: AppProcess[] = [];
  let whatsappUrl: string;
  let token: string;
  let conversationsEnv: Record<string, string>;
  let conversationsPort: number;

  beforeAll(async () => {
    database = await createTestDatabase('conv_restart');
    const dataSource = await openServiceDataSource(database.url, {
      schema: 'whatsapp',
      migrations: WHATSAPP_MIGRATIONS,
    });
    await dataSource.query(`ALTER SEQUENCE whatsapp.connections_id_seq RESTART WITH ${randomInt(1_000_000, 2_000_000_000)}`);
    await dataSource.destroy();
    storageDir = mkdtempSync(path.join(tmpdir(), 'conv-restart-files-'));
    const secret = randomBytes(32).toString('hex');
    identitySessions = await startIdentitySessionsStandIn(secret);
    token = sign({ sub: '1', companyId: COMPANY, profile: 'admin', super: false, sid: randomUUID(), plan: [] }, secret, {
      expiresIn: 3600,
    });
    const whatsappPort = await freePort();
    conversationsPort = await freePort();
    const suffix = randomBytes(4).toString('hex');
    whatsapp = startApp('whatsapp', {
      PORT: String(whatsappPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      STORAGE_DIR: storageDir,
      SIMULATOR_ENABLED: 'true',
      COMMANDS_GROUP_ID: `restart-wa-${suffix}`,
    });
    conversationsEnv = {
      PORT: String(conversationsPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      WHATSAPP_EVENTS_GROUP_ID: `restart-conv-${suffix}`,
    };
    conversations.push(startApp('conversations', conversationsEnv));
    whatsappUrl = `http://127.0.0.1:${whatsappPort}`;
    await Promise.all([
      waitUntilReady(whatsapp, `${whatsappUrl}/ready`),
      waitUntilReady(conversations[0]!, `http://127.0.0.1:${conversationsPort}/ready`),
    ]);
  });

  afterAll(async () => {
    await identitySessions?.close();
    await Promise.all([whatsapp?.stop(), ...conversations.map((app) => app.stop())]);
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const call = async <T>(method: string, route: string, body?: unknown) => {
    const response = await fetch(`${whatsappUrl}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  it('every message of the burst is filed exactly once after the restart', async () => {
    const { id } = expectAnswer(connectionSchema, await call('POST', '/whatsapp', { name: 'Rajada', provider: 'simulator' }));
    await waitFor(async () => expectAnswer(connectionSchema, await call('GET', `/whatsapp/${id}`)).status === 'qrcode', {
      timeoutMs: 30_000,
    });
    expectAnswer(simulatorSessionResponseSchema, await call('POST', `/simulator/connections/${id}/scan`, {}));
    await waitFor(async () => expectAnswer(connectionSchema, await call('GET', `/whatsapp/${id}`)).status === 'CONNECTED', {
      timeoutMs: 15_000,
    });

    const inject = (round: number) =>
      Promise.all(
        Array.from({ length: CONTACTS }, (_, c) =>
          call('POST', `/simulator/connections/${id}/inbound`, { from: `55119800000${c}`, body: `contato ${c} mensagem ${round}` }),
        ),
      );
    for (let round = 0; round < PER_CONTACT; round++) {
      if (round === PER_CONTACT / 3) conversations[0]!.child.kill('SIGKILL');
      if (round === (2 * PER_CONTACT) / 3) {
        conversations.push(startApp('conversations', conversationsEnv));
        await waitUntilReady(conversations[1]!, `http://127.0.0.1:${conversationsPort}/ready`);
      }
      const answers = await inject(round);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }

    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const total = CONTACTS * PER_CONTACT;
      await waitFor(
        async () =>
          (await client.query(`SELECT count(*)::int AS n FROM conversations.messages WHERE company_id = $1`, [COMPANY])).rows[0].n >= total,
        { timeoutMs: 90_000, what: `${total} messages filed` },
      );
      const { rows } = await client.query(
        `SELECT count(*)::int AS messages, count(DISTINCT wid)::int AS distinct_ids, count(DISTINCT ticket_id)::int AS tickets
         FROM conversations.messages WHERE company_id = $1`,
        [COMPANY],
      );
      expect(rows[0]).toEqual({ messages: total, distinct_ids: total, tickets: CONTACTS });
      const unread = await client.query(`SELECT unread_messages FROM conversations.tickets WHERE company_id = $1`, [COMPANY]);
      expect(unread.rows.map((row) => row.unread_messages)).toEqual(Array(CONTACTS).fill(PER_CONTACT));
    } finally {
      await client.end();
    }
  });
});

if (!brokers) {
  it.skip('distributed restart tests need KAFKA_BROKERS', () => undefined);
}
