#!/usr/bin/env node
// Inbound messages end to end: customer messages reach the simulator at a set rate (many contacts)
// for a set time, sent every 10 ms in a burst of those that have come due (as WhatsApp hands a busy
// number's traffic over), with a socket.io client of the company connected, and prints the
// p50/p95/p99 time from when each message was due to the company-{id}-appMessage event, the throughput reached and
// the messages lost or duplicated. Standalone (one process) or distributed (whatsapp, conversations
// and gateway as processes over Kafka).
//
// It also prints the SQL statements one message cost end to end (every statement of every service
// during the run, counted by bench/support/count-sql.cjs, over the messages stored; BENCH_SQL_DETAIL=1
// lists them), the same net of what the services send with no message at all (measured for 10 s
// before the run: job and relay polls), and counts lost and duplicated messages in the database after the run. `max` as the
// rate steps the offered rate up until p99 passes the target (150 ms standalone, 300 ms distributed)
// or a message is lost, and prints the highest rate held.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [KAFKA_BROKERS=127.0.0.1:9092] \
//     node bench/inbox-inbound.mjs [standalone|distributed] [ratePerSecond=100|max] [seconds=10] [contacts=50]
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import {
  benchDatabase,
  benchDataDir,
  freePort,
  percentile,
  requiredDatabaseUrl,
  requireFromRoot as require,
  root,
  signIn,
  spawnService,
  stopChild,
  waitReady as ready,
} from './support/harness.mjs';

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

const { Client } = require('pg');
const { sign } = require('jsonwebtoken');
const { io } = require('socket.io-client');

const [mode = 'standalone', RATE_ARG = '100', secondsArg = '10', contactsArg = '50'] = process.argv.slice(2);
const SECONDS = Number(secondsArg);
const CONTACTS = Number(contactsArg);
/** Bursts in flight at most. */
const INJECTORS = Number(process.env.BENCH_INJECTORS ?? 16);
/** How often the injector sends the messages that have come due. */
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 10);
requiredDatabaseUrl();
if (mode === 'distributed' && !process.env.KAFKA_BROKERS) throw new Error('distributed mode needs KAFKA_BROKERS');

const children = [];
function start(name, env) {
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the services under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const counter = ['--require', path.join(root, 'bench/support/count-sql.cjs')];
  const child = spawnService(
    name,
    { BENCH_SQL_COUNT_FILE: path.join(storageDir, `sql-${name}.json`), ...env },
    {
      nodeArgs: [...nodeArgs, ...counter],
    },
  );
  children.push(child);
  return child;
}
/**
 * CPU seconds used so far by the services the bench started, by PostgreSQL's processes that work for
 * them (the backends of the bench's database and the WAL writer, checkpointer and background writer,
 * from /proc: other databases on the host are left out) and by the bench itself: where a message's
 * cost goes.
 */
const ticks = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // gone
  }
};
async function cpuSeconds(db) {
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
  );
  const own = process.cpuUsage();
  return {
    services: children.reduce((sum, child) => sum + ticks(child.pid), 0) / 100,
    postgres: new Map(rows.map(({ pid }) => [pid, ticks(pid) / 100])),
    bench: (own.user + own.system) / 1e6,
  };
}
/** CPU seconds between two readings; PostgreSQL's processes that started meanwhile count from zero. */
function cpuSpent(before, after) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { services: after.services - before.services, postgres, bench: after.bench - before.bench };
}

/** The statements every service has sent so far, by kind (bench/support/count-sql.cjs writes them). */
function readStatements() {
  const counts = new Map();
  for (const file of readdirSync(storageDir).filter((name) => /^sql-.+\.json$/.test(name))) {
    try {
      for (const [kind, count] of Object.entries(JSON.parse(readFileSync(path.join(storageDir, file), 'utf8')))) {
        counts.set(kind, (counts.get(kind) ?? 0) + count);
      }
    } catch {
      // written at this instant: the next read has it
    }
  }
  return counts;
}
function diffStatements(before, after) {
  const diff = [...after].map(([kind, count]) => [kind, count - (before.get(kind) ?? 0)]).filter(([, count]) => count > 0);
  return { total: diff.reduce((sum, [, count]) => sum + count, 0), top: diff.sort((a, b) => b[1] - a[1]).slice(0, 25) };
}

const database = await benchDatabase('bench_inbound');
const dbUrl = new URL(database.url);
const secret = randomBytes(32).toString('hex');
const storage = benchDataDir('bench-inbound');
const storageDir = storage.dir;
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
    const session = await signIn(gatewayUrl);
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
  const db = new Client({ connectionString: dbUrl.toString() });
  await db.connect();

  /**
   * One run at a rate: message i is due at i/rate seconds. Every tick the messages that have come due
   * go to the phone together in one burst (as WhatsApp delivers a busy number's traffic), with at
   * most INJECTORS bursts in flight: a slow answer makes the next burst larger rather than piling up
   * sockets. A message's latency counts from when it was due, not from when its burst left.
   */
  let run = 0;
  let idlePerSecond = 0;
  async function offer(rate, seconds, { quiet = false } = {}) {
    run += 1;
    const total = Math.round(rate * seconds);
    const bodies = [];
    let next = 0;
    let failed = 0;
    const statementsBefore = readStatements();
    const statementsStarted = performance.now();
    const cpuBefore = await cpuSeconds(db);
    const started = performance.now();
    const inFlight = new Set();
    while (next < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      if (due > next && inFlight.size < INJECTORS) {
        const messages = [];
        for (let i = next; i < due; i++) {
          const body = `bench ${run}.${i}`;
          bodies.push(body);
          sentAt.set(body, started + (i * 1000) / rate);
          messages.push({ from: `5511970${String(i % CONTACTS).padStart(6, '0')}`, body });
        }
        next = due;
        const burst = call(whatsappUrl, 'POST', `/simulator/connections/${connection.id}/inbound/burst`, { messages })
          .catch((error) => ({ status: 0, body: String(error) }))
          .then((answer) => {
            if (answer.status !== 200) failed += messages.length;
            inFlight.delete(burst);
          });
        inFlight.add(burst);
      }
      const nextDue = started + (next * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(TICK_MS, nextDue - performance.now())));
    }
    await Promise.all(inFlight);
    const injectedIn = (performance.now() - started) / 1000;
    const arrived = () => bodies.filter((body) => received.has(body)).length;
    // Waits for the events still on their way, up to 30 s after the last one came.
    for (let last = arrived(), quietSince = performance.now(); last < total - failed && performance.now() - quietSince < 30_000;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = arrived();
      if (now !== last) {
        last = now;
        quietSince = performance.now();
      }
    }
    const elapsed = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the counters are written twice a second
    const statements = diffStatements(statementsBefore, readStatements());
    const statementsSeconds = (performance.now() - statementsStarted) / 1000;
    const cpu = cpuSpent(cpuBefore, await cpuSeconds(db));
    // Lost and duplicated are what the database holds, not what the socket saw.
    const { rows } = await db.query(
      `SELECT count(DISTINCT body)::int AS stored, (count(*) - count(DISTINCT body))::int AS duplicated
         FROM conversations.messages WHERE body LIKE $1`,
      [`bench ${run}.%`],
    );
    const latencies = bodies.flatMap((body) => (received.has(body) ? [received.get(body).latency] : [])).sort((a, b) => a - b);
    const socketDuplicates = bodies.filter((body) => (received.get(body)?.count ?? 0) > 1).length;
    const result = {
      rate,
      total,
      failed,
      delivered: latencies.length,
      throughput: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      lost: total - failed - rows[0].stored,
      duplicated: rows[0].duplicated + socketDuplicates,
      statementsPerMessage: statements.total / Math.max(1, rows[0].stored),
      statementsPerMessageNet: (statements.total - idlePerSecond * statementsSeconds) / Math.max(1, rows[0].stored),
      statements,
    };
    if (quiet) return result;
    console.log(
      `${mode}: ${total} messages offered at ${rate}/s over ${seconds} s from ${CONTACTS} contacts (injected in ${injectedIn.toFixed(1)} s, ${failed} refused)`,
    );
    console.log(
      `  injection → appMessage  p50 ${result.p50?.toFixed(0)} ms  p95 ${result.p95?.toFixed(0)} ms  p99 ${result.p99?.toFixed(0)} ms  (max ${result.max?.toFixed(0)} ms)`,
    );
    console.log(
      `  throughput ${result.throughput.toFixed(0)} messages/s delivered; lost ${result.lost} (database); duplicated ${result.duplicated}; socket events missing ${total - failed - latencies.length}`,
    );
    console.log(
      `  SQL statements per inbound message, end to end: ${result.statementsPerMessage.toFixed(2)} (${statements.total} in all); net of the idle ${idlePerSecond.toFixed(1)}/s: ${result.statementsPerMessageNet.toFixed(2)}`,
    );
    const perMessage = (key) => ((cpu[key] * 1000) / Math.max(1, rows[0].stored)).toFixed(2);
    console.log(
      `  CPU per message: services ${perMessage('services')} ms, PostgreSQL ${perMessage('postgres')} ms, this bench ${perMessage('bench')} ms`,
    );
    if (process.env.BENCH_SQL_DETAIL) {
      for (const [kind, count] of statements.top) console.log(`    ${(count / Math.max(1, rows[0].stored)).toFixed(3)}  ${kind}`);
    }
    return result;
  }

  // A busy company has its contacts and tickets already: each contact writes once first (not
  // measured), and the tables are analyzed as autovacuum would have done by then, so the run measures
  // the steady state rather than a first minute's plans over empty tables' statistics.
  await offer(Math.min(200, CONTACTS), CONTACTS / Math.min(200, CONTACTS), { quiet: true });
  await db.query('ANALYZE');
  // Distributed, the broker's JVM has only just started: half a minute of traffic at the measured
  // rate (or 200/s) first, so the run measures a broker in its steady state, as one that has run for
  // days is, rather than its just-in-time compiler at work.
  if (mode === 'distributed') await offer(RATE_ARG === 'max' ? 200 : Number(RATE_ARG), 30, { quiet: true });
  // What the services send with no message at all (job polls, relays' safety-net polls), over 10 s:
  // a run's figure net of it is what the messages themselves cost.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idleBefore = readStatements();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idle = diffStatements(idleBefore, readStatements());
  idlePerSecond = idle.total / ((performance.now() - idleStarted) / 1000);
  console.log(`idle: ${idlePerSecond.toFixed(2)} SQL statements a second with no message`);
  if (process.env.BENCH_SQL_DETAIL) for (const [kind, count] of idle.top) console.log(`    ${count}  ${kind}`);
  if (RATE_ARG === 'max') {
    // The highest rate held: delivered at the offered rate, p99 under the target, nothing lost.
    const target = mode === 'standalone' ? 150 : 300;
    let held;
    for (let rate = 100; rate <= 3_000; rate += rate < 500 ? 100 : 50) {
      const result = await offer(rate, SECONDS);
      const ok = result.lost === 0 && result.duplicated === 0 && result.p99 < target && result.delivered >= result.total * 0.999;
      if (!ok) break;
      held = rate;
    }
    console.log(`highest rate held (p99 < ${target} ms, 0 lost, 0 duplicated): ${held ?? 'none'} messages/s`);
  } else {
    await offer(Number(RATE_ARG), SECONDS);
  }
  socket.close();
  await db.end();
} finally {
  await Promise.all(children.map((child) => stopChild(child)));
  await database.drop();
  storage.remove();
}
