#!/usr/bin/env node
// F3 for the standalone runtime (issue 28): its PostgreSQL stopped for a while under inbound load.
// Starts a private PostgreSQL (the server binaries of PG_BIN, default /usr/lib/postgresql/15/bin, on
// its own port and data folder: never a shared server), the standalone product from dist/ with the
// simulator, connects a simulator connection and a socket of the company, then injects customer
// messages over several chats at a set rate; after `before` seconds PostgreSQL is stopped (pg_ctl -m
// fast) for `outage` seconds, then started again, and injection goes on for `after` seconds. Prints
// what was accepted (the simulator's 200) and refused, what reached the inbox socket, what was lost,
// shown twice or out of order per chat, and how long after PostgreSQL's return the last one arrived
// (the target: everything accepted delivered in order within 2 minutes of the return).
//
//   npm run build:server
//   node bench/faults/f3-standalone-postgres.mjs [ratePerSecond=20] [outageSeconds=60] [chats=20] [before=10] [after=20]
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { io } = require('socket.io-client');

const [rate = 20, outageSeconds = 60, chats = 20, beforeSeconds = 10, afterSeconds = 20] = process.argv.slice(2).map(Number);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const ADMIN = { email: 'f3@bench.test', password: 'senha-do-bench-1' };
const DELIVERY_BUDGET_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// initdb and postgres refuse to run as root: the server runs as the postgres OS user then.
const asPostgres = (args) => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);
function pg(tool, args) {
  const [command, rest] = asPostgres([path.join(PG_BIN, tool), ...args]);
  const result = spawnSync(command, rest, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'f3-standalone-'));
chmodSync(work, 0o777);
const pgData = path.join(work, 'pg');
const pgPort = await freePort();
const pgCtl = (action) =>
  pg('pg_ctl', ['-D', pgData, '-l', path.join(work, 'pg.log'), '-w', '-m', 'fast', '-o', `-p ${pgPort} -k ${work}`, action]);
pg('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
pgCtl('start');
pg('createdb', ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'zapdesk']);

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, [path.join(root, 'dist/apps/standalone/src/main.js')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/zapdesk`,
    DATA_DIR: path.join(work, 'data'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIMULATOR_ENABLED: 'true',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let appOutput = '';
app.stdout.on('data', (chunk) => (appOutput = (appOutput + chunk).slice(-20_000)));
app.stderr.on('data', (chunk) => (appOutput = (appOutput + chunk).slice(-20_000)));
let appExit;
app.on('exit', (code, signal) => (appExit = signal ?? code));

async function cleanUp() {
  if (appExit === undefined) {
    app.kill('SIGTERM');
    await Promise.race([new Promise((resolve) => app.once('exit', resolve)), sleep(20_000)]);
  }
  try {
    pgCtl('stop');
  } catch {
    // already stopped
  }
  rmSync(work, { recursive: true, force: true });
}

async function call(token, method, route, body) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { ...(token && { Authorization: `Bearer ${token}` }), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (appExit !== undefined) throw new Error(`the product exited (${appExit}) waiting for ${what}:\n${appOutput}`);
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

try {
  await until('the product', async () => (await fetch(`${baseUrl}/ready`)).status === 200, 180_000);
  const { token, user } = (await call(undefined, 'POST', '/auth/login', ADMIN)).body;
  const socket = io(baseUrl, { transports: ['websocket'], query: { token } });
  const arrivals = new Map(); // body -> [arrival times]
  const order = new Map(); // chat -> bodies in arrival order
  const ids = new Map(); // body -> the message ids it arrived with (one id twice: the event again; two ids: stored twice)
  socket.on(`company-${user.companyId}-appMessage`, (payload) => {
    if (payload.action !== 'create' || !payload.message?.body?.startsWith('f3 ')) return;
    const body = payload.message.body;
    arrivals.set(body, [...(arrivals.get(body) ?? []), Date.now()]);
    ids.set(body, [...(ids.get(body) ?? []), payload.message.id]);
    const chat = body.split(' ')[1];
    order.set(chat, [...(order.get(chat) ?? []), Number(body.split(' ')[2])]);
  });
  await until('the socket', () => socket.connected, 30_000);
  const connectionId = (await call(token, 'POST', '/whatsapp', { name: 'F3', provider: 'simulator' })).body.id;
  await until('the QR', async () => (await call(token, 'GET', `/whatsapp/${connectionId}`)).body.status === 'qrcode', 60_000);
  await call(token, 'POST', `/simulator/connections/${connectionId}/scan`, {});
  await until('CONNECTED', async () => (await call(token, 'GET', `/whatsapp/${connectionId}`)).body.status === 'CONNECTED', 60_000);

  const accepted = [];
  const refused = { beforeOutage: 0, duringOutage: 0, afterOutage: 0 };
  const sequence = new Array(chats).fill(0);
  let phase = 'beforeOutage';
  let injecting = true;
  const inFlight = new Set();
  const previous = new Array(chats).fill(Promise.resolve());
  const injector = (async () => {
    const started = Date.now();
    for (let n = 0; injecting; n++) {
      const due = started + (n * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      const chat = n % chats;
      // A chat's next message waits for the answer to its last, so per chat the accepted order is the sent order.
      await previous[chat];
      const body = `f3 ${chat} ${sequence[chat]}`;
      sequence[chat] += 1;
      const from = `55119${String(7_000_000 + chat).padStart(8, '0')}`;
      const whenPhase = phase;
      const attempt = call(token, 'POST', `/simulator/connections/${connectionId}/inbound`, { from, pushName: `Chat ${chat}`, body })
        .then(
          (answer) => answer.status === 200,
          () => false,
        )
        .then((ok) => {
          if (ok) accepted.push({ body, at: Date.now() });
          else refused[whenPhase] += 1;
        });
      previous[chat] = attempt;
      inFlight.add(attempt);
      void attempt.finally(() => inFlight.delete(attempt));
    }
  })();

  await sleep(beforeSeconds * 1000);
  phase = 'duringOutage';
  const stoppedAt = Date.now();
  pgCtl('stop');
  console.log(`PostgreSQL stopped (after ${beforeSeconds} s of load)`);
  await sleep(outageSeconds * 1000);
  pgCtl('start');
  const returnedAt = Date.now();
  phase = 'afterOutage';
  console.log(
    `PostgreSQL back after ${((returnedAt - stoppedAt) / 1000).toFixed(1)} s; product ${appExit === undefined ? 'still running' : `exited (${appExit})`}`,
  );
  await sleep(afterSeconds * 1000);
  injecting = false;
  await injector;
  await Promise.all(inFlight);

  const acceptedBodies = new Set(accepted.map((a) => a.body));
  const deadline = Date.now() + DELIVERY_BUDGET_MS;
  while (Date.now() < deadline && [...acceptedBodies].some((body) => !arrivals.has(body))) await sleep(500);
  const lost = [...acceptedBodies].filter((body) => !arrivals.has(body));
  const doubled = [...arrivals].filter(([, times]) => times.length > 1).length;
  let outOfOrder = 0;
  for (const seqs of order.values()) for (let i = 1; i < seqs.length; i++) if (seqs[i] < seqs[i - 1]) outOfOrder += 1;
  const lastArrival = Math.max(...[...arrivals.values()].flat());
  const acceptedBeforeReturn = accepted.filter((a) => a.at < returnedAt).map((a) => a.body);
  const lastOfThose = Math.max(...acceptedBeforeReturn.flatMap((body) => arrivals.get(body) ?? []));
  socket.close();

  console.log(
    `\nF3 standalone, PostgreSQL down ${outageSeconds} s, ${rate} messages/s over ${chats} chats (${os.loadavg()[0].toFixed(1)} load)`,
  );
  console.log(`  offered:   ${accepted.length + refused.beforeOutage + refused.duringOutage + refused.afterOutage}`);
  console.log(
    `  accepted:  ${accepted.length} (refused before ${refused.beforeOutage}, during ${refused.duringOutage}, after ${refused.afterOutage})`,
  );
  console.log(`  on the inbox socket: ${arrivals.size}; lost ${lost.length}, shown twice ${doubled}, out of order per chat ${outOfOrder}`);
  console.log(
    `  everything accepted before the return arrived ${((lastOfThose - returnedAt) / 1000).toFixed(1)} s after it; last of all ${((lastArrival - returnedAt) / 1000).toFixed(1)} s after it (target: within 120 s)`,
  );
  console.log(`  product: ${appExit === undefined ? 'stayed up' : `exited (${appExit})`}`);
  if (lost.length) console.log(`  lost, first ones: ${lost.slice(0, 10).join(', ')}`);
  for (const [body, times] of [...arrivals].filter(([, t]) => t.length > 1).slice(0, 10)) {
    const at = times.map((t) => `${((t - returnedAt) / 1000).toFixed(1)} s`).join(', ');
    console.log(`  shown twice: "${body}" as message ${ids.get(body).join(' and ')}, at ${at} from the return`);
  }
  process.exitCode = lost.length || doubled || outOfOrder || appExit !== undefined ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
