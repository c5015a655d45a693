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
import { randomUUID } from 'node:crypto';

import {
  apiBody,
  benchDatabase,
  benchDataDir,
  percentile,
  requiredDatabaseUrl,
  requireFromRoot,
  scannedSimulatorConnection,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const { Client } = requireFromRoot('pg');

const [rateArg = '200', secondsArg = '60', mode = 'once'] = process.argv.slice(2);
const RATE = Number(rateArg);
const SECONDS = Number(secondsArg);
const TOKENS = 10;
requiredDatabaseUrl();
/** p-th percentile of unsorted values to a tenth of a millisecond; NaN (null in JSON) for none. */
const p = (values, q) =>
  Number(
    (
      percentile(
        [...values].sort((a, b) => a - b),
        q,
      ) ?? NaN
    ).toFixed(1),
  );

const database = await benchDatabase('bench_partner');
const storage = benchDataDir('bench-partner');
let product;
const db = new Client({ connectionString: database.url });
try {
  product = await StandaloneProduct.start({ databaseUrl: database.url, dataDir: storage.dir });
  const { baseUrl } = product;
  await db.connect();
  const jwt = (await product.signIn()).token;
  const call = (method, route, body) => apiBody(baseUrl, jwt, method, route, body);
  const connection = await scannedSimulatorConnection(call, { name: 'Bench API', isDefault: true });
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
        acceptedMs: { p50: p(accepted, 50), p99: p(accepted, 99) },
        phoneMs: { p50: p(phone, 50), p99: p(phone, 99) },
        atPhone: rows.length,
        lost,
        duplicated,
      },
      null,
      2,
    ),
  );
} finally {
  await product?.stop();
  await db.end().catch(() => undefined);
  await database.drop({ keep: process.env.BENCH_KEEP_DATABASE === '1' });
  storage.remove();
}
