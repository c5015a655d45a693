#!/usr/bin/env node
// Campaign dispatch end to end (issue 14): the standalone product with the simulator, simulator
// connections scanned, a contact list of numbers already checked, and campaigns (at most 5
// connections each, so 10 connections are 2 campaigns) scheduled a few seconds ahead. What the
// simulated phones received (whatsapp.simulator_outbound) is the truth the figures come from.
//
//   rate  intervals at 0: the dispatch rate reached (messages per second, first to last send).
//   pace  messageInterval 5 s, a 10 s pause after every 5 messages: the smallest gap seen per
//         connection (never under 5 s), and the schedule's drift: the first send after the
//         scheduled time, and how far gaps went beyond the jitter's bound (interval x 1.5) or the pause.
//   kill  intervals at 0 and the standalone process killed with SIGKILL 3 times at random moments,
//         restarted each time: sent, duplicated and missing recipients (must be 0 and 0).
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node bench/campaign-dispatch.mjs [rate|pace|kill] [connections=10] [recipients=2000]
import {
  apiBody,
  benchDatabase,
  benchDataDir,
  requiredDatabaseUrl,
  requireFromRoot,
  scannedSimulatorConnection,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const { Client } = requireFromRoot('pg');

const [mode = 'rate', connectionsArg = '10', recipientsArg = mode === 'pace' ? '60' : '2000'] = process.argv.slice(2);
const CONNECTIONS = Number(connectionsArg);
const RECIPIENTS = Number(recipientsArg);
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
requiredDatabaseUrl();
if (!['rate', 'pace', 'kill'].includes(mode)) throw new Error('mode is rate, pace or kill');
const PACE = { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 10 };

const database = await benchDatabase('bench_campaign');
const storage = benchDataDir('bench-campaign');
let product;
const db = new Client({ connectionString: database.url });
try {
  product = await StandaloneProduct.start({ databaseUrl: database.url, dataDir: storage.dir });
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

  // The connections, scanned; outbound knows them connected.
  const connections = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    connections.push((await scannedSimulatorConnection(call, { name: `Bench ${i + 1}` })).id);
  }
  for (let tries = 0; ; tries++) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM outbound.connections WHERE id = ANY($1) AND status = 'CONNECTED'`, [
      connections,
    ]);
    if (rows[0].n === CONNECTIONS) break;
    if (tries > 300) throw new Error('outbound does not see the connections connected');
    await sleep(100);
  }

  await call('POST', '/campaign-settings', {
    settings: mode === 'pace' ? PACE : { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });

  // One list per campaign (5 connections each), its numbers already checked as valid: the checks
  // are a throttled job of their own (decision 0032), not what this measures.
  const groups = [];
  for (let i = 0; i < connections.length; i += 5) groups.push(connections.slice(i, i + 5));
  const scheduledAt = new Date(Date.now() + 8_000);
  const inSaoPaulo = new Date(scheduledAt.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const campaigns = [];
  let numberSeq = 0;
  for (const [index, group] of groups.entries()) {
    const share = Math.floor(RECIPIENTS / groups.length) + (index < RECIPIENTS % groups.length ? 1 : 0);
    const list = await call('POST', '/contact-lists', { name: `Bench ${index + 1}` });
    const numbers = Array.from({ length: share }, () => `55119${String(++numberSeq).padStart(8, '0')}`);
    await db.query(
      `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, is_whatsapp_valid, whatsapp_number)
       SELECT $1, $2, 'Cliente ' || n, n, true, n FROM unnest($3::text[]) AS n`,
      [companyId, list.id, numbers],
    );
    const body = { name: `Bench ${index + 1}`, message1: 'Olá {nome}: bench {numero}', contactListId: list.id, scheduledAt: inSaoPaulo };
    group.forEach((id, slot) => (body[slot === 0 ? 'whatsappId' : `whatsappId${slot + 1}`] = id));
    campaigns.push(await call('POST', '/campaigns', body));
  }
  console.log(
    `${mode}: ${campaigns.length} campaign(s) over ${CONNECTIONS} simulator connections, ${RECIPIENTS} recipients, scheduled for ${scheduledAt.toISOString()}`,
  );

  // Kill -9 at random moments while it sends: once the phones have received a random share of the
  // messages (three shares between 10 % and 90 %, one after the other), so each kill lands mid-run
  // whatever the machine's speed. Each restart waits for the product to be ready.
  const kills = [];
  const sentSoFar = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM whatsapp.simulator_outbound WHERE body LIKE '%bench %'`)).rows[0].n;
  const killer =
    mode === 'kill'
      ? (async () => {
          const shares = Array.from({ length: KILLS }, () => 0.1 + Math.random() * 0.8).sort((a, b) => a - b);
          for (const share of shares) {
            while ((await sentSoFar()) < Math.floor(share * RECIPIENTS)) await sleep(20);
            await product.crash();
            kills.push(await sentSoFar());
            await product.start();
          }
        })()
      : Promise.resolve();

  // Until every campaign is FINALIZADA (and every recipient settled).
  const deadline = Date.now() + (mode === 'pace' ? 30 * 60_000 : 15 * 60_000);
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'FINALIZADA')::int AS done FROM outbound.campaigns WHERE id = ANY($1)`,
      [campaigns.map((campaign) => campaign.id)],
    );
    if (rows[0].done === campaigns.length) break;
    if (Date.now() > deadline) throw new Error('the campaigns did not finish in time');
    await sleep(250);
  }
  await killer;
  await sleep(1_000);

  const { rows: sends } = await db.query(
    `SELECT connection_id, to_number, extract(epoch FROM sent_at) * 1000 AS at FROM whatsapp.simulator_outbound
     WHERE body LIKE '%bench %' ORDER BY sent_at, seq`,
  );
  const perNumber = new Map();
  for (const send of sends) perNumber.set(send.to_number, (perNumber.get(send.to_number) ?? 0) + 1);
  const duplicated = [...perNumber.values()].reduce((sum, count) => sum + count - 1, 0);
  const missing = RECIPIENTS - perNumber.size;
  const { rows: shipping } = await db.query(
    `SELECT count(*)::int AS recipients, count(delivered_at)::int AS delivered, count(failed_at)::int AS failed
     FROM outbound.campaign_shipping WHERE campaign_id = ANY($1)`,
    [campaigns.map((campaign) => campaign.id)],
  );
  const first = Number(sends[0]?.at ?? 0);
  const last = Number(sends.at(-1)?.at ?? 0);
  console.log(
    `  sent ${sends.length} messages to ${perNumber.size} recipients; duplicated ${duplicated}; missing ${missing}; shipping records ${shipping[0].recipients} (delivered ${shipping[0].delivered}, failed ${shipping[0].failed})`,
  );
  console.log(
    `  first send ${((first - scheduledAt.getTime()) / 1000).toFixed(2)} s after the scheduled time; last ${((last - first) / 1000).toFixed(2)} s after the first`,
  );
  if (mode === 'rate' || mode === 'kill') {
    console.log(
      `  dispatch rate: ${(sends.length / Math.max(0.001, (last - first) / 1000)).toFixed(0)} messages/s over ${CONNECTIONS} connections`,
    );
  }
  if (mode === 'kill') console.log(`  killed with SIGKILL ${kills.length} times, after ${kills.join(', ')} messages`);
  if (mode === 'pace') {
    const byConnection = new Map();
    for (const send of sends) byConnection.set(send.connection_id, [...(byConnection.get(send.connection_id) ?? []), Number(send.at)]);
    const intervalMs = PACE.messageInterval * 1000;
    let smallest = Infinity;
    const beyond = [];
    for (const [connectionId, times] of [...byConnection].sort((a, b) => a[0] - b[0])) {
      const gaps = times.slice(1).map((at, i) => at - times[i]);
      const min = Math.min(...gaps);
      smallest = Math.min(smallest, min);
      // Every longerIntervalAfter-th gap is the longer pause; the others are interval + jitter (up to 50 %).
      gaps.forEach((gap, i) => {
        const bound = (i + 1) % PACE.longerIntervalAfter === 0 ? Math.max(PACE.greaterInterval * 1000, intervalMs * 1.5) : intervalMs * 1.5;
        beyond.push(Math.max(0, gap - bound));
      });
      console.log(
        `  connection ${connectionId}: ${times.length} sends, smallest gap ${(min / 1000).toFixed(3)} s, largest ${(Math.max(...gaps) / 1000).toFixed(3)} s`,
      );
    }
    beyond.sort((a, b) => a - b);
    const p = (q) => beyond[Math.min(beyond.length - 1, Math.floor(q * beyond.length))] ?? 0;
    console.log(`  smallest gap on any connection: ${(smallest / 1000).toFixed(3)} s (setting ${PACE.messageInterval} s)`);
    console.log(
      `  schedule drift past the jitter bound: p50 ${(p(0.5) / 1000).toFixed(3)} s, p95 ${(p(0.95) / 1000).toFixed(3)} s, max ${(beyond.at(-1) / 1000).toFixed(3)} s`,
    );
  }
} finally {
  await product?.stop();
  await db.end().catch(() => undefined);
  await database.drop();
  storage.remove();
}
