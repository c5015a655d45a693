#!/usr/bin/env node
// Campaign dispatch end to end (issue 14): the standalone product with the simulator, simulator
// connections scanned, a contact list of numbers already checked, and campaigns (at most 5
// connections each, so 10 connections are 2 campaigns) scheduled a few seconds ahead. What the
// simulated phones received (whatsapp.simulator_outbound) is the truth the figures come from.
//
//   rate  intervals at 0: the dispatch rate reached (messages per second, first to last send).
//   pace  messageInterval 5 s, a 10 s pause after every 5 messages: the smallest gap seen per
//         connection (never under 5 s), and the schedule's drift: the first send after the
//         scheduled time, and how far gaps went beyond the jitter's bound (interval x 1.5) or the pause.
//   kill  intervals at 0 and the standalone process killed with SIGKILL 3 times at random moments,
//         restarted each time: sent, duplicated and missing recipients (must be 0 and 0).
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/campaign-dispatch.mjs [rate|pace|kill] [connections=10] [recipients=2000]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { Client } = require('pg');

const [mode = 'rate', connectionsArg = '10', recipientsArg = mode === 'pace' ? '60' : '2000'] = process.argv.slice(2);
const CONNECTIONS = Number(connectionsArg);
const RECIPIENTS = Number(recipientsArg);
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');
if (!['rate', 'pace', 'kill'].includes(mode)) throw new Error('mode is rate, pace or kill');
const PACE = { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 10 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dbName = `bench_campaign_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-campaign-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env = {
  PATH: process.env.PATH,
  LOG_LEVEL: 'warn',
  PORT: String(port),
  DATABASE_URL: dbUrl.toString(),
  DATA_DIR: storageDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_PASSWORD: 'Bench12345',
  SIMULATOR_ENABLED: 'true',
};
let child;
function startProduct() {
  child = spawn(process.execPath, [path.join(root, 'dist/apps/standalone/src/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}
async function ready() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseUrl}/ready`)).status === 200) return;
    } catch {
      // not yet listening
    }
    await sleep(200);
  }
  throw new Error('the product is not ready');
}

const db = new Client({ connectionString: dbUrl.toString() });
try {
  startProduct();
  await ready();
  await db.connect();
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'Bench12345' }),
  });
  const session = await login.json();
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(session)}`);
  const { token } = session;
  const companyId = session.user.companyId;
  const call = async (method, route, body) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${baseUrl}/api${route}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = { status: response.status, body: await response.json().catch(() => null) };
        if (answer.status >= 400) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body;
      } catch (error) {
        if (attempt >= 50 || String(error).includes(': 4')) throw error;
        await sleep(200); // the product is restarting
      }
    }
  };

  // The connections, scanned; outbound knows them connected.
  const connections = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const connection = await call('POST', '/whatsapp', { name: `Bench ${i + 1}`, provider: 'simulator' });
    for (let tries = 0; (await call('GET', `/whatsapp/${connection.id}`)).status !== 'qrcode'; tries++) {
      if (tries > 300) throw new Error('no QR');
      await sleep(100);
    }
    await call('POST', `/simulator/connections/${connection.id}/scan`, {});
    connections.push(connection.id);
  }
  for (let tries = 0; ; tries++) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM outbound.connections WHERE id = ANY($1) AND status = 'CONNECTED'`, [
      connections,
    ]);
    if (rows[0].n === CONNECTIONS) break;
    if (tries > 300) throw new Error('outbound does not see the connections connected');
    await sleep(100);
  }

  await call('POST', '/campaign-settings', {
    settings: mode === 'pace' ? PACE : { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });

  // One list per campaign (5 connections each), its numbers already checked as valid: the checks
  // are a throttled job of their own (decision 0032), not what this measures.
  const groups = [];
  for (let i = 0; i < connections.length; i += 5) groups.push(connections.slice(i, i + 5));
  const scheduledAt = new Date(Date.now() + 8_000);
  const inSaoPaulo = new Date(scheduledAt.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const campaigns = [];
  let numberSeq = 0;
  for (const [index, group] of groups.entries()) {
    const share = Math.floor(RECIPIENTS / groups.length) + (index < RECIPIENTS % groups.length ? 1 : 0);
    const list = await call('POST', '/contact-lists', { name: `Bench ${index + 1}` });
    const numbers = Array.from({ length: share }, () => `55119${String(++numberSeq).padStart(8, '0')}`);
    await db.query(
      `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
       SELECT $1, $2, 'Cliente ' || n, n, true, n FROM unnest($3::text[]) AS n`,
      [companyId, list.id, numbers],
    );
    const body = { name: `Bench ${index + 1}`, message1: 'Olá {nome}: bench {numero}', contactListId: list.id, scheduledAt: inSaoPaulo };
    group.forEach((id, slot) => (body[slot === 0 ? 'whatsappId' : `whatsappId${slot + 1}`] = id));
    campaigns.push(await call('POST', '/campaigns', body));
  }
  console.log(
    `${mode}: ${campaigns.length} campaign(s) over ${CONNECTIONS} simulator connections, ${RECIPIENTS} recipients, scheduled for ${scheduledAt.toISOString()}`,
  );

  // Kill -9 at random moments while it sends (each restart waits for the product to be ready).
  const kills = [];
  const killer =
    mode === 'kill'
      ? (async () => {
          await sleep(scheduledAt.getTime() - Date.now());
          for (let i = 0; i < KILLS; i++) {
            await sleep(1_000 + Math.random() * 7_000);
            const { rows } = await db.query(`SELECT count(*)::int AS n FROM whatsapp.simulator_outbound WHERE body LIKE '%bench %'`);
            child.kill('SIGKILL');
            await new Promise((resolve) => child.once('exit', resolve));
            kills.push(rows[0].n);
            startProduct();
            await ready();
          }
        })()
      : Promise.resolve();

  // Until every campaign is FINALIZADA (and every recipient settled).
  const deadline = Date.now() + (mode === 'pace' ? 30 * 60_000 : 15 * 60_000);
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'FINALIZADA')::int AS done FROM outbound.campaigns WHERE id = ANY($1)`,
      [campaigns.map((campaign) => campaign.id)],
    );
    if (rows[0].done === campaigns.length) break;
    if (Date.now() > deadline) throw new Error('the campaigns did not finish in time');
    await sleep(250);
  }
  await killer;
  await sleep(1_000);

  const { rows: sends } = await db.query(
    `SELECT connection_id, to_number, extract(epoch FROM sent_at) * 1000 AS at FROM whatsapp.simulator_outbound
     WHERE body LIKE '%bench %' ORDER BY sent_at, seq`,
  );
  const perNumber = new Map();
  for (const send of sends) perNumber.set(send.to_number, (perNumber.get(send.to_number) ?? 0) + 1);
  const duplicated = [...perNumber.values()].reduce((sum, count) => sum + count - 1, 0);
  const missing = RECIPIENTS - perNumber.size;
  const { rows: shipping } = await db.query(
    `SELECT count(*)::int AS recipients, count(delivered_at)::int AS delivered, count(failed_at)::int AS failed
     FROM outbound.campaign_shipping WHERE campaign_id = ANY($1)`,
    [campaigns.map((campaign) => campaign.id)],
  );
  const first = Number(sends[0]?.at ?? 0);
  const last = Number(sends.at(-1)?.at ?? 0);
  console.log(
    `  sent ${sends.length} messages to ${perNumber.size} recipients; duplicated ${duplicated}; missing ${missing}; shipping records ${shipping[0].recipients} (delivered ${shipping[0].delivered}, failed ${shipping[0].failed})`,
  );
  console.log(
    `  first send ${((first - scheduledAt.getTime()) / 1000).toFixed(2)} s after the scheduled time; last ${((last - first) / 1000).toFixed(2)} s after the first`,
  );
  if (mode === 'rate' || mode === 'kill') {
    console.log(
      `  dispatch rate: ${(sends.length / Math.max(0.001, (last - first) / 1000)).toFixed(0)} messages/s over ${CONNECTIONS} connections`,
    );
  }
  if (mode === 'kill') console.log(`  killed with SIGKILL ${kills.length} times, after ${kills.join(', ')} messages`);
  if (mode === 'pace') {
    const byConnection = new Map();
    for (const send of sends) byConnection.set(send.connection_id, [...(byConnection.get(send.connection_id) ?? []), Number(send.at)]);
    const intervalMs = PACE.messageInterval * 1000;
    let smallest = Infinity;
    const beyond = [];
    for (const [connectionId, times] of [...byConnection].sort((a, b) => a[0] - b[0])) {
      const gaps = times.slice(1).map((at, i) => at - times[i]);
      const min = Math.min(...gaps);
      smallest = Math.min(smallest, min);
      // Every longerIntervalAfter-th gap is the longer pause; the others are interval + jitter (up to 50 %).
      gaps.forEach((gap, i) => {
        const bound = (i + 1) % PACE.longerIntervalAfter === 0 ? Math.max(PACE.greaterInterval * 1000, intervalMs * 1.5) : intervalMs * 1.5;
        beyond.push(Math.max(0, gap - bound));
      });
      console.log(
        `  connection ${connectionId}: ${times.length} sends, smallest gap ${(min / 1000).toFixed(3)} s, largest ${(Math.max(...gaps) / 1000).toFixed(3)} s`,
      );
    }
    beyond.sort((a, b) => a - b);
    const p = (q) => beyond[Math.min(beyond.length - 1, Math.floor(q * beyond.length))] ?? 0;
    console.log(`  smallest gap on any connection: ${(smallest / 1000).toFixed(3)} s (setting ${PACE.messageInterval} s)`);
    console.log(
      `  schedule drift past the jitter bound: p50 ${(p(0.5) / 1000).toFixed(3)} s, p95 ${(p(0.95) / 1000).toFixed(3)} s, max ${(beyond.at(-1) / 1000).toFixed(3)} s`,
    );
  }
} finally {
  child?.kill('SIGTERM');
  await sleep(2_000);
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(storageDir, { recursive: true, force: true });
}
