// What every benchmark does around its own measurement: a database of its own, the built product as a
// child process (or an in-process PostgreSQL when none is given), waiting for it to be ready, the
// seeded admin's sign-in, percentiles and the machine's load. Each bench keeps only what it measures.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: dist/ and node_modules/ are read from here. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** require() as from the repository's root: npm packages, dist/ files, .cjs helpers. */
export const requireFromRoot = createRequire(path.join(root, 'package.json'));
const { Client } = requireFromRoot('pg');

/** The password the standalone product gives its seeded admin (admin@admin.com) in a bench. */
export const BENCH_ADMIN = { email: 'admin@admin.com', password: 'Bench12345' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile of values sorted ascending (undefined for none). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The 1, 5 and 15 minute load averages, as `uptime` prints them (`digits` after the point). */
export const loadAverage = (digits = 2) =>
  os
    .loadavg()
    .map((n) => n.toFixed(digits))
    .join(' ');

/** A TCP port nothing listens on at this instant. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Waits (up to two minutes) until `url` answers 200. */
export async function waitReady(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not yet listening
    }
    await sleep(200);
  }
  throw new Error(`${url} not ready`);
}

/** DATABASE_URL, which the benches that start the product need (it must allow CREATE DATABASE). */
export function requiredDatabaseUrl() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required');
  return adminUrl;
}

/**
 * DATABASE_URL's server, or an embedded PostgreSQL in a temporary folder when it is not set (the
 * benches that run the product in process).
 */
export async function givenOrEmbeddedPostgres() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => undefined };
  const platform = requireFromRoot('./dist/libs/platform/src/index.js');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-bench-pg-'));
  chmodSync(dataDir, 0o755);
  const server = await platform.startEmbeddedPostgres({ dataDir, port: 54400 + Math.floor(Math.random() * 500), database: 'postgres' });
  return { adminUrl: server.url, stop: async () => (await server.stop(), rmSync(dataDir, { recursive: true, force: true })) };
}

/**
 * A database of the bench's own on `adminUrl`'s server, named `<prefix>_<random>`, or the existing
 * database `reuse`. drop() removes it (unless `keep`) and closes the admin connection.
 */
export async function benchDatabase(prefix, { adminUrl = requiredDatabaseUrl(), reuse } = {}) {
  const name = reuse ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop({ keep = false } = {}) {
      if (keep) console.log(`kept database ${name}`);
      else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A temporary folder for the product's files; remove() deletes it. */
export function benchDataDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts dist/apps/<app>/src/main.js with only PATH and LOG_LEVEL (warn) from here, plus `env`. */
export function spawnService(app, env, { nodeArgs = [] } = {}) {
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/apps', app, 'src/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** SIGTERM, then waits for the exit (at most `waitMs`). */
export async function stopChild(child, waitMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(waitMs)]);
}

/** Signs in by POST /api/auth/login; the session ({ token, user }). */
export async function signIn(baseUrl, { email, password } = BENCH_ADMIN) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const session = await login.json().catch(() => null);
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(session)}`);
  return session;
}

/**
 * The standalone product on a free port over `databaseUrl` and `dataDir`, with the simulator on and the
 * seeded admin's password BENCH_ADMIN's (`env` adds or overrides; `simulator: false` leaves it off). start() starts it and waits until
 * /ready answers; it may be started again after crash() (the same port, database and files).
 */
export class StandaloneProduct {
  static async start(options) {
    const product = new StandaloneProduct(options, await freePort());
    await product.start();
    return product;
  }

  constructor({ databaseUrl, dataDir, env = {}, nodeArgs = [], simulator = true }, port) {
    this.port = port;
    this.baseUrl = `http://127.0.0.1:${port}`;
    // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the product under any bench.
    this.nodeArgs = [...nodeArgs, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
    this.env = {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...(simulator ? { SIMULATOR_ENABLED: 'true' } : {}),
      ...env,
    };
  }

  async start() {
    this.child = spawnService('standalone', this.env, { nodeArgs: this.nodeArgs });
    await waitReady(`${this.baseUrl}/ready`);
  }

  /** SIGKILL, as a crash would, and waits until the process is gone. */
  async crash() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }

  stop() {
    return stopChild(this.child);
  }

  signIn(credentials) {
    return signIn(this.baseUrl, credentials);
  }
}

/** One call to the product's API as `token`: its status and JSON body (null when empty). */
export async function apiCall(baseUrl, token, method, route, body) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: response.status, body: text }; // not JSON: the text, for the error that names the call
  }
}

/** apiCall's body; an error naming the call when it answers 4xx or 5xx. */
export async function apiBody(baseUrl, token, method, route, body) {
  const answer = await apiCall(baseUrl, token, method, route, body);
  if (answer.status >= 400) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A simulator connection made through `call` (method, route, body → body), shown its QR code and scanned. */
export async function scannedSimulatorConnection(call, fields) {
  const connection = await call('POST', '/whatsapp', { provider: 'simulator', ...fields });
  for (let tries = 0; (await call('GET', `/whatsapp/${connection.id}`)).status !== 'qrcode'; tries++) {
    if (tries > 300) throw new Error('no QR');
    await sleep(100);
  }
  await call('POST', `/simulator/connections/${connection.id}/scan`, {});
  return connection;
}
