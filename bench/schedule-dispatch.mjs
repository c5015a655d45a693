#!/usr/bin/env node
// Scheduled sends at scale: the standalone product with the WhatsApp simulator, one company with 5
// simulator connections. It books `total` sends due within the same minute through the API (half
// appointments whose message is due then, half appointments a day later whose 1-day reminder is due
// then; spread over the minute's seconds and the 5 connections), waits for them at the simulator's
// phone, and prints how late the last one went out (the simulator's receipt time minus its due
// time), the p50/p99 lateness, and how many were sent twice or not at all (what the phone received,
// not what the services say). `kill` runs it again with a kill -9 of the standalone process while
// the minute's sends are going out, and the process started again on the same database.
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/schedule-dispatch.mjs [total=10000] [plain|kill|both=both]
import {
  apiCall,
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

const [totalArg = '10000', which = 'both'] = process.argv.slice(2);
const TOTAL = Number(totalArg);
const CONNECTIONS = 5;
/** Bookings in flight at once. */
const BOOKERS = Number(process.env.BENCH_BOOKERS ?? 16);
requiredDatabaseUrl();

async function run(kill) {
  const database = await benchDatabase('bench_schedules');
  const storage = benchDataDir('bench-schedules');
  let product;
  const db = new Client({ connectionString: database.url });
  try {
    product = await StandaloneProduct.start({ databaseUrl: database.url, dataDir: storage.dir });
    await db.connect();
    let token;
    const login = async () => {
      const session = await product.signIn();
      token = session.token;
      return session.user.companyId;
    };
    const companyId = await login();
    const call = (method, route, body) => apiCall(product.baseUrl, token, method, route, body);

    // Five simulator connections, connected.
    const connections = [];
    for (let c = 0; c < CONNECTIONS; c++) {
      const connection = await scannedSimulatorConnection(async (...args) => (await call(...args)).body, { name: `Bench ${c + 1}` });
      connections.push(connection.id);
    }
    for (let i = 0; ; i++) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM outbound.connections WHERE status = 'CONNECTED'`);
      if (rows[0].n === CONNECTIONS) break;
      if (i > 300) throw new Error('connections not known to outbound');
      await sleep(100);
    }

    // One contact per send of a reminder (its text names the contact); the appointments' messages reuse them.
    const contactsNeeded = Math.ceil(TOTAL / 2);
    const numberOf = (i) => `5511960${String(i).padStart(6, '0')}`;
    for (let from = 0; from < contactsNeeded; from += 1_000) {
      const contacts = [];
      for (let i = from; i < Math.min(contactsNeeded, from + 1_000); i++) contacts.push({ number: numberOf(i), name: `Cliente ${i}` });
      const answer = await call('POST', `/simulator/connections/${connections[0]}/contacts`, { contacts });
      if (answer.status !== 200) throw new Error(`address book: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    for (let i = 0; ; i++) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM conversations.address_book WHERE company_id = $1`, [companyId]);
      if (rows[0].n >= contactsNeeded) break;
      if (i > 1_200) throw new Error(`address book stored: ${rows[0].n} of ${contactsNeeded}`);
      await sleep(100);
    }
    const imported = await call('POST', '/contacts/import', {});
    if (imported.status !== 200 && imported.status !== 201) throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
    let contactIds;
    for (let i = 0; ; i++) {
      const { rows } = await db.query(`SELECT id, number FROM outbound.contacts WHERE company_id = $1`, [companyId]);
      if (rows.length >= contactsNeeded) {
        contactIds = new Map(rows.map((row) => [row.number, row.id]));
        break;
      }
      if (i > 600) throw new Error(`contacts known to outbound: ${rows.length} of ${contactsNeeded}`);
      await sleep(100);
    }

    // Every time may be booked (the minute is on any day, any hour).
    const current = (await call('GET', '/schedule-settings')).body;
    await call('POST', '/schedule-settings', { ...current, allowOverlaps: true });

    // The booking rate, from a first batch booked a year ahead (not sent during the run).
    const book = async (bodies) => {
      let next = 0;
      let refused = 0;
      await Promise.all(
        Array.from({ length: BOOKERS }, async () => {
          while (next < bodies.length) {
            const body = bodies[next++];
            const answer = await call('POST', '/schedules', body);
            if (answer.status !== 201) {
              refused += 1;
              if (refused <= 3) console.error(`  booking refused: ${answer.status} ${JSON.stringify(answer.body)}`);
            }
          }
        }),
      );
      return refused;
    };
    const warm = Array.from({ length: 200 }, (_, i) => ({
      body: `bench warm ${i}`,
      contactId: contactIds.get(numberOf(i % contactsNeeded)),
      sendAt: new Date(Date.now() + 365 * 86_400_000 + i * 1_000).toISOString(),
    }));
    const warmStarted = performance.now();
    await book(warm);
    const perSecond = warm.length / ((performance.now() - warmStarted) / 1_000);
    // The minute: late enough for every booking to be in before it starts.
    const bookingSeconds = TOTAL / perSecond;
    const minute = Math.ceil((Date.now() + bookingSeconds * 1_500 + 20_000) / 60_000) * 60_000;

    const expected = new Map(); // key → due (ms)
    const bodies = [];
    for (let i = 0; i < TOTAL; i++) {
      const due = minute + (i % 60) * 1_000;
      const contactIndex = Math.floor(i / 2) % contactsNeeded;
      const contactId = contactIds.get(numberOf(contactIndex));
      const WhatsappSenderId = connections[i % CONNECTIONS];
      if (i % 2 === 0) {
        const body = `bench message ${i}`;
        bodies.push({ body, contactId, WhatsappSenderId, sendAt: new Date(due).toISOString() });
        expected.set(`${numberOf(contactIndex)}|${body}`, due);
      } else {
        // The appointment is a day later; its 1-day reminder is due in the minute.
        bodies.push({
          body: `bench appointment ${i}`,
          contactId,
          WhatsappSenderId,
          sendAt: new Date(due + 86_400_000).toISOString(),
          reminder1DayEnabled: true,
        });
        expected.set(`${numberOf(contactIndex)}|reminder`, due);
      }
    }
    const bookingStarted = performance.now();
    const refused = await book(bodies);
    const bookedIn = (performance.now() - bookingStarted) / 1_000;
    const lead = (minute - Date.now()) / 1_000;
    console.log(
      `${kill ? 'with kill -9' : 'plain'}: ${TOTAL} sends booked in ${bookedIn.toFixed(1)} s (${(TOTAL / bookedIn).toFixed(0)}/s, ${refused} refused), ` +
        `due from ${new Date(minute).toISOString()} (${lead.toFixed(0)} s ahead) over ${CONNECTIONS} simulator connections`,
    );
    if (lead < 0) console.log('  (booking ran past the minute: lateness below includes it)');

    // Wait for the minute, then watch the phone.
    const received = async () =>
      (
        await db.query(
          `SELECT o.to_number, o.body, o.sent_at FROM whatsapp.simulator_outbound o
           WHERE o.company_id = $1 AND (o.body LIKE 'bench message %' OR o.body LIKE 'Olá, Cliente %')`,
          [companyId],
        )
      ).rows;
    await sleep(Math.max(0, minute - Date.now()));
    let killedAt = null;
    const deadline = Date.now() + 10 * 60_000;
    let rows = [];
    for (;;) {
      try {
        rows = await received();
      } catch {
        rows = [];
      }
      if (rows.length >= expected.size || Date.now() > deadline) break;
      if (kill && killedAt === null && rows.length >= expected.size * 0.4) {
        const crashed = product.crash();
        killedAt = { at: Date.now(), received: rows.length };
        await crashed;
        await product.start();
        await login();
      }
      await sleep(500);
    }
    // A little longer: a send repeated late would show now.
    await sleep(5_000);
    rows = await received();
    const seen = new Map();
    for (const row of rows) {
      const key = row.body.startsWith('bench message') ? `${row.to_number}|${row.body}` : `${row.to_number}|reminder`;
      const list = seen.get(key) ?? [];
      list.push(new Date(row.sent_at).getTime());
      seen.set(key, list);
    }
    let duplicated = 0;
    let lost = 0;
    const lateness = [];
    for (const [key, due] of expected) {
      const times = seen.get(key);
      if (!times) {
        lost += 1;
        continue;
      }
      duplicated += times.length - 1;
      lateness.push(Math.min(...times) - due);
    }
    const unexpected = [...seen.keys()].filter((key) => !expected.has(key)).length;
    lateness.sort((a, b) => a - b);
    if (killedAt) {
      console.log(
        `  kill -9 after ${killedAt.received} of ${expected.size} had reached the phone, ${((killedAt.at - minute) / 1_000).toFixed(1)} s into the minute; started again`,
      );
    }
    console.log(
      `  lateness (phone receipt − due): p50 ${(percentile(lateness, 50) / 1_000).toFixed(1)} s, p99 ${(percentile(lateness, 99) / 1_000).toFixed(1)} s, ` +
        `last one ${(lateness.at(-1) / 1_000).toFixed(1)} s late`,
    );
    console.log(
      `  sent twice: ${duplicated}; not sent at all: ${lost}; unexpected: ${unexpected} (${rows.length} received of ${expected.size})`,
    );
    const { rows: states } = await db.query(
      `SELECT status, count(*)::int AS n FROM outbound.schedule_sends WHERE due_at >= $1 AND due_at < $2 GROUP BY status ORDER BY status`,
      [new Date(minute), new Date(minute + 60_000)],
    );
    console.log(`  sends of the minute in outbound: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}`);
    // Where the time went: when each command reached the whatsapp service (its send intent recorded).
    const { rows: handed } = await db.query(
      `SELECT extract(epoch FROM (i.created_at - x.due_at)) * 1000 AS late FROM outbound.schedule_sends x
       JOIN whatsapp.send_intents i ON i.command_id = x.command_id
       WHERE x.due_at >= $1 AND x.due_at < $2 ORDER BY 1`,
      [new Date(minute), new Date(minute + 60_000)],
    );
    const handedLate = handed.map((row) => Number(row.late));
    console.log(
      `  command recorded by whatsapp − due: p50 ${(percentile(handedLate, 50) / 1_000).toFixed(1)} s, last ${(handedLate.at(-1) / 1_000).toFixed(1)} s`,
    );
    return { duplicated, lost };
  } finally {
    await product?.stop();
    await db.end().catch(() => undefined);
    await database.drop();
    storage.remove();
  }
}

if (which === 'plain' || which === 'both') await run(false);
if (which === 'kill' || which === 'both') await run(true);
