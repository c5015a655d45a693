#!/usr/bin/env node
// The web app's first load on a slow phone (issue 29): Debian's Chromium, a cold cache, a 390x844
// screen, the CPU 4x slower and a 1.6 Mbps / 150 ms link (CDP's Emulation.setCPUThrottlingRate and
// Network.emulateNetworkConditions), against the standalone product from dist/ serving web/dist.
// Prints, for /login and for the ticket screen of a signed-in agent (30 tickets open for them), the
// bytes transferred (compressed, as on the wire: all of the page's requests, and those done before
// the first contentful paint) and the times beside their targets: first contentful paint of /login
// (< 3 s) and the ticket list visible (< 5 s). Each is the median of the runs.
//
//   npm run build:server && npm run build:web
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/first-load.mjs [runs=3]
//
// BENCH_WEB_DIST=<folder> measures another build of the web app (default web/dist); CHROMIUM_PATH
// another Chromium (default /usr/bin/chromium).
import { existsSync } from 'node:fs';
import path from 'node:path';

import {
  apiBody,
  benchDatabase,
  benchDataDir,
  requiredDatabaseUrl,
  requireFromRoot,
  root,
  scannedSimulatorConnection,
  signIn,
  sleep,
  StandaloneProduct,
} from './support/harness.mjs';

const { chromium } = requireFromRoot('playwright-core');

const RUNS = Number(process.argv[2] ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(root, 'web/dist'));
requiredDatabaseUrl();
if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is not built: run npm run build:web`);
if (!existsSync(path.join(root, 'dist/apps/standalone/src/main.js'))) throw new Error('dist/ is not built: run npm run build:server');

/** The slow phone: 1.6 Mbps down, 750 kbps up, 150 ms latency; CPU 4x slower. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };
const TARGETS = { loginFcp: 3_000, ticketsVisible: 5_000 };
const ADMIN = { email: 'admin@bench.test', password: 'Bench-password-1' };
const AGENT = { name: 'Agente Bench', email: 'agente@bench.test', password: 'Agent-password-1' };
const TICKETS = 30;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * The company's agent with TICKETS tickets open for them: customers write to a scanned simulator
 * connection, the admin gives each ticket to the agent.
 */
async function seed(baseUrl) {
  const adminToken = (await signIn(baseUrl, ADMIN)).token;
  const api = (method, route, body) => apiBody(baseUrl, adminToken, method, route, body);
  const agent = await api('POST', '/users', { ...AGENT, profile: 'user' });
  const connection = await scannedSimulatorConnection(api, { name: 'Bench' });
  for (let i = 0; i < TICKETS; i++) {
    await api('POST', `/simulator/connections/${connection.id}/inbound`, {
      from: `55119876${String(i).padStart(5, '0')}`,
      pushName: `Cliente ${i + 1}`,
      body: `Olá, preciso de ajuda com o pedido ${1000 + i}`,
    });
  }
  let pending = [];
  for (let i = 0; pending.length < TICKETS; i++) {
    if (i > 300) throw new Error(`only ${pending.length} of ${TICKETS} tickets arrived`);
    pending = (await api('GET', '/tickets?status=pending&showAll=true')).tickets;
    if (pending.length < TICKETS) await sleep(200);
  }
  for (const ticket of pending) await api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: agent.id });
}

/**
 * One cold load of `url` in a fresh profile (no HTTP cache) on the slow phone: the bytes of every
 * response as transferred, those finished before the first contentful paint, the paint's time and
 * the time `visible` (a CSS selector) first matched, both from the navigation's start.
 */
async function coldLoad(browser, url, visible, storageState) {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => requests.set(requestId, { url: request.url, type }));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (entry) entry.encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '';
  });
  const finished = [];
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    finished.push({ ...requests.get(requestId), bytes: encodedDataLength, at: performance.now() });
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  const visibleAt = await page.waitForFunction((selector) => globalThis.document.querySelector(selector) && performance.now(), visible, {
    timeout: 120_000,
    polling: 'raf',
  });
  const visibleMs = await visibleAt.jsonValue();
  await page.waitForLoadState('networkidle');
  const fcp = await (
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 30_000 })
  ).jsonValue();
  // The paint's moment on this clock: performance.now() in the page counts from the navigation too.
  const fcpAt = started + (fcp ?? 0);
  await context.close();
  const total = finished.reduce((sum, request) => sum + request.bytes, 0);
  const beforePaint = finished.filter((request) => request.at <= fcpAt).reduce((sum, request) => sum + request.bytes, 0);
  return { fcp, visibleMs, total, beforePaint, requests: finished };
}

function report(title, runs, timeKey, target) {
  const last = runs.at(-1);
  const byType = new Map();
  for (const request of last.requests) byType.set(request.type, (byType.get(request.type) ?? 0) + request.bytes);
  const time = median(runs.map((run) => run[timeKey]));
  console.log(`\n${title}`);
  console.log(
    `  transferred: ${kb(median(runs.map((run) => run.total)))} in ${last.requests.length} requests (${[...byType]
      .map(([type, bytes]) => `${type} ${kb(bytes)}`)
      .join(', ')})`,
  );
  console.log(`  before the first contentful paint: ${kb(median(runs.map((run) => run.beforePaint)))}`);
  if (timeKey !== 'fcp') console.log(`  first contentful paint: ${seconds(median(runs.map((run) => run.fcp)))}`);
  console.log(
    `  ${timeKey === 'fcp' ? 'first contentful paint' : 'ticket list visible'}: ${seconds(time)}   target < ${seconds(target)}   ${time < target ? 'MET' : 'MISSED'}`,
  );
  if (process.env.BENCH_DETAIL) {
    for (const request of last.requests) {
      console.log(`    ${kb(request.bytes).padStart(10)} ${(request.encoding || 'identity').padEnd(8)} ${request.type} ${request.url}`);
    }
  }
}

const database = await benchDatabase('bench_firstload');
const storage = benchDataDir('bench-firstload');
let product;
let browser;
try {
  product = await StandaloneProduct.start({
    databaseUrl: database.url,
    dataDir: storage.dir,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEB_DIST },
  });
  const { baseUrl } = product;
  await seed(baseUrl);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  });
  // The agent signs in once (unthrottled); the ticket runs start from that session with an empty cache.
  const setup = await browser.newContext({ viewport: VIEWPORT });
  const setupPage = await setup.newPage();
  await setupPage.goto(`${baseUrl}/login`);
  await setupPage.locator('input[name="email"]').fill(AGENT.email);
  await setupPage.locator('input[name="password"]').fill(AGENT.password);
  await setupPage.locator('button[type="submit"]').click();
  await setupPage.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  const session = await setup.storageState();
  await setup.close();

  const login = [];
  const tickets = [];
  for (let run = 0; run < RUNS; run++) {
    login.push(await coldLoad(browser, `${baseUrl}/login`, 'input[name="password"]'));
    tickets.push(await coldLoad(browser, `${baseUrl}/tickets`, '[data-testid="ticket-list-item"]', session));
  }
  console.log(
    `first load, ${RUNS} cold runs (median): ${VIEWPORT.width}x${VIEWPORT.height}, CPU ${CPU_SLOWDOWN}x slower, ` +
      `${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down / ${NETWORK.latency} ms; web app from ${path.relative(process.cwd(), WEB_DIST) || '.'}`,
  );
  report('/login', login, 'fcp', TARGETS.loginFcp);
  console.log(`  login form usable: ${seconds(median(login.map((run) => run.visibleMs)))}`);
  report(`/tickets (signed-in agent, ${TICKETS} open tickets)`, tickets, 'visibleMs', TARGETS.ticketsVisible);
} finally {
  await browser?.close();
  await product?.stop();
  await database.drop();
  storage.remove();
}
