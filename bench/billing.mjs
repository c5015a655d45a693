#!/usr/bin/env node
// Billing (issue 25), on the standalone product from dist/ (bench/support/harness.mjs starts it):
//
// 1. Invoice generation: 10,000 companies (billing's copy of them, seeded), due within the issue
//    window across the five recurrences. The hour's run is made due at once (its finished run of the
//    start-up is removed, as at the turn of the hour, and the schedule's pending job made due); the
//    process running it is killed with SIGKILL at 20 %, then two processes start on the same database,
//    both running the schedule: the run is theirs to take over once its lease (30 s) has run out, from
//    where the dead one stopped. Prints the time until every invoice exists against the 60 s target,
//    and checks exactly one invoice per company and period, each at the plan's value times its months.
// 2. Payment webhooks: 1,000 open invoices with their Asaas charges and their identity companies;
//    each invoice's PAYMENT_RECEIVED event is sent twice, all 2,000 calls shuffled (out of order), at
//    100/s to POST /api/invoices/asaas-webhook over the two processes. Prints the answer times, the time
//    until every payment was applied and the SQL statements of billing's webhook path per call
//    (bench/support/count-sql.cjs), and checks every invoice paid and announced once (identity applied
//    one billing.invoice.paid per invoice) and every company's due date advanced by exactly one period.
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/billing.mjs [companies=10000] [webhookInvoices=1000] [webhooksPerSecond=100]
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import {
  benchDatabase,
  benchDataDir,
  loadAverage,
  percentile,
  requireFromRoot,
  root,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const { Client } = requireFromRoot('pg');

const [companiesArg = '10000', invoicesArg = '1000', rateArg = '100'] = process.argv.slice(2);
const COMPANIES = Number(companiesArg);
const WEBHOOK_INVOICES = Number(invoicesArg);
const RATE = Number(rateArg);
const TARGET_GENERATION_S = 60;
/** Billing's webhook path before it was one read and one statement: 7 statements for a first delivery, 4 for a repeat. */
const STATEMENTS_BEFORE = 5.5;
const WEBHOOK_TOKEN = 'bench-webhook-token-0123456789';
const RECURRENCES = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
const MONTHLY_CENTS = 9990;

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const verdict = (ok) => (ok ? 'OK' : 'MISSED');
/** libs/contracts advanceDueDate: the due date moved on by the recurrence's months, clamped to the month's end. */
function advanceDueDate(dueDate, recurrence) {
  const [year, month, date] = dueDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + RECURRENCES[recurrence], 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

const database = await benchDatabase('bench_billing');
const files = benchDataDir('bench-billing');
// One secret for every process of the run: they verify each other's tokens.
const JWT_SECRET = randomBytes(48).toString('base64url');
const products = [];

/** One standalone product process on the bench's database, its statements counted; resolves once it answers /ready. */
async function startProduct(label) {
  const dataDir = path.join(files.dir, label);
  mkdirSync(dataDir, { recursive: true });
  const product = await StandaloneProduct.start({
    databaseUrl: database.url,
    dataDir,
    simulator: false,
    nodeArgs: ['--require', path.join(root, 'bench/support/count-sql.cjs')],
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
      WEB_DIST: '/nonexistent',
      JWT_SECRET,
      ASAAS_API_URL: 'http://127.0.0.1:9/v3',
      ASAAS_API_KEY: 'bench-asaas-key-0123456789',
      ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      BENCH_SQL_COUNT_FILE: path.join(files.dir, `sql-${label}.json`),
    },
  });
  products.push(product);
  return product;
}

/** The statements the processes have sent so far, by kind (count-sql.cjs writes them twice a second). */
function readStatements(labels) {
  const counts = new Map();
  for (const file of readdirSync(files.dir).filter((name) => labels.some((label) => name === `sql-${label}.json`))) {
    try {
      for (const [kind, count] of Object.entries(JSON.parse(readFileSync(path.join(files.dir, file), 'utf8')))) {
        counts.set(kind, (counts.get(kind) ?? 0) + count);
      }
    } catch {
      // written at this instant: the next read has it
    }
  }
  return counts;
}
/** Statements of each kind sent between two readings. */
function statementsBetween(before, after) {
  return [...after].map(([kind, count]) => [kind, count - (before.get(kind) ?? 0)]).filter(([, count]) => count > 0);
}

const db = new Client({ connectionString: database.url });

/** Until billing's and identity's outboxes are empty (at most a minute): what was written before is published. */
async function waitOutboxesEmpty() {
  for (let i = 0; i < 600; i++) {
    const left = await count(`SELECT (SELECT count(*) FROM billing.outbox) + (SELECT count(*) FROM identity.outbox) AS count`);
    if (Number(left) === 0) return;
    await sleep(100);
  }
}
const count = async (sql, params = []) => (await db.query(sql, params)).rows[0].count;

try {
  console.log(`load average before: ${loadAverage()}`);
  // The schema and the platform's seed, once; the processes below start on them.
  await (await startProduct('migrate')).stop();
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
  // Two processes, both running the schedule.
  const [first, second] = await Promise.all([startProduct('first'), startProduct('second')]);
  const jobSchema = (
    await db.query(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'job' AND table_schema LIKE 'pgboss%' LIMIT 1`)
  ).rows[0].table_schema;
  // The hour's run: the start-up's (made before the companies were seeded) removed, as at the turn of
  // the hour, and the schedule's pending job made due now.
  await db.query(`DELETE FROM billing.generation_runs`);
  const startedAt = Date.now();
  await db.query(
    `UPDATE "${jobSchema}".job SET start_after = now() WHERE name = 'billing-invoice-generation' AND singleton_key = 'generate' AND state = 'created'`,
  );
  const benchInvoices = `SELECT count(*)::int AS count FROM billing.invoices WHERE company_id > 1000000`;
  let killedAt = null;
  let killedMs = null;
  let restarting = null;
  let restartedAt = null;
  let again = null;
  for (;;) {
    const issued = await count(benchInvoices);
    if (killedAt === null && issued >= COMPANIES * 0.2) {
      // The run's owner names its process (host:pid:run); that one is killed, the other goes on.
      const owner = (await db.query(`SELECT owner FROM billing.generation_runs WHERE finished_at IS NULL LIMIT 1`)).rows[0]?.owner;
      const pid = Number(owner?.split(':')[1]);
      const victim = [first, second].find((product) => product.child.pid === pid);
      if (victim) {
        await victim.crash();
        killedAt = issued;
        killedMs = Date.now();
        const survivor = victim === first ? second : first;
        console.log(
          `  SIGKILL of the process running it (${victim === first ? 'first' : 'second'}) with ${issued} invoices issued, ${((killedMs - startedAt) / 1000).toFixed(1)} s in; the other goes on, the killed one starts again`,
        );
        restarting = startProduct('again').then((product) => {
          restartedAt = Date.now();
          again = product;
          return [product, survivor];
        });
      }
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
  const [restarted, survivor] = restarting ? await restarting : [first, second];
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
  const runs = (
    await db.query(
      `SELECT count(*)::int AS runs, sum(takeovers)::int AS takeovers, sum(issued)::int AS issued, bool_and(finished_at IS NOT NULL) AS finished,
              max(extract(epoch FROM finished_at - started_at)) AS seconds
       FROM billing.generation_runs`,
    )
  ).rows[0];
  const generationSeconds = (doneAt - startedAt) / 1000;
  const exactlyOne = perCompany.invoices === COMPANIES && perCompany.companies === COMPANIES;
  console.log(
    `  every invoice issued ${generationSeconds.toFixed(1)} s after the run came due (target ≤ ${TARGET_GENERATION_S} s) ${verdict(generationSeconds <= TARGET_GENERATION_S)}; first to last invoice ${fmt(Number(span))}` +
      (killedMs
        ? `; the last invoice ${((doneAt - killedMs) / 1000).toFixed(1)} s after the kill (the lease is 30 s), the killed process ready again ${((restartedAt - killedMs) / 1000).toFixed(1)} s after it`
        : ''),
  );
  console.log(
    `  ${perCompany.invoices} invoices for ${perCompany.companies} companies (target exactly one each: ${COMPANIES}/${COMPANIES}) ${verdict(exactlyOne)}; mispriced ${perCompany.mispriced} (target 0), wrong period ${perCompany.wrong_period} (target 0)${killedAt === null ? ' (the kill came too late: generation was done first)' : ''}`,
  );
  console.log(
    `  runs: ${runs.runs} for the hour, taken over ${runs.takeovers} time(s), ${runs.issued} issued by them, finished ${runs.finished ? 'yes' : 'NO'} (${Number(runs.seconds).toFixed(1)} s from start to finish)`,
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
  const paidConsumed = `SELECT count(*)::int AS count FROM identity.processed_events WHERE consumer = 'identity-invoice-paid'`;
  const consumedBefore = await count(paidConsumed);
  // Both processes answer the webhooks; the generation's 10,000 events are published first.
  const serving = [restarted === again ? 'again' : 'first', 'second'];
  await waitOutboxesEmpty();
  await sleep(600); // count-sql.cjs writes twice a second: the reading below is the phase's start
  const statementsBefore = readStatements(serving);
  const latencies = [];
  const failures = [];
  let requests = 0;
  /** One webhook call; a call that fails or is not answered 200 is Asaas's to send again, as it does. */
  const send = async (body, index) => {
    const at = performance.now();
    try {
      requests++;
      const response = await fetch(`${(index % 2 === 0 ? survivor : restarted).baseUrl}/api/invoices/asaas-webhook`, {
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
    const retry = unanswered.splice(0);
    for (const [body, index] of retry) if (!(await send(body, index))) unanswered.push([body, index]);
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
  const statements = statementsBetween(statementsBefore, readStatements(serving));
  const webhookPath = statements.filter(([kind]) => /billing\.(provider_settings|charges|webhook_events)/.test(kind));
  const webhookStatements = webhookPath.reduce((sum, [, n]) => sum + n, 0);
  const allStatements = statements.reduce((sum, [, n]) => sum + n, 0);
  latencies.sort((x, y) => x - y);
  const paid = await count(
    `SELECT count(*)::int AS count FROM billing.invoices WHERE id = ANY($1) AND status = 'paid' AND paid_at IS NOT NULL`,
    [invoices.map((invoice) => invoice.id)],
  );
  const announced = (await count(paidConsumed)) - consumedBefore;
  const applied = await count(`SELECT count(*)::int AS count FROM billing.webhook_events WHERE event_id LIKE 'evt_bench_%'`);
  const dueNow = new Map(
    (await db.query(`SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM identity.companies WHERE name LIKE 'Webhook %'`)).rows.map(
      (row) => [row.id, row.due_date],
    ),
  );
  const advancedOnce = companies.filter(
    (company) => dueNow.get(company.id) === advanceDueDate(company.due_date, company.recurrence),
  ).length;
  const n = invoices.length;
  console.log(
    `  ${calls.length} calls sent in ${sentIn.toFixed(1)} s (${(calls.length / sentIn).toFixed(0)}/s, target ${RATE}/s), answers p50 ${fmt(percentile(latencies, 50))} p99 ${fmt(percentile(latencies, 99))}, failed the first time ${firstFailures} (sent again one by one, as Asaas does; still failing ${unanswered.length})${failures.length ? ` [${[...new Set(failures)].join(', ')}]` : ''}`,
  );
  console.log(
    `  every payment applied ${appliedIn.toFixed(1)} s after the first call; invoices paid ${paid}/${n} (target ${n}) ${verdict(paid === n)}, announced ${announced} (target once each: ${n}) ${verdict(announced === n)}, events recorded ${applied} (target ${n}) ${verdict(applied === n)}, due dates advanced exactly one period ${advancedOnce}/${companies.length} (target ${companies.length}) ${verdict(advancedOnce === companies.length)}`,
  );
  console.log(
    `  SQL statements of billing's webhook path per request (${requests} requests, retries included): ${(webhookStatements / requests).toFixed(2)} (before: ${STATEMENTS_BEFORE}; the settings read, the payment read, and for a first delivery the one statement applying it); every statement of both processes meanwhile per request: ${(allStatements / requests).toFixed(2)}`,
  );
  for (const [kind, total] of webhookPath.sort((x, y) => y[1] - x[1])) console.log(`    ${(total / requests).toFixed(3)}  ${kind}`);
  console.log('  the most frequent statements of both processes meanwhile, per request:');
  for (const [kind, total] of statements.sort((x, y) => y[1] - x[1]).slice(0, 8))
    console.log(`    ${(total / requests).toFixed(3)}  ${kind}`);
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await Promise.all(products.map((product) => product.stop()));
  await db.end().catch(() => {});
  await database.drop({ keep: Boolean(process.env.BENCH_KEEP_DATABASE) });
  files.remove();
}
