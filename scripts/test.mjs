#!/usr/bin/env node
// `npm test`: brings up what the tests need, runs every suite, stops what it started.
// PostgreSQL: DATABASE_URL when set (it must allow CREATE DATABASE), else an embedded server.
// Kafka: KAFKA_BROKERS when set, else a broker from infra/kafka (jars from Maven Central).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cleanups = [];
const started = Date.now();
const log = (message) => console.log(`[test] ${message}`);

function run(command, args, options = {}) {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** Runs a command with its output held back and printed whole when it ends (for steps run side by side). */
function runQuietly(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (status) => {
      log(`$ ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      resolve(status ?? 1);
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startPostgres() {
  if (process.env.DATABASE_URL) {
    log('PostgreSQL: using DATABASE_URL');
    return process.env.DATABASE_URL;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-test-pg-'));
  chmodSync(dataDir, 0o755); // as root the server runs as the postgres user, which must enter it
  const { startEmbeddedPostgres } = createRequire(import.meta.url)(path.join(root, 'dist/libs/platform/src/database/embedded-postgres.js'));
  const port = await freePort();
  log(`PostgreSQL: starting an embedded server on port ${port}`);
  const server = await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
  cleanups.push(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server.url;
}

/**
 * Every service's schema migrated once into a template database that each test file's database is
 * copied from (test/support/database-template.ts), instead of each app start migrating an empty one.
 */
async function createDatabaseTemplate(databaseUrl) {
  const script = path.join(root, 'scripts/test-database-template.cjs');
  const { status, stdout } = await new Promise((resolve) => {
    const child = spawn('node', [script, 'create', databaseUrl], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => resolve({ status: 1, stdout: `${out}${error}` }));
    child.on('close', (code) => resolve({ status: code ?? 1, stdout: out }));
  });
  const name = /TEST_DATABASE_TEMPLATE=(\S+)/.exec(stdout)?.[1];
  if (status !== 0 || !name) throw new Error(`the template database was not created: ${stdout}`);
  cleanups.push(async () => {
    spawnSync('node', [script, 'drop', databaseUrl, name], { cwd: root, stdio: 'inherit' });
  });
  log(`PostgreSQL: template database ${name} (every service migrated)`);
  return name;
}

async function startKafka() {
  if (process.env.KAFKA_BROKERS) {
    log(`Kafka: using KAFKA_BROKERS=${process.env.KAFKA_BROKERS}`);
    return process.env.KAFKA_BROKERS;
  }
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-test-kafka-'));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const env = { ...process.env, KAFKA_STATE_DIR: stateDir, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(controllerPort) };
  log(`Kafka: starting a broker on port ${port} (infra/kafka)`);
  // Not spawnSync: the broker starts while the static checks run.
  const { status, stdout } = await new Promise((resolve) => {
    const child = spawn('bash', [path.join(root, 'infra/kafka/start.sh')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => resolve({ status: 1, stdout: `${out}${error}` }));
    child.on('close', (code) => resolve({ status: code ?? 1, stdout: out }));
  });
  process.stdout.write(stdout);
  cleanups.push(async () => {
    spawnSync('bash', [path.join(root, 'infra/kafka/stop.sh')], { cwd: root, env, stdio: 'inherit' });
    rmSync(stateDir, { recursive: true, force: true });
  });
  const brokers = /KAFKA_BROKERS=(\S+)\s*$/.exec(stdout)?.[1];
  if (status !== 0 || !brokers) throw new Error('the Kafka broker did not start (see the output above)');
  return brokers;
}

/** The slowest test files of jest's report, so a run shows where its time went. */
function printSlowest(report, count = 25) {
  const files = report.testResults
    .map((result) => ({ file: path.relative(root, result.name), ms: result.endTime - result.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  console.log(
    `\n[test] slowest test files:\n${files.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`).join('\n')}`,
  );
}

async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error('[test] cleanup failed:', error);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping what was started`);
    cleanup().finally(() => process.exit(130));
  });
}

let exitCode;
try {
  const steps = [];
  const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
  /** Runs a step and records its outcome and its own time (steps side by side overlap). */
  const step = async (name, work) => {
    const since = Date.now();
    const status = await work();
    steps.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds(since)})`);
    log(`${name}: ${status === 0 ? 'ok' : 'FAILED'} after ${seconds(since)}`);
    return status;
  };
  if ((await step('build server', () => run('node', ['scripts/build-server.mjs']))) !== 0) throw new Error('server build failed');
  // The static checks are single-threaded: side by side they take the time of the longest. The web
  // build, PostgreSQL and the Kafka broker (mostly a JVM waiting for its port) start beside them.
  const services = (async () => {
    const since = Date.now();
    const databaseUrl = await startPostgres();
    const [databaseTemplate, kafkaBrokers] = await Promise.all([createDatabaseTemplate(databaseUrl), startKafka()]);
    const ready = { databaseUrl, databaseTemplate, kafkaBrokers };
    log(`PostgreSQL and Kafka ready after ${seconds(since)}`);
    return ready;
  })();
  services.catch(() => undefined); // awaited below, after the checks
  const reports = mkdtempSync(path.join(os.tmpdir(), 'zapdesk-test-reports-'));
  cleanups.push(async () => rmSync(reports, { recursive: true, force: true }));
  const [typecheck, lint, format, webTypecheck, webBuild] = await Promise.all([
    step('typecheck', () => runQuietly('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])),
    step('lint (eslint)', () => runQuietly('npx', ['eslint', '.', '--max-warnings=0'])),
    step('format (prettier --check)', () => runQuietly('npx', ['prettier', '--check', '--log-level', 'warn', '.'])),
    step('web: typecheck', () => runQuietly('npm', ['run', 'typecheck', '--workspace', 'web'])),
    step('web: build', () => runQuietly('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'web') })),
  ]);
  // On its own: its tests wait for the page with 5 s timeouts, which eslint beside it made miss.
  const webTests = await step('web: unit tests (vitest)', () =>
    // Both cores: vitest's default (one worker on two) took 490 s on a quiet machine, two 337-352 s in
    // clean-clone runs; nothing else runs beside it.
    runQuietly(
      'npx',
      [
        'vitest',
        'run',
        '--maxWorkers=2',
        '--minWorkers=1',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${path.join(reports, 'web.json')}`,
      ],
      {
        cwd: path.join(root, 'web'),
      },
    ),
  );

  const { databaseUrl, databaseTemplate, kafkaBrokers } = await services;
  const jestArgs = [
    'jest',
    '--ci',
    '--maxWorkers=2',
    '--json',
    `--outputFile=${path.join(reports, 'jest.json')}`,
    ...process.argv.slice(2),
  ];
  const jest = await step('jest (unit, integration, distributed, browser)', () =>
    run('npx', jestArgs, {
      env: {
        ...process.env,
        TEST_DATABASE_URL: databaseUrl,
        TEST_DATABASE_TEMPLATE: databaseTemplate,
        KAFKA_BROKERS: kafkaBrokers,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      },
    }),
  );
  const counts = { passed: 0, failed: 0, skipped: 0, failedSuites: 0 };
  for (const file of ['jest.json', 'web.json']) {
    try {
      const report = JSON.parse(readFileSync(path.join(reports, file), 'utf8'));
      counts.passed += report.numPassedTests;
      counts.failed += report.numFailedTests;
      counts.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
      // A suite can fail with no failed test: it did not load, its afterAll threw, or (vitest) its
      // beforeAll threw and its tests were reported as skipped.
      counts.failedSuites += report.numFailedTestSuites ?? 0;
      if (file === 'jest.json') printSlowest(report);
    } catch {
      counts.failedSuites += 1; // a runner that wrote no report did not pass
    }
  }
  console.log(`\n[test] summary after ${seconds(started)}:\n${steps.map((s) => `  ${s}`).join('\n')}`);
  exitCode =
    [typecheck, lint, format, webTypecheck, webTests, webBuild, jest].every((status) => status === 0) &&
    counts.failed + counts.failedSuites === 0
      ? 0
      : 1;
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped; suites: ${counts.failedSuites} failed`);
  console.log(`[test] total time: ${seconds(started)}`);
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
