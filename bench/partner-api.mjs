#!/usr/bin/env node
// The partner API's send (issue 26): the standalone product with the simulator, one scanned
// connection, 10 API tokens, and POST /api/messages/send at a fixed open-loop rate (requests start
// on schedule whatever the answers do) for a duration, tokens taken in turn. Each request carries an
// Idempotency-Key; with `twice` every request is sent twice with the same key.
//
//   accepted  p50/p99 from the request's start to the 200 answer.
//   phone     p50/p99 from the request's start to the message at the simulated phone
//             (whatsapp.simulator_outbound), and lost / duplicated bodies there (must be 0 and 0).
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/partner-api.mjs [rate=200] [seconds=60] [once|twice]
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { Client } = require('pg');

const [rateArg = '200', secondsArg = '60', mode = 'once'] = process.argv.slice(2);
const RATE = Number(rateArg);
const SECONDS = Number(secondsArg);
const TOKENS = 10;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const dbName = `bench_partner_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-partner-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [path.join(root, 'dist/apps/standalone/src/main.js')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: storageDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: 'Bench12345',
    SIMULATOR_ENABLED: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const db = new Client({ connectionString: dbUrl.toString() });
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/ready`)).status === 200) break;
    } catch {
      // not yet listening
    }
    if (i > 600) throw new Error('the product is not ready');
    await sleep(200);
  }
  await db.connect();
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'Bench12345' }),
  });
  const session = await login.json();
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(session)}`);
  const jwt = session.token;
  const call = async (method, route, body) => {
    const response = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (response.status >= 400) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const connection = await call('POST', '/whatsapp', { name: 'Bench API', provider: 'simulator', isDefault: true });
  for (let tries = 0; (await call('GET', `/whatsapp/${connection.id}`)).status !== 'qrcode'; tries++) {
    if (tries > 300) throw new Error('no QR');
    await sleep(100);
  }
  await call('POST', `/simulator/connections/${connection.id}/scan`, {});
  const tokens = [];
  for (let i = 0; i < TOKENS; i++) tokens.push((await call('POST', '/api-tokens', { name: `Bench ${i + 1}` })).token);

  const total = RATE * SECONDS;
  const started = new Map();
  const accepted = [];
  const statuses = {};
  const inFlight = [];
  const acceptedBodies = new Set();
  const send = async (i, key, token) => {
    const at = performance.now();
    const body = `bench ${i}`;
    if (!started.has(body)) started.set(body, Date.now());
    const response = await fetch(`${baseUrl}/api/messages/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ number: `55119${String(70000000 + (i % 5000)).padStart(8, '0')}`, body }),
    }).catch(() => null);
    statuses[response?.status ?? 'network'] = (statuses[response?.status ?? 'network'] ?? 0) + 1;
    await response?.arrayBuffer();
    if (response?.status === 200) {
      accepted.push(performance.now() - at);
      acceptedBodies.add(body);
    }
  };
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const key = randomUUID();
    const token = tokens[i % TOKENS];
    inFlight.push(send(i, key, token));
    if (mode === 'twice') inFlight.push(send(i, key, token));
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - t0) / 1000;

  // What reached the phone.
  // Every body that was accepted at least once must reach the phone once.
  const expected = acceptedBodies;
  let rows = [];
  // Until all arrived, or nothing more arrives for 30 s (what is missing then counts as lost).
  for (let last = 0, stalled = 0; stalled < 60; stalled = rows.length > last ? 0 : stalled + 1, last = Math.max(last, rows.length)) {
    ({ rows } = await db.query(`SELECT body, sent_at FROM whatsapp.simulator_outbound WHERE connection_id = $1`, [connection.id]));
    if (rows.length >= expected.size) break;
    await sleep(500);
  }
  const counts = new Map();
  const phone = [];
  for (const row of rows) {
    counts.set(row.body, (counts.get(row.body) ?? 0) + 1);
    const start = started.get(row.body);
    if (start) phone.push(new Date(row.sent_at).getTime() - start);
  }
  const duplicated = [...counts.values()].filter((n) => n > 1).length;
  const lost = [...expected].filter((body) => !counts.has(body)).length;
  console.log(
    JSON.stringify(
      {
        rate: RATE,
        seconds: SECONDS,
        mode,
        sendSeconds: Number(sendSeconds.toFixed(1)),
        statuses,
        acceptedMs: { p50: Number(percentile(accepted, 50).toFixed(1)), p99: Number(percentile(accepted, 99).toFixed(1)) },
        phoneMs: { p50: percentile(phone, 50), p99: percentile(phone, 99) },
        atPhone: rows.length,
        lost,
        duplicated,
      },
      null,
      2,
    ),
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(storageDir, { recursive: true, force: true });
}
