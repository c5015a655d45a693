#!/usr/bin/env node
// The distributed runtime on one machine without Docker: a Kafka broker (infra/kafka/start.sh, unless
// KAFKA_BROKERS is given), PostgreSQL (DATABASE_URL, or the embedded one), every service as its own
// process (identity, whatsapp, conversations, outbound, ai, billing) and the gateway. Prints where
// the product runs and the first login; Ctrl+C stops everything it started, in reverse order.
// Needs `npm run build` first. Settings (environment): see docs/running.md, "Distributed".
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data/distributed'));
const logDir = path.join(dataDir, 'logs');
const gatewayPort = Number(env.PORT ?? 8080);
const firstServicePort = Number(env.SERVICES_PORT ?? 3001);
const readyTimeoutMs = Number(env.READY_TIMEOUT_SECONDS ?? 180) * 1000;

/** Started one at a time: two services installing their schemas at once on an empty database can deadlock. */
const SERVICES = ['identity', 'whatsapp', 'conversations', 'outbound', 'ai', 'billing'];
const portOf = (name) => firstServicePort + SERVICES.indexOf(name);
const urlOf = (name) => `http://127.0.0.1:${portOf(name)}`;

const say = (line) => process.stdout.write(`[start-distributed] ${line}\n`);
const started = [];
let kafkaStateDir;
let embedded;
let stopping = false;

for (const name of [...SERVICES, 'gateway']) {
  if (!existsSync(path.join(root, 'dist/apps', name, 'src/main.js'))) {
    console.error(`[start-distributed] dist/apps/${name} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
mkdirSync(logDir, { recursive: true });

/** JWT_SECRET, AI_KEYS_SECRET and WHATSAPP_KEYS_SECRET when not given: generated once, kept with the data (0600), so logins and stored keys survive restarts. */
function secrets() {
  const file = path.join(dataDir, 'secrets.json');
  let kept = {};
  if (existsSync(file)) kept = JSON.parse(readFileSync(file, 'utf8'));
  const names = ['JWT_SECRET', 'AI_KEYS_SECRET', 'WHATSAPP_KEYS_SECRET'];
  const wanted = Object.fromEntries(names.map((name) => [name, env[name] || kept[name]]));
  const generated = {};
  for (const name of names) if (!wanted[name]) wanted[name] = generated[name] = randomBytes(48).toString('base64url');
  if (Object.keys(generated).length) writeFileSync(file, JSON.stringify({ ...kept, ...generated }, null, 2), { mode: 0o600 });
  return wanted;
}

function startKafka() {
  if (env.KAFKA_BROKERS) return env.KAFKA_BROKERS;
  say('starting Kafka (infra/kafka/start.sh)...');
  const result = spawnSync('bash', [path.join(root, 'infra/kafka/start.sh')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error('Kafka did not start (see above)');
  const assignments = Object.fromEntries(
    result.stdout
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  kafkaStateDir = assignments.KAFKA_STATE_DIR;
  return assignments.KAFKA_BROKERS;
}

async function startDatabase() {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  say(`starting the embedded PostgreSQL (data in ${path.join(dataDir, 'postgres')})...`);
  const { startEmbeddedPostgres } = createRequire(import.meta.url)(path.join(root, 'dist/libs/platform/src/database/embedded-postgres.js'));
  embedded = await startEmbeddedPostgres({ dataDir, port: Number(env.EMBEDDED_POSTGRES_PORT ?? 54329), database: 'zapdesk' });
  return embedded.url;
}

/** One process with its output in logs/<name>.log; an unexpected exit stops the whole runtime. */
function startProcess(name, settings, onLine) {
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/apps', name, 'src/main.js')], {
    cwd: root,
    env: { ...env, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const take = (chunk) => {
    log.write(chunk);
    tail = (tail + chunk).slice(-4000);
    for (const line of chunk.toString().split('\n')) if (line) onLine?.(line);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const entry = { name, child, tail: () => tail };
  child.on('exit', (code, signal) => {
    log.end();
    if (stopping) return;
    console.error(`[start-distributed] ${name} exited (${signal ?? code}); its last output:\n${tail}`);
    void stopAll(1);
  });
  started.push(entry);
  return entry;
}

async function waitReady(entry, url) {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (entry.child.exitCode !== null || stopping) throw new Error(`${entry.name} stopped before it was ready`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${entry.name} was not ready at ${url} within ${readyTimeoutMs / 1000} s; see ${path.join(logDir, `${entry.name}.log`)}`);
}

function stopProcess({ child }) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say('stopping...');
  for (const entry of [...started].reverse()) await stopProcess(entry);
  if (embedded) await embedded.stop().catch((error) => console.error(`[start-distributed] PostgreSQL: ${error.message}`));
  if (kafkaStateDir) {
    spawnSync('bash', [path.join(root, 'infra/kafka/stop.sh')], { env: { ...env, KAFKA_STATE_DIR: kafkaStateDir }, stdio: 'inherit' });
  }
  say('stopped');
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const { JWT_SECRET, AI_KEYS_SECRET, WHATSAPP_KEYS_SECRET } = secrets();
  const KAFKA_BROKERS = startKafka();
  const DATABASE_URL = await startDatabase();
  const files = path.join(dataDir, 'files');
  const common = {
    DATABASE_URL,
    KAFKA_BROKERS,
    JWT_SECRET,
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    IDENTITY_URL: urlOf('identity'),
    WHATSAPP_URL: urlOf('whatsapp'),
    CONVERSATIONS_URL: urlOf('conversations'),
    OUTBOUND_URL: urlOf('outbound'),
    // Media, attachments and voice notes: one folder shared by whatsapp, conversations, outbound and ai.
    STORAGE_DIR: files,
  };
  const own = {
    identity: { STORAGE_DIR: path.join(dataDir, 'identity-files'), COOKIE_SECURE: env.COOKIE_SECURE ?? 'false' },
    whatsapp: { WHATSAPP_ADVERTISED_URL: urlOf('whatsapp'), WHATSAPP_KEYS_SECRET },
    ai: { AI_KEYS_SECRET },
  };
  let login;
  for (const name of SERVICES) {
    say(`starting ${name} on port ${portOf(name)}...`);
    const entry = startProcess(name, { ...common, ...own[name], PORT: String(portOf(name)) }, (line) => {
      const seeded = /^First start: platform super admin (\S+) created(?: with password (\S+))?/.exec(line);
      if (seeded) login = { email: seeded[1], password: seeded[2] };
    });
    await waitReady(entry, `${urlOf(name)}/ready`);
  }
  say(`starting the gateway on port ${gatewayPort}...`);
  const gateway = startProcess('gateway', {
    PORT: String(gatewayPort),
    KAFKA_BROKERS,
    JWT_SECRET,
    LOG_LEVEL: common.LOG_LEVEL,
    IDENTITY_URL: urlOf('identity'),
    WHATSAPP_URL: urlOf('whatsapp'),
    CONVERSATIONS_URL: urlOf('conversations'),
    OUTBOUND_URL: urlOf('outbound'),
    AI_URL: urlOf('ai'),
    BILLING_URL: urlOf('billing'),
    WEB_DIST: env.WEB_DIST ?? path.join(root, 'web/dist'),
  });
  await waitReady(gateway, `http://127.0.0.1:${gatewayPort}/ready`);

  const lines = [
    `Zapdesk (distributed) is running at http://localhost:${gatewayPort}`,
    '',
    `  processes: ${SERVICES.map((name) => `${name} :${portOf(name)}`).join(', ')}, gateway :${gatewayPort}`,
    `  kafka:     ${KAFKA_BROKERS}${kafkaStateDir ? ` (started here, state in ${kafkaStateDir})` : ''}`,
    `  database:  ${embedded ? `embedded PostgreSQL, data in ${path.join(dataDir, 'postgres')}` : 'PostgreSQL at DATABASE_URL'}`,
    `  logs:      ${logDir}/<process>.log`,
  ];
  if (login) {
    lines.push('', 'First start: the platform super admin was created.', `  e-mail:   ${login.email}`);
    lines.push(
      login.password ? `  password: ${login.password}   (generated now and shown only this once)` : '  password: the one in ADMIN_PASSWORD',
    );
  }
  lines.push('', 'Ctrl+C stops every process.');
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  process.stdout.write(`\n${'='.repeat(width)}\n${lines.map((l) => `  ${l}`).join('\n')}\n${'='.repeat(width)}\n\n`);
} catch (error) {
  console.error(`[start-distributed] ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
