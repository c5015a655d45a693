#!/usr/bin/env node
// Sheet imports under attack (issue 21): the standalone product; ten legitimate imports of 100,000
// contacts each (half .xlsx, half .csv, every number new) sent at once to POST /api/contacts/upload,
// and a second later one bomb of each kind: an .xlsx that unpacks to 1 GB (deep zip ratio), one of
// 5,000 sheets, one whose shared strings unpack to 45 MB, and a CSV with one 50 MB line. Meanwhile
// /health is asked every 20 ms. Prints the time each bomb took to be refused (it must be a 4xx
// within 1 s), when each import finished and what it imported, and /health p50/p99/max over the run.
//
//   node scripts/build-server.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/spreadsheet-import.mjs [imports=10] [rows=100000]
//
// PROF=<dir> writes a CPU profile of the product (all its threads) there, to find what holds its event loop.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';

import {
  benchDatabase,
  benchDataDir,
  percentile,
  requiredDatabaseUrl,
  requireFromRoot,
  root,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const XLSX = requireFromRoot('@e965/xlsx');
const { requireTypeScript } = requireFromRoot('./bench/support/require-typescript.cjs');
const bombs = requireTypeScript(path.join(root, 'libs/platform/src/testing/sheet-bombs.ts'));

const IMPORTS = Number(process.argv[2] ?? 10);
const ROWS = Number(process.argv[3] ?? 100_000);
requiredDatabaseUrl();

const METRICS_TOKEN = randomBytes(16).toString('hex');
/** The /health prober: asks every 20 ms until its stdin closes, then prints the latencies and failures. */
const PROBE = `
const http = require('node:http');
const latencies = []; const failures = []; let running = true;
process.stdin.on('end', () => { running = false; }); process.stdin.resume();
const ask = (url) => new Promise((resolve) => {
  const started = performance.now();
  http.get(url, (response) => { response.resume(); response.on('end', () => {
    if (response.statusCode === 200) latencies.push(performance.now() - started); else failures.push('HTTP ' + response.statusCode);
    resolve(); }); }).on('error', (error) => { failures.push(error.code ?? String(error)); resolve(); });
});
(async () => { while (running) { await ask(process.argv[1]); await new Promise((r) => setTimeout(r, 20)); }
  process.stdout.write(JSON.stringify({ latencies, failures })); })();
`;

/** Import `i`'s sheet: ROWS contacts with numbers no other import has. */
function legitimateSheet(i) {
  const rows = Array.from({ length: ROWS }, (_, r) => [
    `Cliente ${i}-${r}`,
    `55${11 + i}9${String(r).padStart(8, '0')}`,
    `c${i}.${r}@example.com`,
  ]);
  if (i % 2 === 0) {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Nome', 'Numero', 'Email'], ...rows]), 'Contatos');
    return { name: `contatos-${i}.xlsx`, bytes: XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) };
  }
  return { name: `contatos-${i}.csv`, bytes: Buffer.from(['Nome;Numero;Email', ...rows.map((row) => row.join(';'))].join('\n')) };
}

console.log(`building ${IMPORTS} sheets of ${ROWS} rows and the bombs...`);
const sheets = Array.from({ length: IMPORTS }, (_, i) => legitimateSheet(i));
const bombFiles = [
  { kind: 'deep zip ratio (1 GB unpacked)', name: 'bomba.xlsx', bytes: await bombs.deepRatioBomb(1024 * 1024 * 1024) },
  { kind: 'many sheets (5,000)', name: 'abas.xlsx', bytes: bombs.manySheetsBomb(5_000) },
  { kind: 'huge shared strings (45 MB)', name: 'textos.xlsx', bytes: bombs.sharedStringsBomb(45 * 1024 * 1024) },
  { kind: 'CSV with one 50 MB line', name: 'linha.csv', bytes: bombs.longLineCsv(50 * 1024 * 1024) },
];
for (const sheet of sheets) console.log(`  ${sheet.name.padEnd(20)} ${(sheet.bytes.length / 1024).toFixed(0).padStart(7)} KB`);
for (const bomb of bombFiles)
  console.log(`  ${bomb.name.padEnd(20)} ${(bomb.bytes.length / 1024).toFixed(0).padStart(7)} KB  ${bomb.kind}`);

const database = await benchDatabase('bench_sheets');
const storage = benchDataDir('bench-sheets');
let product;
try {
  product = await StandaloneProduct.start({
    databaseUrl: database.url,
    dataDir: storage.dir,
    simulator: false,
    env: { METRICS_TOKEN },
    nodeArgs: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [],
  });
  const { baseUrl } = product;
  const { token } = await product.signIn();

  // node:http rather than fetch: no headers timeout (ten imports read one after another take minutes
  // on a loaded machine), and a 413 sent before the whole body was written is still read.
  const upload = ({ name, bytes }) => {
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const started = performance.now();
    return new Promise((resolve) => {
      const request = http.request(
        `${baseUrl}/api/contacts/upload`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': head.length + bytes.length + tail.length,
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            let body = null;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // not JSON
            }
            resolve({ status: response.statusCode, body, ms: performance.now() - started });
          });
        },
      );
      request.on('error', (error) => resolve({ status: error.code ?? String(error), body: null, ms: performance.now() - started }));
      request.end(Buffer.concat([head, bytes, tail]));
    });
  };

  // /health every 20 ms, one at a time, from a process of its own (this one is busy sending), from
  // before the first upload until the last answer; and the product's own event-loop delay (prom-client).
  const probe = spawn(process.execPath, ['-e', PROBE, `${baseUrl}/health`], { stdio: ['pipe', 'pipe', 'inherit'] });
  const probeOutput = [];
  probe.stdout.on('data', (chunk) => probeOutput.push(chunk));
  const eventLoopLag = async () => {
    const text = await (await fetch(`${baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (name) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1000;
    return {
      p50: value('nodejs_eventloop_lag_p50_seconds'),
      p99: value('nodejs_eventloop_lag_p99_seconds'),
      max: value('nodejs_eventloop_lag_max_seconds'),
    };
  };
  await eventLoopLag(); // resets the product's event-loop histogram: the next reading covers the run
  await sleep(500);
  const runStarted = performance.now();
  const imports = sheets.map((sheet) =>
    upload(sheet).then((result) => ({ ...result, name: sheet.name, at: performance.now() - runStarted })),
  );
  await sleep(1_000);
  const refused = await Promise.all(bombFiles.map(async (bomb) => ({ ...bomb, ...(await upload(bomb)) })));
  const finished = await Promise.all(imports);
  const lag = await eventLoopLag();
  probe.stdin.end();
  await new Promise((resolve) => probe.once('exit', resolve));
  const { latencies: health, failures: healthFailures } = JSON.parse(Buffer.concat(probeOutput).toString('utf8'));

  console.log(`\nbombs (sent 1 s after the imports, while they were read)`);
  for (const bomb of refused) {
    const ok = bomb.status >= 400 && bomb.status < 500 && bomb.ms < 1_000 ? 'ok ' : 'BAD';
    console.log(
      `  ${ok} ${bomb.kind.padEnd(32)} ${String(bomb.status)} in ${bomb.ms.toFixed(0).padStart(5)} ms  ${bomb.body?.sheet?.reason ?? bomb.body?.message ?? ''}`,
    );
  }
  console.log(`\nlegitimate imports (${IMPORTS} x ${ROWS} rows, sent at once)`);
  let created = 0;
  for (const result of finished) {
    created += result.body?.created ?? 0;
    console.log(
      `  ${result.name.padEnd(20)} ${result.status}  created ${String(result.body?.created ?? '-').padStart(6)}  invalid ${String(result.body?.invalid?.length ?? '-').padStart(4)}  done at ${(result.at / 1000).toFixed(1).padStart(6)} s`,
    );
  }
  const last = Math.max(...finished.map((result) => result.at));
  console.log(`  ${created} contacts created; all ${IMPORTS} answered within ${(last / 1000).toFixed(1)} s`);
  health.sort((a, b) => a - b);
  console.log(
    `\nthe product's event-loop delay during the run: p50 ${lag.p50.toFixed(1)} ms  p99 ${lag.p99.toFixed(1)} ms  max ${lag.max.toFixed(1)} ms`,
  );
  console.log(
    `\n/health during the run: ${health.length} answered, ${healthFailures.length} failed${healthFailures.length ? ` (${[...new Set(healthFailures)].join(', ')})` : ''}  p50 ${percentile(health, 50).toFixed(1)} ms  p99 ${percentile(health, 99).toFixed(1)} ms  max ${health.at(-1).toFixed(1)} ms`,
  );
} finally {
  await product?.stop();
  await database.drop();
  storage.remove();
}
