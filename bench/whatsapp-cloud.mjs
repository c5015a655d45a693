#!/usr/bin/env node
// Inbound Cloud API webhooks end to end (issue 27): a local Graph API (FakeGraphApi) checks the
// connection's credentials, then the bench POSTs Meta's signed webhooks to the product at a set rate
// of customer messages for a set time, batched as Meta batches them (every tick, the messages that
// came due in one webhook), EVERY webhook delivered twice. A socket.io client of the company measures
// p50/p95/p99 from when each message was due to its company-{id}-appMessage event; lost and doubled
// are counted in the database (conversations.messages) after the run. Standalone, one process.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/whatsapp-cloud.mjs [ratePerSecond=500] [seconds=60] [contacts=200]
//
// Target (issue 27): 500 messages/s for 60 s, p99 < 150 ms, 0 lost, 0 twice.
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
const { io } = require('socket.io-client');
const { requireTypeScript } = require('./support/require-typescript.cjs');
const { FakeGraphApi, messagesWebhook, signWebhook } = requireTypeScript(path.join(root, 'libs/whatsapp/src/testing/fake-graph-api.ts'));

const [rateArg = '500', secondsArg = '60', contactsArg = '200'] = process.argv.slice(2);
const RATE = Number(rateArg);
const SECONDS = Number(secondsArg);
const CONTACTS = Number(contactsArg);
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 20);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 16);
const TARGET_P99_MS = 150;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
async function ready(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready`);
}

const dbName = `bench_cloud_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cloud-'));
const meta = await new FakeGraphApi().start();
let child;

try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(root, 'dist/apps/standalone/src/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: storageDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: 'Bench12345',
      WHATSAPP_GRAPH_URL: meta.url,
      WHATSAPP_GRAPH_VERSION: meta.version,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await ready(`${base}/ready`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'Bench12345' }),
  });
  const session = await login.json();
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(session)}`);
  const { token } = session;
  const companyId = session.user.companyId;
  const call = async (method, route, body) => {
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  const number = meta.addNumber();
  const created = await call('POST', '/whatsapp', {
    name: 'Bench Cloud',
    provider: 'cloud',
    cloud: {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      verifyToken: 'bench-verify-token',
    },
  });
  if (created.status !== 201) throw new Error(`connection refused: ${JSON.stringify(created.body)}`);
  const { webhookPath } = (await call('GET', `/whatsapp/${created.body.id}/cloud`)).body;

  const socket = io(base, { transports: ['websocket'], query: { token } });
  await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)));
  const sentAt = new Map();
  const received = new Map();
  socket.on(`company-${companyId}-appMessage`, (payload) => {
    if (payload.action !== 'create') return;
    const key = payload.message.body;
    if (!sentAt.has(key)) return;
    const seen = received.get(key);
    if (seen) seen.count += 1;
    else received.set(key, { count: 1, latency: performance.now() - sentAt.get(key) });
  });

  const answerTimes = [];
  const deliverOnce = async (body) => {
    const asked = performance.now();
    const response = await fetch(`${base}${webhookPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWebhook(body, number.appSecret) },
      body,
    });
    await response.arrayBuffer();
    answerTimes.push(performance.now() - asked);
    return response.status;
  };

  const total = Math.round(RATE * SECONDS);
  const bodies = [];
  let next = 0;
  let refused = 0;
  let webhooks = 0;
  const inFlight = new Set();
  const started = performance.now();
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * RATE) / 1000) + 1);
    if (due > next && inFlight.size < INFLIGHT) {
      const messages = [];
      for (let i = next; i < due; i++) {
        const body = `cloud bench ${i}`;
        bodies.push(body);
        sentAt.set(body, started + (i * 1000) / RATE);
        messages.push({ from: `5511960${String(i % CONTACTS).padStart(6, '0')}`, type: 'text', text: { body } });
      }
      next = due;
      const payload = JSON.stringify(messagesWebhook(number, messages));
      webhooks += 1;
      // Meta repeats deliveries: every webhook goes twice, the repeat right behind the first.
      const delivery = Promise.all([deliverOnce(payload), deliverOnce(payload)])
        .then((statuses) => {
          if (statuses.some((status) => status !== 200)) refused += 1;
        })
        .catch(() => (refused += 1))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
    const nextDue = started + (next * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(TICK_MS, nextDue - performance.now())));
  }
  await Promise.all(inFlight);
  const injectedIn = (performance.now() - started) / 1000;
  const arrived = () => bodies.filter((body) => received.has(body)).length;
  for (let last = arrived(), quietSince = performance.now(); last < total && performance.now() - quietSince < 30_000;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = arrived();
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  const db = new Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const { rows } = await db.query(
    `SELECT count(DISTINCT body)::int AS stored, (count(*) - count(DISTINCT body))::int AS duplicated
       FROM conversations.messages WHERE body LIKE 'cloud bench %'`,
  );
  await db.end();
  const latencies = bodies.flatMap((body) => (received.has(body) ? [received.get(body).latency] : [])).sort((a, b) => a - b);
  const socketTwice = bodies.filter((body) => (received.get(body)?.count ?? 0) > 1).length;
  const result = {
    offered: `${RATE} messages/s for ${SECONDS} s (${total} messages in ${webhooks} webhooks, each delivered twice)`,
    injectedIn: `${injectedIn.toFixed(1)} s`,
    throughput: `${(arrived() / elapsed).toFixed(0)} messages/s`,
    p50: `${percentile(latencies, 50)?.toFixed(1)} ms`,
    p95: `${percentile(latencies, 95)?.toFixed(1)} ms`,
    p99: `${percentile(latencies, 99)?.toFixed(1)} ms`,
    webhookAnswerP99: `${percentile(
      [...answerTimes].sort((a, b) => a - b),
      99,
    )?.toFixed(1)} ms`,
    refusedWebhooks: refused,
    lost: total - rows[0].stored,
    twiceInDatabase: rows[0].duplicated,
    twiceOnSocket: socketTwice,
    loadavg: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
  console.log(JSON.stringify(result, null, 2));
  const p99 = percentile(latencies, 99) ?? Infinity;
  console.log(
    p99 < TARGET_P99_MS && result.lost === 0 && result.twiceInDatabase === 0 && socketTwice === 0
      ? `PASS: p99 ${p99.toFixed(1)} ms < ${TARGET_P99_MS} ms, 0 lost, 0 twice`
      : `MISS: target p99 < ${TARGET_P99_MS} ms, 0 lost, 0 twice`,
  );
  socket.close();
} finally {
  child?.kill('SIGTERM');
  await meta.close();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(storageDir, { recursive: true, force: true });
}
