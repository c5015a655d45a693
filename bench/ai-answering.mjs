#!/usr/bin/env node
// AI answering end to end (issue 23's figures), in the standalone product with a local model server
// speaking OpenAI's chat completions and the simulated phone:
//
//   overhead  the model answers at once; 50 customer messages/s over 500 conversations for 60 s:
//             p99 from the customer's message (when it was due) to the prompt's reply at the simulated
//             phone (its row in the simulator's outbox) < 200 ms; 0 lost; 0 answered twice.
//   hol       the model takes 2 s: 200 conversations at once (within the per-company limit) answered
//             with p99 < 2 s + 250 ms; then one company at its limit (400 conversations over a limit
//             of 200) while another company's 20 conversations still get p99 < 2 s + 250 ms.
//   debounce  5 messages within timeforagroup make exactly 1 model call, also when the process is
//             killed (-9) and started again between the third and the fourth.
//   inbox     the inbound bench's 500/s for 60 s (bench/inbox-inbound.mjs, the ai service in the
//             process, no prompt or agent bound to its queue): p99 < 150 ms.
//
//   npm run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/ai-answering.mjs [all|overhead|hol|debounce|inbox]
//   (BENCH_AI_SECONDS=60 BENCH_AI_RATE=50 BENCH_AI_CONVERSATIONS=500 change the overhead run; BENCH_AI_PATIENCE=4
//   waits four times longer for answers that stopped coming, on a loaded machine; BENCH_AI_DEBUG=1 prints the state after the opening.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { Client } = require('pg');

const [part = 'all'] = process.argv.slice(2);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');
const KEY = 'sk-proj-bench-000000000000000000001234';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const verdict = (ok) => (ok ? 'met' : 'MISSED');
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * The local model: OpenAI's chat completions (bearer key, choices, usage), answering "re: <the
 * customer's last message>" after `delayMs`; it counts calls per customer text and the most in flight.
 */
async function startModel() {
  const model = { delayMs: 0, calls: [], inFlight: 0, mostInFlight: 0 };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const users = body.messages.filter((message) => message.role === 'user').map((message) => message.content);
      const call = { at: Date.now(), users };
      model.calls.push(call);
      model.inFlight += 1;
      model.mostInFlight = Math.max(model.mostInFlight, model.inFlight);
      if (model.delayMs) await sleep(model.delayMs);
      model.inFlight -= 1;
      call.answeredAt = Date.now();
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${model.calls.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: `re: ${users.at(-1)}` }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
        }),
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  model.baseUrl = `http://127.0.0.1:${server.address().port}/v1`;
  model.close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)));
  return model;
}

/** The product in one process on a fresh database (or the given one, to start again after a kill). */
async function startProduct(model, existing) {
  const product = existing ?? {
    dbName: `bench_ai_${randomBytes(4).toString('hex')}`,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-ai-')),
    secret: randomBytes(32).toString('hex'),
  };
  if (!existing) {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${product.dbName}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${product.dbName}`;
    product.dbUrl = url.toString();
  }
  product.port = await freePort();
  product.child = spawn(process.execPath, [path.join(root, 'dist/apps/standalone/src/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      PORT: String(product.port),
      DATABASE_URL: product.dbUrl,
      DATA_DIR: product.dataDir,
      JWT_SECRET: product.secret,
      ADMIN_PASSWORD: 'Bench12345',
      SIMULATOR_ENABLED: 'true',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      AI_OPENAI_BASE_URL: model.baseUrl,
      AI_COMPANY_CONCURRENCY: '200',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  product.url = `http://127.0.0.1:${product.port}`;
  const started = performance.now();
  for (let i = 0; ; i++) {
    if (i > 900) throw new Error('the product did not start');
    try {
      if ((await fetch(`${product.url}/ready`)).status === 200) break;
    } catch {
      // not yet listening
    }
    await sleep(100);
  }
  product.startedIn = performance.now() - started;
  product.db ??= new Client({ connectionString: product.dbUrl });
  if (!existing) await product.db.connect();
  return product;
}

async function stopProduct(product) {
  product.child.kill('SIGTERM');
  await new Promise((resolve) => product.child.once('exit', resolve));
  await product.db.end();
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${product.dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(product.dataDir, { recursive: true, force: true });
}

/** A logged-in admin's API: `call(method, route, body)`. */
async function session(product, email, password) {
  const login = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = await login.json();
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(answer)}`);
  const call = async (method, route, body) => {
    const response = await fetch(`${product.url}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${answer.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (response.status >= 400) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  return { call, companyId: answer.user.companyId };
}

/** A queue bound to a prompt and a connected simulator connection with that queue and grouping window. */
async function answeringConnection({ call }, name, timeforagroup) {
  const queue = await call('POST', '/queue', { name, color: `#${randomBytes(3).toString('hex')}` });
  const prompt = await call('POST', '/prompt', {
    name: `Bia ${name}`,
    apiKey: KEY,
    prompt: 'Você é a Bia, atendente virtual. Responda com gentileza.',
    queueId: queue.id,
    maxMessages: 10,
  });
  await call('PUT', `/queue/${queue.id}`, { promptId: prompt.id });
  const connection = await call('POST', '/whatsapp', { name, provider: 'simulator', queueIds: [queue.id], timeforagroup });
  for (let i = 0; (await call('GET', `/whatsapp/${connection.id}`)).status !== 'qrcode'; i++) {
    if (i > 300) throw new Error('no QR');
    await sleep(100);
  }
  await call('POST', `/simulator/connections/${connection.id}/scan`, {});
  return connection.id;
}

/** The replies on the simulated phone whose body answers one of `bodies`: when each reached it (ms since the epoch), and how many times. */
async function repliesAtPhone(db, prefix) {
  const { rows } = await db.query(
    `SELECT substr(body, 5) AS answered, count(*)::int AS times, (extract(epoch FROM min(sent_at)) * 1000)::float8 AS at
       FROM whatsapp.simulator_outbound WHERE body LIKE $1 GROUP BY 1`,
    [`re: ${prefix}%`],
  );
  return new Map(rows.map((row) => [row.answered, row]));
}

/**
 * Where the time of each message `{ body, dueAt }` went: when conversations filed it, ai kept it, its
 * answer job was created, started and finished, the model was asked and answered, the reply was filed
 * and reached the phone; p50 and p99 of each, in ms since the message was due.
 */
async function stages(db, model, messages) {
  const { rows } = await db.query(
    `SELECT m.body,
            extract(epoch FROM m.created_at) * 1000 AS filed,
            extract(epoch FROM kept.created_at) * 1000 AS kept,
            extract(epoch FROM job.created_on) * 1000 AS scheduled,
            extract(epoch FROM job.started_on) * 1000 AS started,
            extract(epoch FROM job.completed_on) * 1000 AS finished,
            extract(epoch FROM reply.created_at) * 1000 AS reply_filed,
            extract(epoch FROM phone.sent_at) * 1000 AS at_phone
       FROM conversations.messages m
       LEFT JOIN ai.conversation_messages kept ON kept.message_id = m.id
       LEFT JOIN LATERAL (SELECT created_on, started_on, completed_on FROM pgboss.job
                           WHERE name = 'ai-answer' AND data->>'ticketId' = m.ticket_id::text AND created_on >= m.created_at
                           ORDER BY created_on LIMIT 1) job ON true
       LEFT JOIN LATERAL (SELECT created_at FROM conversations.messages r
                           WHERE r.ticket_id = m.ticket_id AND r.from_me AND r.body = 're: ' || m.body LIMIT 1) reply ON true
       LEFT JOIN LATERAL (SELECT min(sent_at) AS sent_at FROM whatsapp.simulator_outbound s WHERE s.body = 're: ' || m.body) phone ON true
      WHERE NOT m.from_me AND m.body = ANY($1::text[])`,
    [messages.map((m) => m.body)],
  );
  const due = new Map(messages.map((m) => [m.body, m.dueAt]));
  const asked = new Map(model.calls.map((call) => [call.users.at(-1), call]));
  const columns = [
    ['filed', (row) => row.filed],
    ['kept by ai', (row) => row.kept],
    ['job created', (row) => row.scheduled],
    ['job started', (row) => row.started],
    ['model asked', (row) => asked.get(row.body)?.at],
    ['model answered', (row) => asked.get(row.body)?.answeredAt],
    ['job finished', (row) => row.finished],
    ['reply filed', (row) => row.reply_filed],
    ['at the phone', (row) => row.at_phone],
  ];
  for (const [name, of] of columns) {
    const times = rows.flatMap((row) => (of(row) == null ? [] : [Number(of(row)) - due.get(row.body)])).sort((a, b) => a - b);
    console.log(
      `    ${name.padEnd(15)} p50 ${percentile(times, 50)?.toFixed(0)} ms  p99 ${percentile(times, 99)?.toFixed(0)} ms  (${times.length})`,
    );
  }
}

/** Waits until `count()` reaches `expected` or has not moved for `quietMs` (times BENCH_AI_PATIENCE on a loaded machine). */
async function settle(count, expected, quietMs = 15_000) {
  quietMs *= Number(process.env.BENCH_AI_PATIENCE ?? 1);
  for (let last = await count(), since = performance.now(); last < expected && performance.now() - since < quietMs;) {
    await sleep(250);
    const now = await count();
    if (now !== last) {
      last = now;
      since = performance.now();
    }
  }
}

/** Messages `{ from, body, dueAt }` to the phone in bursts of those come due, every 10 ms (as the inbound bench does). */
async function inject(call, connectionId, messages) {
  const inFlight = new Set();
  let next = 0;
  while (next < messages.length) {
    const due = [];
    while (next < messages.length && messages[next].dueAt <= Date.now()) due.push(messages[next++]);
    if (due.length > 0 && inFlight.size < 16) {
      const burst = call('POST', `/simulator/connections/${connectionId}/inbound/burst`, {
        messages: due.map(({ from, body }) => ({ from, body })),
      })
        .catch((error) => console.error(String(error)))
        .finally(() => inFlight.delete(burst));
      inFlight.add(burst);
    } else if (due.length > 0) {
      next -= due.length;
    }
    await sleep(10);
  }
  await Promise.all(inFlight);
}

async function overhead(model) {
  const seconds = Number(process.env.BENCH_AI_SECONDS ?? 60);
  const rate = Number(process.env.BENCH_AI_RATE ?? 50);
  const conversations = Number(process.env.BENCH_AI_CONVERSATIONS ?? 500);
  const product = await startProduct(model);
  try {
    const admin = await session(product, 'admin@admin.com', 'Bench12345');
    const connectionId = await answeringConnection(admin, 'Overhead', 0);
    const from = (i) => `5511960${String(i % conversations).padStart(6, '0')}`;
    // Each conversation opens first (its ticket, its first answer), not measured.
    const opening = Array.from({ length: conversations }, (_, i) => ({ from: from(i), body: `open ${i}`, dueAt: Date.now() + i * 5 }));
    await inject(admin.call, connectionId, opening);
    await settle(async () => (await repliesAtPhone(product.db, 'open ')).size, conversations, 20_000);
    if (process.env.BENCH_AI_DEBUG) {
      console.log('opening answered:', (await repliesAtPhone(product.db, 'open ')).size, 'model calls:', model.calls.length);
      for (const sql of [
        'SELECT id, prompt_id, agent_id FROM ai.queues',
        'SELECT count(*) FROM ai.conversations',
        'SELECT id, timeforagroup FROM ai.connections',
        'SELECT count(*), min(queue_id), max(queue_id) FROM conversations.tickets',
        'SELECT name, state, count(*) FROM pgboss.job GROUP BY 1, 2',
      ])
        console.log(sql, JSON.stringify((await product.db.query(sql)).rows));
    }
    await product.db.query('ANALYZE');
    model.calls.length = 0;
    const start = Date.now() + 500;
    const total = rate * seconds;
    const messages = Array.from({ length: total }, (_, i) => ({ from: from(i), body: `m ${i}`, dueAt: start + (i * 1000) / rate }));
    const loadBefore = load();
    await inject(admin.call, connectionId, messages);
    await settle(async () => (await repliesAtPhone(product.db, 'm ')).size, total);
    const replies = await repliesAtPhone(product.db, 'm ');
    const latencies = messages.flatMap((m) => (replies.has(m.body) ? [replies.get(m.body).at - m.dueAt] : [])).sort((a, b) => a - b);
    const twice = [...replies.values()].filter((reply) => reply.times > 1).length;
    const lost = total - replies.size;
    const p99 = percentile(latencies, 99);
    console.log(
      `overhead: ${total} customer messages at ${rate}/s over ${conversations} conversations for ${seconds} s (load ${loadBefore} → ${load()})`,
    );
    console.log(
      `  message → reply at the phone  p50 ${percentile(latencies, 50)?.toFixed(0)} ms  p95 ${percentile(latencies, 95)?.toFixed(0)} ms  p99 ${p99?.toFixed(0)} ms (target < 200 ms: ${verdict(p99 < 200)})  max ${latencies.at(-1)?.toFixed(0)} ms`,
    );
    console.log(
      `  lost ${lost} (target 0: ${verdict(lost === 0)}); answered twice ${twice} (target 0: ${verdict(twice === 0)}); model calls ${model.calls.length}`,
    );
  } finally {
    await stopProduct(product);
  }
}

async function headOfLine(model) {
  const product = await startProduct(model);
  model.delayMs = 2_000;
  try {
    const admin = await session(product, 'admin@admin.com', 'Bench12345');
    const plans = await admin.call('GET', '/plans/list');
    const plan = plans.find((one) => one.name === 'Plano Inicial') ?? plans[0];
    const password = 'Bench12345';
    await admin.call('POST', '/companies', { name: 'Outra Empresa', email: 'dono@outra.bench', password, planId: plan.id });
    const other = await session(product, 'dono@outra.bench', password);
    const hot = await answeringConnection(admin, 'Quente', 0);
    const quiet = await answeringConnection(other, 'Calma', 0);
    // Opening messages (tickets, first answers) at the model's 2 s, not measured.
    await inject(
      admin.call,
      hot,
      Array.from({ length: 400 }, (_, i) => ({ from: `551196100${String(i).padStart(4, '0')}`, body: `open ${i}`, dueAt: Date.now() })),
    );
    await inject(
      other.call,
      quiet,
      Array.from({ length: 20 }, (_, i) => ({ from: `551196200${String(i).padStart(4, '0')}`, body: `open b${i}`, dueAt: Date.now() })),
    );
    await settle(async () => (await repliesAtPhone(product.db, 'open ')).size, 420, 30_000);
    if (process.env.BENCH_AI_DEBUG) {
      console.log('opening answered:', (await repliesAtPhone(product.db, 'open ')).size, 'model calls:', model.calls.length);
      for (const sql of [
        'SELECT state, count(*) FROM ai.conversations GROUP BY 1',
        "SELECT state, count(*) FROM pgboss.job WHERE name = 'ai-answer' GROUP BY 1",
        'SELECT count(*), count(DISTINCT queue_id) FROM conversations.tickets',
        'SELECT from_me, count(*) FROM conversations.messages GROUP BY 1',
        'SELECT count(*) FROM whatsapp.simulator_outbound',
        'SELECT count(*) FROM ai.outbox',
      ])
        console.log(sql, JSON.stringify((await product.db.query(sql)).rows));
    }

    const atOnce = async (root, runs) => {
      const start = Date.now() + 300;
      const sent = runs.flatMap(({ call, connectionId, count, prefix, numbers }) => {
        const messages = Array.from({ length: count }, (_, i) => ({ from: numbers(i), body: `${prefix}${i}`, dueAt: start }));
        return [{ call, connectionId, messages }];
      });
      await Promise.all(sent.map(({ call, connectionId, messages }) => inject(call, connectionId, messages)));
      const all = sent.flatMap((one) => one.messages);
      await settle(async () => (await repliesAtPhone(product.db, root)).size, all.length, 30_000);
      const replies = await repliesAtPhone(product.db, root);
      if (process.env.BENCH_AI_DEBUG) {
        for (const { messages } of sent) {
          console.log(`  where the time of ${messages.length} messages ${messages[0].body.replace(/\d+$/, '')}* went:`);
          await stages(product.db, model, messages);
        }
      }
      return (prefix) =>
        all
          .filter((m) => m.body.startsWith(prefix))
          .flatMap((m) => (replies.has(m.body) ? [replies.get(m.body).at - m.dueAt] : [Infinity]))
          .sort((a, b) => a - b);
    };
    const loadBefore = load();
    const first = await atOnce('h1-', [
      { call: admin.call, connectionId: hot, count: 200, prefix: 'h1-', numbers: (i) => `551196100${String(i).padStart(4, '0')}` },
    ]);
    const one = first('h1-');
    const p99 = percentile(one, 99);
    console.log(`head-of-line: the model takes 2 s (load ${loadBefore} → ${load()}; the most calls in flight ${model.mostInFlight})`);
    console.log(
      `  200 conversations at once, one company within its limit (200): p50 ${percentile(one, 50)?.toFixed(0)} ms  p99 ${p99.toFixed(0)} ms (target < 2250 ms: ${verdict(p99 < 2_250)})  max ${one.at(-1).toFixed(0)} ms`,
    );
    const second = await atOnce('h2', [
      { call: admin.call, connectionId: hot, count: 400, prefix: 'h2-', numbers: (i) => `551196100${String(i).padStart(4, '0')}` },
      { call: other.call, connectionId: quiet, count: 20, prefix: 'h2b-', numbers: (i) => `551196200${String(i).padStart(4, '0')}` },
    ]);
    const busy = second('h2-');
    const calm = second('h2b-');
    const calmP99 = percentile(calm, 99);
    console.log(
      `  a company at its limit (400 conversations, limit 200): p50 ${percentile(busy, 50)?.toFixed(0)} ms  max ${busy.at(-1).toFixed(0)} ms (waits its turn: about 2 × 2 s)`,
    );
    console.log(
      `  another company's 20 conversations meanwhile: p50 ${percentile(calm, 50)?.toFixed(0)} ms  p99 ${calmP99.toFixed(0)} ms (target < 2250 ms: ${verdict(calmP99 < 2_250)})`,
    );
  } finally {
    model.delayMs = 0;
    await stopProduct(product);
  }
}

async function debounce(model) {
  let product = await startProduct(model);
  const window = 45;
  try {
    const admin = await session(product, 'admin@admin.com', 'Bench12345');
    const connectionId = await answeringConnection(admin, 'Janela', window);
    const say = async (call, from, body) => call('POST', `/simulator/connections/${connectionId}/inbound`, { from, body });
    const callsFor = (from) => model.calls.filter((c) => c.users.some((text) => text.startsWith(`${from}:`)));
    // Without a kill: 5 messages 300 ms apart.
    const calm = '5511963000001';
    for (let i = 1; i <= 5; i++) {
      await say(admin.call, calm, `${calm}: parte ${i}`);
      await sleep(300);
    }
    // With a kill -9 after the third: the process starts again and the customer goes on.
    const killed = '5511963000002';
    for (let i = 1; i <= 3; i++) {
      await say(admin.call, killed, `${killed}: parte ${i}`);
      await sleep(300);
    }
    await sleep(1_000); // the third message filed and its event consumed by the ai service
    product.child.kill('SIGKILL');
    await new Promise((resolve) => product.child.once('exit', resolve));
    product = await startProduct(model, product);
    const again = await session(product, 'admin@admin.com', 'Bench12345');
    for (let i = 4; i <= 5; i++) {
      await say(again.call, killed, `${killed}: parte ${i}`);
      await sleep(300);
    }
    console.log(
      `debounce: timeforagroup ${window} s; the process started again in ${(product.startedIn / 1000).toFixed(1)} s after kill -9`,
    );
    await settle(async () => callsFor(calm).length + callsFor(killed).length, 2, (window + 20) * 1000);
    await sleep(3_000);
    for (const [from, what] of [
      [calm, '5 messages within the window'],
      [killed, '5 messages within the window, kill -9 after the third'],
    ]) {
      const calls = callsFor(from);
      const seen = calls[0]?.users.filter((text) => text.startsWith(`${from}:`)).length ?? 0;
      const ok = calls.length === 1 && seen === 5;
      console.log(
        `  ${what}: ${calls.length} model call(s), the call saw ${seen} of the 5 (target exactly 1 call with all 5: ${verdict(ok)})`,
      );
    }
  } finally {
    await stopProduct(product);
  }
}

async function inbox() {
  console.log(`inbox: bench/inbox-inbound.mjs standalone 500 60 500 (ai service in the process, nothing bound; load ${load()})`);
  const child = spawn(process.execPath, [path.join(root, 'bench/inbox-inbound.mjs'), 'standalone', '500', '60', '500'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await new Promise((resolve) => child.once('exit', resolve));
  for (const line of output.split('\n').filter((one) => one.includes('p99') || one.includes('lost'))) console.log(`  ${line.trim()}`);
  const p99 = Number(/p99 (\d+) ms/.exec(output)?.[1]);
  console.log(`  p99 ${p99} ms (target < 150 ms: ${verdict(p99 < 150)})`);
}

const model = await startModel();
try {
  console.log(`machine: ${os.cpus().length} cores, load ${load()} (1 / 5 / 15 min)`);
  if (part === 'all' || part === 'overhead') await overhead(model);
  if (part === 'all' || part === 'hol') await headOfLine(model);
  if (part === 'all' || part === 'debounce') await debounce(model);
  if (part === 'all' || part === 'inbox') await inbox();
} finally {
  await model.close();
}
