#!/usr/bin/env node
// Chatbot integrations end to end (issue 24), on the standalone product from dist/ with its simulator:
//
// 1. Customers write at a set rate (50/s) over many conversations (500) split over the seven types
//    (typebot, n8n, webhook, flowise, dify, openaiassist, dialogflow: one simulator connection each,
//    with one queue bound to the type's integration), local product servers answering at once. Prints
//    the p50/p95/p99 from when each customer message was due to when the bot's reply reached the
//    simulated phone (its sentAt), against the target p99 < 200 ms, the messages lost (no reply) and
//    answered twice (the reply echoes the message: a token seen in two messages at the phone, or a
//    customer message stored twice).
// 2. The typebot stops answering (its requests hang) for 30 s while each of its conversations writes
//    once and another company's webhook integration keeps answering its customers: every affected
//    typebot ticket must be answered or sent to a human (conversations' human_ready_at) within the
//    integration's timeout (chatbot timeout × (retries + 1) + the backoffs: 46.5 s with the product's
//    defaults), and the other company's p99 is printed against the same 200 ms.
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/integrations.mjs [seconds=60] [ratePerSecond=50] [conversations=500] [stallSeconds=30]
//   (AI_COMPANY_CONCURRENCY=16 gives the product's process that per-company limit instead of its default 4:
//   all 500 conversations are one company's, so the default caps them at 4 turns at once.)
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';

import {
  apiBody,
  BENCH_ADMIN,
  benchDatabase,
  benchDataDir,
  loadAverage,
  percentile,
  requiredDatabaseUrl,
  requireFromRoot,
  root,
  signIn,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const require = requireFromRoot;
require('./bench/support/require-typescript.cjs');
const { Client } = require('pg');
const servers = path.join(root, 'libs/ai/src/testing/chatbot-servers');
const { startWebhookServer } = require(path.join(servers, 'webhook-server.ts'));
const { FakeFlowiseServer } = require(path.join(servers, 'flowise-server.ts'));
const { FakeDifyServer } = require(path.join(servers, 'dify-server.ts'));
const { FakeOpenAiResponsesServer } = require(path.join(servers, 'openai-responses-server.ts'));
const { FakeDialogflowServer } = require(path.join(servers, 'dialogflow-server.ts'));

const [secondsArg = '60', rateArg = '50', conversationsArg = '500', stallArg = '30'] = process.argv.slice(2);
const SECONDS = Number(secondsArg);
const RATE = Number(rateArg);
const CONVERSATIONS = Number(conversationsArg);
const STALL_SECONDS = Number(stallArg);
const TARGET_P99 = 200;
/** The product's defaults (libs/ai/src/ai-options.ts): 15 s a call, 2 retries, 500 ms then 1 s apart. */
const INTEGRATION_TIMEOUT_MS = 15_000 * 3 + 500 + 1_000;
const TYPES = ['typebot', 'n8n', 'webhook', 'flowise', 'dify', 'openaiassist', 'dialogflow'];
const TICK_MS = 10;
requiredDatabaseUrl();

/**
 * A typebot speaking its v1 chat API (startChat, continueChat) that echoes each message, so that a
 * reply names the message it answers; `stall(true)` makes it stop answering (requests hang).
 */
async function startEchoTypebot() {
  const hanging = new Set();
  let stalled = false;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (stalled) {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const message = typeof body.message === 'string' ? body.message : '';
      const text = {
        id: randomBytes(6).toString('hex'),
        type: 'text',
        content: { type: 'richText', richText: [{ type: 'p', children: [{ text: `Eco: ${message}` }] }] },
      };
      const input = { id: 'free', type: 'text input' };
      response.writeHead(200, { 'content-type': 'application/json' });
      if (/^\/api\/v1\/typebots\/eco\/startChat$/.test(request.url)) {
        response.end(
          JSON.stringify({
            sessionId: randomBytes(12).toString('hex'),
            typebot: { id: 'eco', theme: {}, settings: {} },
            messages: [text],
            input,
          }),
        );
      } else if (/^\/api\/v1\/sessions\/[^/]+\/continueChat$/.test(request.url)) {
        response.end(JSON.stringify({ messages: [text], input }));
      } else {
        response.writeHead(404).end('{"message":"Not found"}');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    stall: (on) => (stalled = on),
    close: () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const database = await benchDatabase('bench_integrations');
const storage = benchDataDir('bench-integrations');
const typebot = await startEchoTypebot();
const n8n = await startWebhookServer();
const hook = await startWebhookServer();
const otherHook = await startWebhookServer();
const flowise = await FakeFlowiseServer.start();
const dify = await FakeDifyServer.start();
const openai = await FakeOpenAiResponsesServer.start();
const google = await FakeDialogflowServer.start();
const db = new Client({ connectionString: database.url });
let product;

try {
  product = await StandaloneProduct.start({
    databaseUrl: database.url,
    dataDir: storage.dir,
    // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the product's time goes.
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      WEB_DIST: '/nonexistent',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      AI_OPENAI_BASE_URL: openai.baseUrl,
      AI_DIALOGFLOW_BASE_URL: google.apiBase,
      ...(process.env.AI_COMPANY_CONCURRENCY && { AI_COMPANY_CONCURRENCY: process.env.AI_COMPANY_CONCURRENCY }),
    },
  });
  const { baseUrl } = product;
  const call = (token, method, route, body) => apiBody(baseUrl, token, method, route, body);
  const login = async (email, password) => (await signIn(baseUrl, { email, password })).token;
  const root_ = await login(BENCH_ADMIN.email, BENCH_ADMIN.password);
  const plan = await call(root_, 'POST', '/plans', {
    name: 'Bench',
    users: 10,
    connections: 20,
    queues: 20,
    value: 0,
    useIntegrations: true,
  });
  /** A company of its own with its admin's token. */
  const company = async (name) => {
    const email = `admin@c${randomBytes(4).toString('hex')}.test`;
    const created = await call(root_, 'POST', '/companies', {
      name,
      email,
      password: 'Admin-password-1',
      planId: plan.id,
      dueDate: '2999-01-01',
    });
    return { id: created.id, token: await login(email, 'Admin-password-1') };
  };
  /** A simulator connection, scanned, whose one queue is bound to the integration. */
  const boundConnection = async (owner, label, integration) => {
    const created = await call(owner.token, 'POST', '/queueIntegration', integration);
    const queue = await call(owner.token, 'POST', '/queue', {
      name: `Fila ${label}`,
      color: `#${randomBytes(3).toString('hex')}`,
      integrationId: created.id,
    });
    // No grouping window (timeforagroup 0): each message is answered as soon as it comes.
    const connection = await call(owner.token, 'POST', '/whatsapp', {
      name: `Bench ${label}`,
      provider: 'simulator',
      queueIds: [queue.id],
      timeforagroup: 0,
    });
    for (let i = 0; (await call(owner.token, 'GET', `/whatsapp/${connection.id}`)).status !== 'qrcode'; i++) {
      if (i > 300) throw new Error('no QR');
      await sleep(100);
    }
    await call(owner.token, 'POST', `/simulator/connections/${connection.id}/scan`, {});
    return { id: connection.id, owner };
  };
  const A = await company('Loja Azul');
  const B = await company('Outra Loja');
  const settingsOf = {
    typebot: { urlN8N: typebot.baseUrl, typebotSlug: 'eco', typebotDelayMessage: 0 },
    n8n: { urlN8N: n8n.url },
    webhook: { urlN8N: hook.url },
    flowise: { urlflowise: flowise.predictionUrl },
    dify: { urldify: dify.apiBase, apidify: dify.appKey },
    openaiassist: { openaiid: openai.promptId, openaikey: openai.apiKey },
    dialogflow: { projectName: google.projectId, language: 'pt-BR', jsonContent: google.serviceAccountJson() },
  };
  const connections = {};
  for (const type of TYPES) connections[type] = await boundConnection(A, type, { type, name: `Bench ${type}`, ...settingsOf[type] });
  const other = await boundConnection(B, 'outra', { type: 'webhook', name: 'Outra webhook', urlN8N: otherHook.url });
  await db.connect();

  // What reached the simulated phones: each reply echoes the customer's token (bench-<n>).
  const replies = new Map(); // token -> [sentAt ms]
  const seenIds = new Set();
  const watched = [...Object.values(connections), other];
  let polling = true;
  const poll = async () => {
    for (const connection of watched) {
      const { messages } = await call(connection.owner.token, 'GET', `/simulator/connections/${connection.id}/outbound`);
      for (const message of messages) {
        if (seenIds.has(message.messageId)) continue;
        seenIds.add(message.messageId);
        // Messages that waited together (a busy ticket's turn) are answered once, naming each.
        const at = new Date(message.sentAt).getTime();
        for (const [token] of message.body.matchAll(/bench-\d+/g)) replies.set(token, [...(replies.get(token) ?? []), at]);
      }
    }
  };
  const poller = (async () => {
    while (polling) {
      await poll().catch((error) => console.error('poll', String(error)));
      await sleep(1_000);
    }
  })();

  let nextToken = 0;
  /**
   * Sends messages at `rate` for `seconds`: message i is due at i/rate s, from the conversation
   * `pick(i)` = { connection, number }; each tick's due messages leave in one burst per connection.
   * Returns [{ token, due (epoch ms), connection, number }].
   */
  async function offer(rate, seconds, pick) {
    const total = Math.round(rate * seconds);
    const sent = [];
    const started = Date.now();
    const inFlight = new Set();
    let next = 0;
    while (next < total) {
      const due = Math.min(total, Math.floor(((Date.now() - started) * rate) / 1000) + 1);
      if (due > next) {
        const bursts = new Map();
        for (let i = next; i < due; i++) {
          const { connection, number } = pick(i);
          const token = `bench-${nextToken++}`;
          sent.push({ token, due: started + (i * 1000) / rate, connection, number });
          if (!bursts.has(connection)) bursts.set(connection, []);
          bursts.get(connection).push({ from: number, body: `Olá ${token}` });
        }
        next = due;
        for (const [connection, messages] of bursts) {
          const burst = call(connection.owner.token, 'POST', `/simulator/connections/${connection.id}/inbound/burst`, { messages })
            .catch((error) => console.error('burst', String(error)))
            .finally(() => inFlight.delete(burst));
          inFlight.add(burst);
        }
      }
      await sleep(Math.max(TICK_MS, started + (next * 1000) / rate - Date.now()));
    }
    await Promise.all(inFlight);
    return sent;
  }
  /** Waits until every message has a reply or nothing new came for `quietMs`. */
  async function settle(sent, quietMs = 15_000) {
    for (let last = -1, since = Date.now(); Date.now() - since < quietMs; await sleep(500)) {
      await poll();
      const answered = sent.filter((m) => replies.has(m.token)).length;
      if (answered === sent.length) return;
      if (answered !== last) [last, since] = [answered, Date.now()];
    }
  }
  const latencies = (sent) => sent.flatMap((m) => (replies.has(m.token) ? [replies.get(m.token)[0] - m.due] : [])).sort((a, b) => a - b);
  const fmt = (ms) => (ms === undefined ? '-' : `${ms.toFixed(0)} ms`);
  const load = loadAverage(1);

  const conversation = (c) => {
    const type = TYPES[c % TYPES.length];
    return { connection: connections[type], number: `5511${String(TYPES.indexOf(type))}${String(c).padStart(7, '0')}`, type };
  };
  // Each conversation writes once first (its ticket, contact and session made: not measured).
  const warm = await offer(Math.min(100, CONVERSATIONS), CONVERSATIONS / Math.min(100, CONVERSATIONS), (i) =>
    conversation(i % CONVERSATIONS),
  );
  await settle(warm);
  await db.query('ANALYZE');

  const main = await offer(RATE, SECONDS, (i) => conversation(i % CONVERSATIONS));
  await settle(main);
  const mainLatencies = latencies(main);
  const lost = main.filter((m) => !replies.has(m.token)).length;
  const twiceAtPhone = main.filter((m) => (replies.get(m.token)?.length ?? 0) > 1).length;
  const { rows: storedTwice } = await db.query(
    `SELECT (count(*) - count(DISTINCT body))::int AS n FROM conversations.messages WHERE body LIKE 'Olá bench-%' AND from_me = false`,
  );
  console.log(`machine load average at the start (shared with other work): ${load}`);
  console.log(
    `integrations: ${main.length} customer messages at ${RATE}/s for ${SECONDS} s over ${CONVERSATIONS} conversations of ${TYPES.length} types`,
  );
  console.log(
    `  message → bot reply at the phone  p50 ${fmt(percentile(mainLatencies, 50))}  p95 ${fmt(percentile(mainLatencies, 95))}  p99 ${fmt(percentile(mainLatencies, 99))} (target < ${TARGET_P99} ms)  max ${fmt(mainLatencies.at(-1))}`,
  );
  for (const type of TYPES) {
    const own = latencies(main.filter((m) => m.connection === connections[type]));
    console.log(`    ${type.padEnd(12)} p99 ${fmt(percentile(own, 99))}  (${own.length} replies)`);
  }
  console.log(`  lost ${lost} (target 0); answered twice ${twiceAtPhone} at the phone, ${storedTwice[0].n} stored twice (target 0)`);

  // 2. The typebot stops answering; the other company keeps writing.
  if (STALL_SECONDS > 0) {
    const typebotConversations = [...Array(CONVERSATIONS).keys()].filter((c) => c % TYPES.length === 0);
    typebot.stall(true);
    const stallStarted = Date.now();
    const stallLoad = loadAverage(1);
    const [affected, otherSent] = await Promise.all([
      offer(typebotConversations.length / STALL_SECONDS, STALL_SECONDS, (i) => conversation(typebotConversations[i])),
      offer(10, STALL_SECONDS, (i) => ({ connection: other, number: `5521900${String(i % 50).padStart(6, '0')}` })),
    ]);
    await sleep(Math.max(0, stallStarted + STALL_SECONDS * 1000 - Date.now()));
    typebot.stall(false);
    // Each affected ticket: answered (a reply at the phone) or handed to a human (human_ready_at).
    const outcome = new Map();
    const handed = new Map(); // number -> when its ticket was first seen handed to a human
    const { rows: before } = await db.query(
      `SELECT k.number FROM ai.conversations a JOIN conversations.tickets t ON t.id = a.ticket_id
         JOIN conversations.contacts k ON k.id = t.contact_id WHERE t.whatsapp_id = $1 AND a.state = 'handed_off'`,
      [connections.typebot.id],
    );
    for (const { number } of before) handed.set(number, -Infinity);
    const deadline = Math.max(...affected.map((m) => m.due)) + INTEGRATION_TIMEOUT_MS + 15_000;
    while (Date.now() < deadline && outcome.size < affected.length) {
      await poll();
      // Handed to a human: ai's conversation of the ticket handed off (seen each second, with the bench's clock).
      const { rows } = await db.query(
        `SELECT k.number FROM ai.conversations a JOIN conversations.tickets t ON t.id = a.ticket_id
           JOIN conversations.contacts k ON k.id = t.contact_id WHERE t.whatsapp_id = $1 AND a.state = 'handed_off'`,
        [connections.typebot.id],
      );
      for (const { number } of rows) if (!handed.has(number)) handed.set(number, Date.now());
      for (const m of affected) {
        if (outcome.has(m.token)) continue;
        if (handed.get(m.number) === -Infinity) outcome.set(m.token, { how: 'human before the stall', after: 0 });
        else if (handed.has(m.number)) outcome.set(m.token, { how: 'human', after: handed.get(m.number) - m.due });
        else if (replies.has(m.token)) outcome.set(m.token, { how: 'bot', after: replies.get(m.token)[0] - m.due });
      }
      await sleep(1_000);
    }
    const afters = [...outcome.values()].map((o) => o.after).sort((a, b) => a - b);
    const late = afters.filter((after) => after > INTEGRATION_TIMEOUT_MS).length;
    const toHuman = [...outcome.values()].filter((o) => o.how === 'human').length;
    await settle(otherSent);
    const otherLatencies = latencies(otherSent);
    console.log(`typebot stalled for ${STALL_SECONDS} s (load average then: ${stallLoad})`);
    console.log(
      `  ${affected.length} typebot tickets written to: ${toHuman} sent to a human, ${outcome.size - toHuman} answered by the bot after the stall (or handed off before it), ${affected.length - outcome.size} neither`,
    );
    console.log(
      `  time to a human (or the late answer): max ${fmt(afters.at(-1))}, ${late} past the integration's timeout of ${INTEGRATION_TIMEOUT_MS} ms (target 0 past, 0 neither)`,
    );
    console.log(
      `  the other company's webhook meanwhile: ${otherSent.length} messages, p99 ${fmt(percentile(otherLatencies, 99))} (target < ${TARGET_P99} ms), lost ${otherSent.length - otherLatencies.length}`,
    );
  }
  polling = false;
  await poller;
  if (process.env.BENCH_DEBUG) {
    console.log('requests', {
      n8n: n8n.received.length,
      hook: hook.received.length,
      flowise: flowise.requests.length,
      dify: dify.requests.length,
      openai: openai.requests.length,
      google: google.requests.length,
    });
    console.log(
      (
        await db.query(
          `SELECT name, state, count(*)::int FROM pgboss.job WHERE name IN ('ai-answer', 'ai-integration-answer') GROUP BY 1, 2`,
        )
      ).rows,
    );
  }
} finally {
  await product?.stop();
  await db.end().catch(() => {});
  await database.drop({ keep: Boolean(process.env.BENCH_KEEP_DATABASE) });
  storage.remove();
  await Promise.all([typebot, n8n, hook, otherHook, flowise, dify, openai, google].map((server) => server.close()));
}
