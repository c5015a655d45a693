/**
 * docs/running.md's "Without Docker, on one machine" followed literally: the command its block shows
 * (scripts/start-distributed.mjs) is run as written, starting its own Kafka broker, every service and
 * the gateway. Through the gateway the platform's admin signs in, a simulator connection connects, a
 * customer's message reaches the inbox socket and a reply goes out; Ctrl+C stops every process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  type AppMessageSocketPayload,
  connectionSchema,
  loginResponseSchema,
  messageSchema,
  simulatorInboundResponseSchema,
  simulatorOutboundResponseSchema,
  simulatorSessionResponseSchema,
} from '@app/contracts';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { io, type Socket } from 'socket.io-client';

import { freePort, freePortRun, repoRoot } from '../support/processes';

jest.setTimeout(600_000);

const ADMIN = { email: 'operador@zapdesk.test', password: 'senha-do-operador-1' };

/** The line of the documented block that starts the runtime (the block's other line is the build, done by the suite). */
function documentedCommand(): string {
  const page = readFileSync(path.join(repoRoot, 'docs/running.md'), 'utf8');
  const section = page.split('### Without Docker, on one machine')[1];
  if (!section) throw new Error('docs/running.md has no "### Without Docker, on one machine" section');
  const block = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the section has no bash block');
  const lines = block.split('\n').map((line) => line.trim());
  expect(lines).toContain('npm run build');
  const command = lines.find((line) => line.includes('start-distributed'));
  if (!command) throw new Error(`the block starts no start-distributed script:\n${block}`);
  return command;
}

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

describe('the documented distributed runtime on one machine', () => {
  let database: TestDatabase;
  let dataDir: string;
  let runtime: ChildProcess;
  let output = '';
  let gatewayUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('start_dist');
    dataDir = mkdtempSync(path.join(tmpdir(), 'start-dist-'));
    // identity, whatsapp, conversations, outbound, ai and billing listen on servicesPort and the 5 after it.
    const servicesPort = await freePortRun(6);
    const [gatewayPort, kafkaPort, controllerPort] = [await freePort(), await freePort(), await freePort()];
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      KAFKA_PORT: String(kafkaPort),
      KAFKA_CONTROLLER_PORT: String(controllerPort),
      SERVICES_PORT: String(servicesPort),
      PORT: String(gatewayPort),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIMULATOR_ENABLED: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    };
    if (process.env.KAFKA_CACHE_DIR) env.KAFKA_CACHE_DIR = process.env.KAFKA_CACHE_DIR;
    // Its own process group, so Ctrl+C can be sent the way a terminal sends it: to the whole group.
    runtime = spawn('bash', ['-c', documentedCommand()], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    runtime.stdout!.on('data', (chunk) => (output += chunk));
    runtime.stderr!.on('data', (chunk) => (output += chunk));
    const announced = await waitFor(
      () => /is running at (http:\/\/localhost:(\d+))/.exec(output) ?? (runtime.exitCode !== null ? 'exited' : undefined),
      {
        timeoutMs: 420_000,
        what: 'the running box',
      },
    );
    if (announced === 'exited') throw new Error(`the runtime exited:\n${output}`);
    expect(announced[2]).toBe(String(gatewayPort));
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    if (runtime && runtime.exitCode === null) {
      const exited = new Promise((resolve) => runtime.once('exit', resolve));
      process.kill(-runtime.pid!, 'SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 120_000))]);
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (token: string | undefined, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${gatewayUrl}/api${route}`, {
      method,
      headers: { ...(token && { Authorization: `Bearer ${token}` }), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as never };
  };

  it('prints every process and the login it was given', () => {
    for (const name of ['identity', 'whatsapp', 'conversations', 'outbound', 'ai', 'billing', 'gateway']) {
      expect(output).toMatch(new RegExp(`${name} :\\d+`));
    }
    expect(output).toContain(`e-mail:   ${ADMIN.email}`);
  });

  it('signs in, connects a simulator connection, hears a customer on the inbox socket and replies', async () => {
    const login = expectAnswer(loginResponseSchema, await call(undefined, 'POST', '/auth/login', ADMIN));
    const companyId = login.user.companyId;
    const socket = await connect(gatewayUrl, login.token);
    sockets.push(socket);
    const messages: AppMessageSocketPayload[] = [];
    socket.on(`company-${companyId}-appMessage`, (payload: AppMessageSocketPayload) => messages.push(payload));

    const created = await call(login.token, 'POST', '/whatsapp', { name: 'Atendimento', provider: 'simulator' });
    expect(created.status).toBe(201);
    const connectionId = expectAnswer(connectionSchema, created).id;
    const status = async () => expectAnswer(connectionSchema, await call(login.token, 'GET', `/whatsapp/${connectionId}`)).status;
    await waitFor(async () => (await status()) === 'qrcode', { timeoutMs: 60_000, what: 'the QR' });
    expectAnswer(simulatorSessionResponseSchema, await call(login.token, 'POST', `/simulator/connections/${connectionId}/scan`, {}));
    await waitFor(async () => (await status()) === 'CONNECTED', { timeoutMs: 30_000, what: 'CONNECTED' });

    const injected = await call(login.token, 'POST', `/simulator/connections/${connectionId}/inbound`, {
      from: '5511955551234',
      pushName: 'Joana',
      body: 'Olá, vocês abrem sábado?',
    });
    expectAnswer(simulatorInboundResponseSchema, injected);
    const live = await waitFor(() => messages.find((p) => p.action === 'create' && p.message.body === 'Olá, vocês abrem sábado?'), {
      timeoutMs: 60_000,
      what: 'the message on the inbox socket',
    });
    expect(live.ticket.contact).toMatchObject({ name: 'Joana', number: '5511955551234' });

    const reply = await call(login.token, 'POST', `/messages/${live.ticket.id}`, { body: 'Abrimos sim, das 9h às 13h.' });
    expect(reply.status).toBe(201);
    expectAnswer(messageSchema, reply);
    const sent = await waitFor(
      async () =>
        expectAnswer(
          simulatorOutboundResponseSchema,
          await call(login.token, 'GET', `/simulator/connections/${connectionId}/outbound`),
        ).messages.find((m) => m.body === 'Abrimos sim, das 9h às 13h.'),
      { timeoutMs: 60_000, what: 'the reply at the simulator' },
    );
    expect(sent.to).toBe('5511955551234');
  });

  it('Ctrl+C stops every process it started, the broker included', async () => {
    const exited = new Promise<number | null>((resolve) => runtime.once('exit', (code) => resolve(code)));
    process.kill(-runtime.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('[kafka/stop] stopped');
    const health = await fetch(`${gatewayUrl}/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(health).toBe('refused');
  });
});
