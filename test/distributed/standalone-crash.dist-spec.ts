/**
 * The standalone process killed (SIGKILL) in the middle of a burst of inbound messages, while its
 * consumers file batches and its relays publish them, loses none and files none twice: what was
 * accepted is in an outbox, and the restarted process publishes and files it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { connectionSchema, simulatorSessionResponseSchema } from '@app/contracts';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { Client } from 'pg';

import { callApi } from '../support/http-api';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(240_000);

const CONTACTS = 12;
const MESSAGES = 360;
const PASSWORD = 'Crash12345';

describe('standalone: a crash in the middle of a burst', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let base: string;
  const runs: AppProcess[] = [];

  const start = async () => {
    const app = startApp('standalone', env);
    runs.push(app);
    await waitUntilReady(app, `${base}/ready`, 120_000);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { token: string }).token;
  };

  beforeAll(async () => {
    database = await createTestDatabase('standalone_crash');
    dataDir = mkdtempSync(path.join(tmpdir(), 'standalone-crash-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: PASSWORD,
      SIMULATOR_ENABLED: 'true',
      WEB_DIST: '/nonexistent',
    };
  });

  afterAll(async () => {
    await Promise.all(runs.map((app) => app.stop()));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('every message accepted before the kill is filed exactly once after the restart', async () => {
    let token = await start();
    const call = <T>(method: string, route: string, body?: unknown) => callApi<T>(base, token, method, route, body);
    const { id } = expectAnswer(connectionSchema, await call('POST', '/whatsapp', { name: 'Rajada', provider: 'simulator' }));
    await waitFor(async () => expectAnswer(connectionSchema, await call('GET', `/whatsapp/${id}`)).status === 'qrcode', {
      timeoutMs: 30_000,
    });
    expectAnswer(simulatorSessionResponseSchema, await call('POST', `/simulator/connections/${id}/scan`, {}));

    // Twenty senders at once; the process is killed once a third of the burst was accepted.
    const accepted: string[] = [];
    let next = 0;
    const killed = runs[0]!;
    const sender = async () => {
      while (next < MESSAGES) {
        const i = next++;
        const body = `rajada ${i}`;
        const answer = await call('POST', `/simulator/connections/${id}/inbound`, {
          from: `55119700000${i % CONTACTS}`.padEnd(13, '0'),
          body,
        }).catch(() => ({ status: 0 }));
        if (answer.status === 200) accepted.push(body);
        if (accepted.length === MESSAGES / 3) killed.child.kill('SIGKILL');
        if (answer.status === 0) return;
      }
    };
    await Promise.all(Array.from({ length: 20 }, sender));
    expect(killed.child.signalCode ?? (await new Promise((resolve) => killed.child.once('exit', (_code, signal) => resolve(signal))))).toBe(
      'SIGKILL',
    );
    expect(accepted.length).toBeGreaterThanOrEqual(MESSAGES / 3);

    token = await start();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await waitFor(
        async () => {
          const { rows } = await client.query(`SELECT count(*)::int AS n FROM conversations.messages WHERE body = ANY($1)`, [accepted]);
          return rows[0].n >= accepted.length;
        },
        { timeoutMs: 90_000, what: `${accepted.length} accepted messages filed` },
      );
      const { rows } = await client.query(
        `SELECT count(*)::int AS messages, count(DISTINCT body)::int AS bodies, count(DISTINCT wid)::int AS wids FROM conversations.messages
          WHERE body LIKE 'rajada %'`,
      );
      expect(rows[0].messages).toBe(rows[0].bodies);
      expect(rows[0].messages).toBe(rows[0].wids);
      // Each ticket counts its messages once, and every outbox is published.
      const counts = await client.query(
        `SELECT t.unread_messages, (SELECT count(*)::int FROM conversations.messages m WHERE m.ticket_id = t.id) AS filed
           FROM conversations.tickets t`,
      );
      expect(counts.rows.every((row) => row.unread_messages === row.filed)).toBe(true);
      await waitFor(
        async () => {
          const { rows: left } = await client.query(
            `SELECT (SELECT count(*) FROM whatsapp.outbox) + (SELECT count(*) FROM conversations.outbox) AS n`,
          );
          return Number(left[0].n) === 0;
        },
        { timeoutMs: 30_000, what: 'every outbox published' },
      );
    } finally {
      await client.end();
    }
  });
});
