#!/usr/bin/env node
// Billing (issue 25), on the standalone product from dist/:
//
// 1. Invoice generation: 10,000 companies (billing's copy of them, seeded), due within the issue
//    window across the five recurrences; the schedule's pending hourly run is made due at once, the
//    process running it is killed with SIGKILL at 20 %, then two processes start on the same database
//    (both running the schedule: the one pending run is theirs to share, the dead run's job stays
//    active until pg-boss expires it). Prints the time until every invoice exists against the 60 s
//    target, and checks exactly one invoice per company and period, each at the plan's value times its
//    months.
// 2. Payment webhooks: 1,000 open invoices with their Asaas charges and their identity companies;
//    each invoice's PAYMENT_RECEIVED event is sent twice, all 2,000 calls shuffled (out of order), at
//    100/s to POST /api/invoices/asaas-webhook. Prints the answer times and the time until every
//    payment was applied, and checks every invoice paid once and every company's due date advanced
//    by exactly one period (identity renews on billing.invoice.paid).
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/billing.mjs [companies=10000] [webhookInvoices=1000] [webhooksPerSecond=100]
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

const [companiesArg = '10000', invoicesArg = '1000', rateArg = '100'] = process.argv.slice(2);
const COMPANIES = Number(companiesArg);
const WEBHOOK_INVOICES = Number(invoicesArg);
const RATE = Number(rateArg);
const TARGET_GENERATION_S = 60;
const WEBHOOK_TOKEN = 'bench-webhook-token-0123456789';
const RECURRENCES = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
const MONTHLY_CENTS = 9990;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
/** libs/contracts advanceDueDate: the due date moved on by the recurrence's months, clamped to the month's end. */
function advanceDueDate(dueDate, recurrence) {
  const [year, month, date] = dueDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + RECURRENCES[recurrence], 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

// One secret for every process of the run: they verify each other's tokens.
const JWT_SECRET = randomBytes(48).toString('base64url');
const dbName = `bench_billing_${randomBytes(4).toString('hex')}`;
const admin = new Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const dataDirs = [];
const running = new Set();

/** One standalone product process on the bench's database; resolves once it answers /ready. */
async function startProduct(label) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-billing-${label}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [path.join(root, 'dist/apps/standalone/src/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Bench12345',
      WEB_DIST: '/nonexistent',
      JWT_SECRET,
      ASAAS_API_URL: 'http://127.0.0.1:9/v3',
      ASAAS_API_KEY: 'bench-asaas-key-0123456789',
      ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/ready`)).status === 200) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${label} exited before it was ready`);
    if (i > 900) throw new Error(`${label} is not ready`);
    await sleep(200);
  }
  return { child, baseUrl };
}

async function stopProduct(product, signal = 'SIGTERM') {
  if (product.child.exitCode !== null || product.child.signalCode !== null) return;
  const exited = new Promise((resolve) => product.child.once('exit', resolve));
  product.child.kill(signal);
  await exited;
}

const db = new Client({ connectionString: dbUrl.toString() });
const count = async (sql, params = []) => (await db.query(sql, params)).rows[0].count;

try {
  // The schema and the platform's seed, once; the processes below start on them.
  await stopProduct(await startProduct('migrate'));
  await db.connect();

  // ---------------------------------------------------------------------------------------------
  // 1. Invoice generation
  // ---------------------------------------------------------------------------------------------
  const recurrenceNames = Object.keys(RECURRENCES);
  await db.query(`INSERT INTO billing.plans (id, name, value_cents, users, connections) VALUES (900001, 'Bench', $1, 5, 2)`, [
    MONTHLY_CENTS,
  ]);
  await db.query(
    `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence)
     SELECT 1000000 + n, 'Bench ' || n, 900001, true, current_date + (n % 10), ($2::text[])[1 + n % 5]
     FROM generate_series(1, $1) AS n`,
    [COMPANIES, recurrenceNames],
  );
  console.log(`generation: ${COMPANIES} companies across ${recurrenceNames.join(', ')}`);
  // The schedule's next run (hourly) comes due now: the one pending job of the queue starts at once.
  const first = await startProduct('first');
  const jobSchema = (
    await db.query(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'job' AND table_schema LIKE 'pgboss%' LIMIT 1`)
  ).rows[0].table_schema;
  const startedAt = Date.now();
  await db.query(`UPDATE "${jobSchema}".job SET start_after = now() WHERE name = 'billing-invoice-generation' AND state = 'created'`);
  const benchInvoices = `SELECT count(*)::int AS count FROM billing.invoices WHERE company_id > 1000000`;
  let killedAt = null;
  let restartedAt = null;
  let readyAt = null;
  let restarting = null;
  for (;;) {
    const issued = await count(benchInvoices);
    if (killedAt === null && issued >= COMPANIES * 0.2) {
      await stopProduct(first, 'SIGKILL');
      killedAt = issued;
      restartedAt = Date.now();
      console.log(
        `  SIGKILL of the process running it with ${issued} invoices issued, ${((restartedAt - startedAt) / 1000).toFixed(1)} s in; two processes start`,
      );
      restarting = Promise.all([startProduct('first-again'), startProduct('second')]).then((products) => {
        readyAt = Date.now();
        return products;
      });
    }
    if (issued >= COMPANIES) break;
    if (Date.now() - startedAt > 300_000) throw new Error(`generation stalled at ${issued} invoices`);
    await sleep(50);
  }
  const doneAt = Date.now();
  const span = (
    await db.query(
      `SELECT extract(epoch FROM max(created_at) - min(created_at)) * 1000 AS ms FROM billing.invoices WHERE company_id > 1000000`,
    )
  ).rows[0].ms;
  const [again, second] = restarting ? await restarting : [first, first];
  await sleep(2_000);
  const perCompany = (
    await db.query(
      `SELECT count(*)::int AS invoices, count(DISTINCT company_id)::int AS companies,
              count(*) FILTER (WHERE value_cents <> $1 * ((('{"MENSAL":1,"BIMESTRAL":2,"TRIMESTRAL":3,"SEMESTRAL":6,"ANUAL":12}'::jsonb) ->> i.recurrence)::int))::int AS mispriced,
              count(*) FILTER (WHERE i.due_date <> c.due_date)::int AS wrong_period
       FROM billing.invoices i JOIN billing.companies c ON c.id = i.company_id WHERE i.company_id > 1000000`,
      [MONTHLY_CENTS],
    )
  ).rows[0];
  const generationSeconds = (doneAt - startedAt) / 1000;
  console.log(
    `  every invoice issued ${generationSeconds.toFixed(1)} s after the run came due (target < ${TARGET_GENERATION_S} s) ${generationSeconds < TARGET_GENERATION_S ? 'OK' : 'MISSED'}; first to last invoice ${fmt(Number(span))}` +
      (readyAt
        ? `; of which ${((readyAt - restartedAt) / 1000).toFixed(1)} s starting the two processes again, ${((doneAt - readyAt) / 1000).toFixed(1)} s finishing once they were ready`
        : ''),
  );
  console.log(
    `  ${perCompany.invoices} invoices for ${perCompany.companies} companies (exactly one each: ${perCompany.invoices === COMPANIES && perCompany.companies === COMPANIES ? 'OK' : 'NO'}), mispriced ${perCompany.mispriced}, wrong period ${perCompany.wrong_period}${killedAt === null ? ' (the kill came too late: generation was done first)' : ''}`,
  );

  // ---------------------------------------------------------------------------------------------
  // 2. Payment webhooks, each twice and out of order
  // ---------------------------------------------------------------------------------------------
  const planId = (await db.query(`SELECT id FROM identity.plans ORDER BY id LIMIT 1`)).rows[0].id;
  const companies = (
    await db.query(
      `INSERT INTO identity.companies (name, email, phone, plan_id, status, approved, due_date, recurrence, schedules)
       SELECT 'Webhook ' || n, 'webhook' || n || '@bench.test', null, $2, true, true, current_date - 1 - (n % 5), ($3::text[])[1 + n % 5], '[]'::jsonb
       FROM generate_series(1, $1) AS n
       RETURNING id, to_char(due_date, 'YYYY-MM-DD') AS due_date, recurrence`,
      [WEBHOOK_INVOICES, planId, recurrenceNames],
    )
  ).rows;
  const invoices = (
    await db.query(
      `INSERT INTO billing.invoices (company_id, detail, value_cents, due_date, recurrence)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::date[], $5::text[])
       RETURNING id, company_id`,
      [
        companies.map((company) => company.id),
        companies.map(() => 'Bench'),
        companies.map((company) => MONTHLY_CENTS * RECURRENCES[company.recurrence]),
        companies.map((company) => company.due_date),
        companies.map((company) => company.recurrence),
      ],
    )
  ).rows;
  await db.query(
    `INSERT INTO billing.charges (provider, payment_id, invoice_id, company_id, br_code)
     SELECT 'asaas', 'pay_bench_' || i, i, c, '000201' FROM unnest($1::int[], $2::int[]) AS t(i, c)`,
    [invoices.map((invoice) => invoice.id), invoices.map((invoice) => invoice.company_id)],
  );
  const calls = invoices.flatMap((invoice) => {
    const body = JSON.stringify({
      id: `evt_bench_${invoice.id}`,
      event: 'PAYMENT_RECEIVED',
      payment: { object: 'payment', id: `pay_bench_${invoice.id}`, billingType: 'PIX', status: 'RECEIVED' },
    });
    return [body, body];
  });
  for (let i = calls.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [calls[i], calls[j]] = [calls[j], calls[i]];
  }
  console.log(`webhooks: ${invoices.length} payments, each event sent twice, ${calls.length} calls shuffled, at ${RATE}/s`);
  const target = again ?? second;
  const latencies = [];
  const failures = [];
  /** One webhook call; a call that fails or is not answered 200 is Asaas's to send again, as it does. */
  const send = async (body, index) => {
    const at = performance.now();
    try {
      const response = await fetch(`${(index % 2 === 0 ? second : target).baseUrl}/api/invoices/asaas-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': WEBHOOK_TOKEN },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - at);
      if (response.status === 200) return true;
      failures.push(String(response.status));
    } catch (error) {
      failures.push(error.cause?.code ?? error.name);
    }
    return false;
  };
  const sendStart = Date.now();
  const unanswered = [];
  await Promise.all(
    calls.map(async (body, index) => {
      await sleep(Math.max(0, sendStart + (index * 1000) / RATE - Date.now()));
      if (!(await send(body, index))) unanswered.push([body, index]);
    }),
  );
  const firstFailures = failures.length;
  for (let round = 0; unanswered.length > 0 && round < 5; round++) {
    const again_ = unanswered.splice(0);
    for (const [body, index] of again_) if (!(await send(body, index))) unanswered.push([body, index]);
  }
  const sentIn = (Date.now() - sendStart) / 1000;
  const renewedSql = `SELECT count(*)::int AS count FROM identity.companies WHERE name LIKE 'Webhook %' AND due_date > current_date`;
  for (;;) {
    if ((await count(renewedSql)) >= WEBHOOK_INVOICES) break;
    if (Date.now() - sendStart > 300_000) break;
    await sleep(100);
  }
  const appliedIn = (Date.now() - sendStart) / 1000;
  await sleep(2_000);
  latencies.sort((a, b) => a - b);
  const paid = await count(
    `SELECT count(*)::int AS count FROM billing.invoices WHERE id = ANY($1) AND status = 'paid' AND paid_at IS NOT NULL`,
    [invoices.map((invoice) => invoice.id)],
  );
  const applied = await count(`SELECT count(*)::int AS count FROM billing.webhook_events WHERE event_id LIKE 'evt_bench_%'`);
  const dueNow = new Map(
    (await db.query(`SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM identity.companies WHERE name LIKE 'Webhook %'`)).rows.map(
      (row) => [row.id, row.due_date],
    ),
  );
  const advancedOnce = companies.filter(
    (company) => dueNow.get(company.id) === advanceDueDate(company.due_date, company.recurrence),
  ).length;
  console.log(
    `  ${calls.length} calls sent in ${sentIn.toFixed(1)} s (${(calls.length / sentIn).toFixed(0)}/s), answers p50 ${fmt(percentile(latencies, 50))} p99 ${fmt(percentile(latencies, 99))}, failed the first time ${firstFailures} (sent again one by one, as Asaas does; still failing ${unanswered.length})${failures.length ? ` [${[...new Set(failures)].join(', ')}]` : ''}`,
  );
  console.log(
    `  every payment applied ${appliedIn.toFixed(1)} s after the first call; invoices paid ${paid}/${invoices.length} ${paid === invoices.length ? 'OK' : 'NO'}, events applied ${applied} (once each: ${applied === invoices.length ? 'OK' : 'NO'}), due dates advanced exactly one period ${advancedOnce}/${companies.length} ${advancedOnce === companies.length ? 'OK' : 'NO'}`,
  );
} finally {
  await Promise.all([...running].map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))));
  await db.end().catch(() => {});
  if (process.env.BENCH_KEEP_DATABASE) console.log(`database kept: ${dbName}`);
  else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
