#!/usr/bin/env node
// A template campaign on one WhatsApp Cloud API number end to end (issue 27, decision 0057): the
// standalone product, a local Graph API (FakeGraphApi, in this process, so it outlives the product's
// crashes) and a contact list of numbers already checked. What Meta took (the fake's record of each
// accepted message and its time) is the truth: per recipient once, and no second holding more than
// the number's throughput (WHATSAPP_CLOUD_THROUGHPUT). `kill` kills the product with SIGKILL at random
// moments (BENCH_KILLS, default 2) and restarts it.
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/whatsapp-cloud-campaign.mjs [rate|kill] [recipients=2000] [throughput=80]
//
// Target (issue 27): 10,000 recipients held to the number's rate, 0 twice across a kill -9.
import path from 'node:path';

import {
  apiBody,
  benchDatabase,
  benchDataDir,
  loadAverage,
  requiredDatabaseUrl,
  requireFromRoot,
  root,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const { Client } = requireFromRoot('pg');
const { requireTypeScript } = requireFromRoot('./bench/support/require-typescript.cjs');
const { FakeGraphApi } = requireTypeScript(path.join(root, 'libs/whatsapp/src/testing/fake-graph-api.ts'));

const [mode = 'rate', recipientsArg = '2000', throughputArg = '80'] = process.argv.slice(2);
const RECIPIENTS = Number(recipientsArg);
const THROUGHPUT = Number(throughputArg);
const KILLS = Number(process.env.BENCH_KILLS ?? 2);
requiredDatabaseUrl();
if (!['rate', 'kill'].includes(mode)) throw new Error('mode is rate or kill');

const database = await benchDatabase('bench_cloud_campaign');
const storage = benchDataDir('bench-cloud-campaign');
const meta = await new FakeGraphApi().start();
let product;
const db = new Client({ connectionString: database.url });
try {
  product = await StandaloneProduct.start({
    databaseUrl: database.url,
    dataDir: storage.dir,
    simulator: false,
    env: { WHATSAPP_GRAPH_URL: meta.url, WHATSAPP_GRAPH_VERSION: meta.version, WHATSAPP_CLOUD_THROUGHPUT: String(THROUGHPUT) },
  });
  await db.connect();
  const session = await product.signIn();
  const { token } = session;
  const companyId = session.user.companyId;
  const call = async (method, route, body) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await apiBody(product.baseUrl, token, method, route, body);
      } catch (error) {
        if (attempt >= 50 || String(error).includes(': 4')) throw error;
        await sleep(200); // the product is restarting
      }
    }
  };

  const number = meta.addNumber();
  const connection = await call('POST', '/whatsapp', {
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
  for (let tries = 0; ; tries++) {
    const { rows } = await db.query(`SELECT 1 FROM outbound.connections WHERE id = $1 AND provider = 'cloud' AND status = 'CONNECTED'`, [
      connection.id,
    ]);
    if (rows.length === 1) break;
    if (tries > 300) throw new Error('outbound does not see the Cloud API connection connected');
    await sleep(100);
  }
  await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } });
  const list = await call('POST', '/contact-lists', { name: 'Bench Cloud' });
  const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `55119${String(i + 1).padStart(8, '0')}`);
  await db.query(
    `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
     SELECT $1, $2, 'Cliente ' || n, n, true, n FROM unnest($3::text[]) AS n`,
    [companyId, list.id, numbers],
  );
  const scheduledAt = new Date(Date.now() + 5_000);
  const campaign = await call('POST', '/campaigns', {
    name: 'Bench Cloud',
    whatsappId: connection.id,
    contactListId: list.id,
    scheduledAt: new Date(scheduledAt.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
    template: { name: 'bench_oferta', language: 'pt_BR', headerParameters: [], bodyParameters: ['{{primeiroNome}}', '{{numero}}'] },
  });
  console.log(
    `${mode}: ${RECIPIENTS} recipients on one Cloud API number at ${THROUGHPUT} messages/s, scheduled ${scheduledAt.toISOString()}`,
  );

  const taken = () => meta.sentTo(number.phoneNumberId).length;
  const kills = [];
  const killer =
    mode === 'kill'
      ? (async () => {
          const shares = Array.from({ length: KILLS }, () => 0.1 + Math.random() * 0.8).sort((a, b) => a - b);
          for (const share of shares) {
            while (taken() < Math.floor(share * RECIPIENTS)) await sleep(10);
            await product.crash();
            kills.push(taken());
            await product.start();
          }
        })()
      : Promise.resolve();

  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const { rows } = await db.query(`SELECT status FROM outbound.campaigns WHERE id = $1`, [campaign.id]).catch(() => ({ rows: [] }));
    if (rows[0]?.status === 'FINALIZADA') break;
    if (Date.now() > deadline) throw new Error('the campaign did not finish in time');
    await sleep(250);
  }
  await killer;
  await sleep(1_000);

  const sent = meta.sentTo(number.phoneNumberId);
  const perNumber = new Map();
  for (const message of sent) perNumber.set(message.body.to, (perNumber.get(message.body.to) ?? 0) + 1);
  const duplicated = [...perNumber.values()].reduce((sum, count) => sum + count - 1, 0);
  const missing = RECIPIENTS - perNumber.size;
  const times = sent.map((message) => message.at).sort((a, b) => a - b);
  let busiest = 0;
  for (let start = 0, end = 0; start < times.length; start++) {
    while (end < times.length && times[end] < times[start] + 1_000) end++;
    busiest = Math.max(busiest, end - start);
  }
  const refused = meta.attempts.filter((attempt) => attempt.phoneNumberId === number.phoneNumberId && attempt.code !== 0).length;
  const seconds = (times.at(-1) - times[0]) / 1000;
  const { rows: shipping } = await db.query(
    `SELECT count(*)::int AS recipients, count(delivered_at)::int AS delivered, count(failed_at)::int AS failed
     FROM outbound.campaign_shipping WHERE campaign_id = $1`,
    [campaign.id],
  );
  console.log(
    `  Meta took ${sent.length} template messages for ${perNumber.size} recipients; twice ${duplicated}; missing ${missing}; refused ${refused}`,
  );
  console.log(
    `  shipping records ${shipping[0].recipients} (delivered ${shipping[0].delivered}, failed ${shipping[0].failed}); all templates: ${sent.every((m) => m.body.type === 'template')}`,
  );
  console.log(
    `  rate ${(sent.length / Math.max(0.001, seconds)).toFixed(1)} messages/s over ${seconds.toFixed(1)} s; busiest second ${busiest} (throughput ${THROUGHPUT})`,
  );
  const { rows: failures } = await db.query(
    `SELECT number, failure_reason FROM outbound.campaign_shipping WHERE campaign_id = $1 AND failed_at IS NOT NULL LIMIT 5`,
    [campaign.id],
  );
  for (const failure of failures) console.log(`  failed ${failure.number}: ${failure.failure_reason}`);
  for (const [to, count] of perNumber) if (count > 1) console.log(`  ${to} taken ${count} times`);
  if (mode === 'kill') console.log(`  killed with SIGKILL ${kills.length} times, after ${kills.join(', ')} messages`);
  console.log(`  load average ${loadAverage()}`);
  console.log(
    duplicated === 0 && missing === 0 && busiest <= THROUGHPUT + 1
      ? `PASS: 0 twice, 0 missing, busiest second ${busiest} <= ${THROUGHPUT}`
      : `MISS: target 0 twice, 0 missing, no second over ${THROUGHPUT}`,
  );
} finally {
  await product?.stop();
  await meta.close();
  await db.end().catch(() => undefined);
  await database.drop();
  storage.remove();
}
