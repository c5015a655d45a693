// Outbound webhooks (issue 26): a tenant's receiver is down for N minutes while 10,000 events are
// produced for it (over 200 tickets); another tenant's receiver, up all along, gets one event every
// 100 ms. Prints: whether every event reached the first receiver after it came back, in order per
// ticket, each under one webhook-id (verified with the Standard Webhooks reference library), how long
// the backlog took after the comeback, and the other tenant's latency from queueing to receipt.
//
// It runs the built queue and dispatcher (dist/, `npm run build:server`) on a database of its own:
// the consumer's enqueue statement, the claim/settle statements and the HTTP sender through the
// outbound URL guard, with the production backoff schedule, per-endpoint concurrency and timeout.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/webhooks.mjs [--minutes 10] [--events 10000] [--tickets 200]
import http from 'node:http';
import { parseArgs } from 'node:util';

import { benchDatabase, freePort, loadAverage, percentile, requireFromRoot, sleep } from './support/harness.mjs';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    events: { type: 'string', default: '10000' },
    tickets: { type: 'string', default: '200' },
  },
});
const DOWN_MS = Number(values.minutes) * 60_000;
const EVENTS = Number(values.events);
const TICKETS = Number(values.tickets);
const OTHER_EVERY_MS = 100;
/** After the comeback, how long the backlog may take before the bench gives up (the backoff's step then). */
const DRAIN_LIMIT_MS = DOWN_MS + 15 * 60_000;

const { DataSource } = requireFromRoot('typeorm');
const { Webhook } = requireFromRoot('standardwebhooks');
const { Webhooks1764000002800 } = requireFromRoot('./dist/libs/conversations/src/migrations/1764000002800-webhooks.js');
const { WebhookDeliveryRepository } = requireFromRoot('./dist/libs/conversations/src/webhooks/webhook-delivery.repository.js');
const { WebhookEndpointRepository } = requireFromRoot('./dist/libs/conversations/src/webhooks/webhook-endpoint.repository.js');
const { WebhookDispatcher } = requireFromRoot('./dist/libs/conversations/src/webhooks/webhook.dispatcher.js');
const { WebhookSecretsSealed1764000003000 } = requireFromRoot(
  './dist/libs/conversations/src/migrations/1764000003000-webhook-secrets-sealed.js',
);
const { WebhookSecretBox } = requireFromRoot('./dist/libs/conversations/src/webhooks/webhook-secret-box.js');
const { newWebhookSecret } = requireFromRoot('./dist/libs/conversations/src/webhooks/webhook-signature.js');
const { OutboundAllowlist, OutboundUrlGuard } = requireFromRoot('./dist/libs/platform/src/net/outbound-url-guard.js');

/** A receiver that records every request; `listen()` / `close()` bring it up and down on the same port. */
function receiver(port) {
  const got = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), at: Date.now() });
      res.writeHead(204).end();
    });
  });
  return {
    got,
    listen: () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const database = await benchDatabase('bench_webhooks');
const dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 10 });
let dispatcher;
try {
  await dataSource.initialize();
  await dataSource.query('CREATE SCHEMA conversations');
  for (const migration of [new Webhooks1764000002800(), new WebhookSecretsSealed1764000003000()]) {
    await migration.up({ query: (sql, params) => dataSource.query(sql, params) });
  }
  const endpoints = new WebhookEndpointRepository(dataSource);
  const deliveries = new WebhookDeliveryRepository(dataSource);
  const [downPort, upPort] = [await freePort(), await freePort()];
  const down = receiver(downPort);
  const up = receiver(upPort);
  await up.listen();
  const secrets = [newWebhookSecret(), newWebhookSecret()];
  const box = new WebhookSecretBox({}, { jwt: { secret: 'bench-webhook-keys-secret-0123456789abcdef' } });
  const [downEndpoint, upEndpoint] = [
    await endpoints.insert(1, {
      url: `http://127.0.0.1:${downPort}/hook`,
      events: ['message.received'],
      description: '',
      enabled: true,
      secret: box.seal(secrets[0]),
    }),
    await endpoints.insert(2, {
      url: `http://127.0.0.1:${upPort}/hook`,
      events: ['message.received'],
      description: '',
      enabled: true,
      secret: box.seal(secrets[1]),
    }),
  ];
  dispatcher = new WebhookDispatcher(deliveries, new OutboundUrlGuard(new OutboundAllowlist(['127.0.0.1'])), endpoints, box, {});
  dispatcher.onApplicationBootstrap();

  const enqueue = async (companyId, endpointId, ticket, seq) => {
    const messageId = `msg_${companyId}_${ticket}_${seq}`;
    const payload = { type: 'message.received', timestamp: new Date().toISOString(), data: { ticket, seq, sentAt: Date.now() } };
    await dataSource.transaction((manager) =>
      deliveries.enqueue(manager, companyId, [
        { endpointId, messageId, eventType: 'message.received', orderingKey: `ticket:${ticket}`, payload },
      ]),
    );
    dispatcher.wake();
  };

  console.log(
    `webhooks: receiver of tenant 1 down for ${DOWN_MS / 60_000} min while ${EVENTS} events are produced over ${TICKETS} tickets; tenant 2 gets one every ${OTHER_EVERY_MS} ms`,
  );
  const started = Date.now();
  const seqs = new Map();
  let produced = 0;
  let other = 0;
  const otherProducer = (async () => {
    while (Date.now() - started < DOWN_MS) {
      await enqueue(2, upEndpoint.id, 100_000 + (other % 10), other);
      other += 1;
      await sleep(OTHER_EVERY_MS);
    }
  })();
  // The tenant-1 events, spread evenly over the first 90% of the downtime.
  const spacing = (DOWN_MS * 0.9) / EVENTS;
  while (produced < EVENTS) {
    const due = started + produced * spacing;
    if (due > Date.now()) await sleep(due - Date.now());
    const ticket = produced % TICKETS;
    const seq = seqs.get(ticket) ?? 0;
    seqs.set(ticket, seq + 1);
    await enqueue(1, downEndpoint.id, ticket, seq);
    produced += 1;
  }
  await otherProducer;
  const cameBack = Date.now();
  await down.listen();
  console.log(
    `  produced ${produced} + ${other} events in ${((cameBack - started) / 1000).toFixed(0)} s; receiver back up, load ${loadAverage()}`,
  );
  while (down.got.length < EVENTS && Date.now() - cameBack < DRAIN_LIMIT_MS) await sleep(250);
  const drained = Date.now();

  // Tenant 1: every event, once, in order per ticket, each verified under its one webhook-id.
  const verifier = new Webhook(secrets[0]);
  const firstSeen = new Map();
  const lastSeq = new Map();
  let outOfOrder = 0;
  let badSignatures = 0;
  let sameEventOtherId = 0;
  const idOfEvent = new Map();
  for (const one of down.got) {
    let payload;
    try {
      payload = verifier.verify(one.body, one.headers);
    } catch {
      badSignatures += 1;
      continue;
    }
    const { ticket, seq } = payload.data;
    const event = `${ticket}/${seq}`;
    const id = one.headers['webhook-id'];
    if (idOfEvent.has(event) && idOfEvent.get(event) !== id) sameEventOtherId += 1;
    idOfEvent.set(event, id);
    if (firstSeen.has(id)) continue;
    firstSeen.set(id, one.at);
    if ((lastSeq.get(ticket) ?? -1) + 1 !== seq) outOfOrder += 1;
    lastSeq.set(ticket, seq);
  }
  const deadRows = await dataSource.query(`SELECT count(*)::int AS n FROM conversations.webhook_deliveries WHERE state = 'dead'`);
  console.log(
    `  tenant 1: ${firstSeen.size}/${EVENTS} delivered (${down.got.length - firstSeen.size} repeats under the same id), ` +
      `${outOfOrder} out of order per ticket, ${sameEventOtherId} under a second id, ${badSignatures} bad signatures, ${deadRows[0].n} dead-lettered; ` +
      `backlog delivered ${((drained - cameBack) / 1000).toFixed(1)} s after the comeback`,
  );
  // Tenant 2: queueing to receipt.
  const latencies = up.got.map((one) => one.at - JSON.parse(one.body).data.sentAt).sort((a, b) => a - b);
  console.log(
    `  tenant 2: ${up.got.length}/${other} delivered while tenant 1 was down; latency p50 ${percentile(latencies, 50)} ms, ` +
      `p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms (target p99 < 1000 ms)`,
  );
  console.log(`  load average ${loadAverage()} (2 cores, shared)`);
  await down.close();
  await up.close();
} finally {
  await dispatcher?.onApplicationShutdown();
  await dataSource.destroy().catch(() => undefined);
  await database.drop();
}
