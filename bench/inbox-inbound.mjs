#!/usr/bin/env node
// Inbound messages end to end: injects customer messages at the simulator at a set rate (many
// contacts) for a set time, with a socket.io client of the company connected, and prints the
// p50/p95/p99 time from injection to the company-{id}-appMessage event, the throughput reached and
// the messages lost or duplicated. Standalone (one process) or distributed (whatsapp, conversations
// and gateway as processes over Kafka).
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [KAFKA_BROKERS=127.0.0.1:9092] \
//     node bench/inbox-inbound.mjs [standalone|distributed] [ratePerSecond=100] [seconds=10] [contacts=50]
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Identity's session answers without identity (the distributed run signs its own token): every
 * token signed with the secret is a live session with the role it states.
 */
async function identitySessionsStandIn(secret) {
  const { verify } = require('jsonwebtoken');
  const server = http.createServer((request, response) => {
    try {
      const claims = verify(/^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '', secret);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          live: true,
          userId: Number(claims.sub),
          companyId: claims.companyId,
          profile: claims.profile,
          super: claims.super,
        }),
      );
    } catch {
      response.writeHead(403).end();
    }
  });
  server.unref();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { sign } = require('jsonwebtoken');
const { io } = require('socket.io-client');

const [mode = 'standalone', rateArg = '100', secondsArg = '10', contactsArg = '50'] = process.argv.slice(2);
const RATE = Number(rateArg);
const SECONDS = Number(secondsArg);
const CONTACTS = Number(contactsArg);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');
if (mode === 'distributed' && !process.env.KAFKA_BROKERS) throw new Error('distributed mode needs KAFKA_BROKERS');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const children = [];
function start(name, env) {
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the services under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/apps', name, 'src/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}
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

const dbName = `bench_inbound_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const secret = randomBytes(32).toString('hex');
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-inbound-'));
const suffix = randomBytes(4).toString('hex');

try {
  let gatewayUrl;
  let whatsappUrl;
  let companyId = 1;
  let userId = 1;
  let token;
  if (mode === 'standalone') {
    const port = await freePort();
    start('standalone', {
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: storageDir,
      JWT_SECRET: secret,
      ADMIN_PASSWORD: 'Bench12345',
      SIMULATOR_ENABLED: 'true',
    });
    gatewayUrl = whatsappUrl = `http://127.0.0.1:${port}`;
    await ready(`${gatewayUrl}/ready`);
    // Identity runs here and checks every token's session (decision 0025): log in as the seeded admin.
    const login = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@admin.com', password: 'Bench12345' }),
    });
    const session = await login.json();
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(session)}`);
    ({ token } = session);
    ({ id: userId, companyId } = session.user);
  } else {
    const [wa, conv, gw] = [await freePort(), await freePort(), await freePort()];
    const identityUrl = await identitySessionsStandIn(secret);
    const common = {
      DATABASE_URL: dbUrl.toString(),
      KAFKA_BROKERS: process.env.KAFKA_BROKERS,
      JWT_SECRET: secret,
      IDENTITY_URL: identityUrl,
    };
    start('whatsapp', {
      ...common,
      PORT: String(wa),
      STORAGE_DIR: storageDir,
      SIMULATOR_ENABLED: 'true',
      COMMANDS_GROUP_ID: `bench-wa-${suffix}`,
    });
    start('conversations', { ...common, PORT: String(conv), WHATSAPP_EVENTS_GROUP_ID: `bench-conv-${suffix}` });
    start('gateway', {
      PORT: String(gw),
      KAFKA_BROKERS: process.env.KAFKA_BROKERS,
      JWT_SECRET: secret,
      IDENTITY_URL: identityUrl,
      WHATSAPP_URL: `http://127.0.0.1:${wa}`,
      CONVERSATIONS_URL: `http://127.0.0.1:${conv}`,
      GATEWAY_INSTANCE_ID: `bench-gw-${suffix}`,
      WEB_DIST: '/nonexistent',
    });
    gatewayUrl = `http://127.0.0.1:${gw}`;
    whatsappUrl = `http://127.0.0.1:${wa}`;
    await Promise.all([ready(`${whatsappUrl}/ready`), ready(`http://127.0.0.1:${conv}/ready`), ready(`${gatewayUrl}/ready`)]);
    companyId = 900_000 + Math.floor(Math.random() * 99_999);
    userId = 800_000 + Math.floor(Math.random() * 99_999);
    const client = new Client({ connectionString: dbUrl.toString() });
    await client.connect();
    await client.query(`INSERT INTO conversations.users (id, company_id, name, profile) VALUES ($1, $2, 'Bench', 'admin')`, [
      userId,
      companyId,
    ]);
    await client.end();
  }
  // Without identity (distributed here), the stand-in vouches for any token signed with the secret.
  token ??= sign({ sub: String(userId), companyId, profile: 'admin', super: true, sid: randomUUID(), plan: [] }, secret, {
    expiresIn: 3600,
  });
  const call = async (base, method, route, body) => {
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const connection = (await call(whatsappUrl, 'POST', '/whatsapp', { name: 'Bench', provider: 'simulator' })).body;
  for (let i = 0; (await call(whatsappUrl, 'GET', `/whatsapp/${connection.id}`)).body.status !== 'qrcode'; i++) {
    if (i > 300) throw new Error('no QR');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await call(whatsappUrl, 'POST', `/simulator/connections/${connection.id}/scan`, {});

  const socket = io(gatewayUrl, { transports: ['websocket'], query: { token } });
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

  const total = RATE * SECONDS;
  const started = performance.now();
  const injections = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = `bench ${i}`;
    sentAt.set(body, performance.now());
    injections.push(
      call(whatsappUrl, 'POST', `/simulator/connections/${connection.id}/inbound`, {
        from: `5511970${String(i % CONTACTS).padStart(6, '0')}`,
        body,
      }),
    );
  }
  const answers = await Promise.all(injections);
  const injectedIn = (performance.now() - started) / 1000;
  const failed = answers.filter((answer) => answer.status !== 200).length;
  const deadline = performance.now() + 60_000;
  while (received.size < total - failed && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const lastAt = Math.max(...[...received.values()].map((r) => r.latency + 0));
  const latencies = [...received.values()].map((r) => r.latency).sort((a, b) => a - b);
  const duplicated = [...received.values()].filter((r) => r.count > 1).length;
  console.log(
    `${mode}: ${total} messages at ${RATE}/s over ${SECONDS} s from ${CONTACTS} contacts (injected in ${injectedIn.toFixed(1)} s, ${failed} refused)`,
  );
  console.log(
    `  injection → appMessage  p50 ${percentile(latencies, 50)?.toFixed(0)} ms  p95 ${percentile(latencies, 95)?.toFixed(0)} ms  p99 ${percentile(latencies, 99)?.toFixed(0)} ms  (max ${lastAt.toFixed(0)} ms)`,
  );
  console.log(
    `  throughput ${(received.size / ((performance.now() - started) / 1000)).toFixed(0)} messages/s delivered; lost ${total - failed - received.size}; duplicated ${duplicated}`,
  );
  socket.close();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(storageDir, { recursive: true, force: true });
}
