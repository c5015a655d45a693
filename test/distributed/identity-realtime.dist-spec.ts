/**
 * Identity and the gateway as separate processes over a real Kafka broker: sign-up through the
 * gateway with the code read from a real SMTP server, logging in elsewhere reaching the older
 * session as company-{id}-auth, userStatus pings turning into online users, announcements live.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  announcementResponseSchema,
  loginResponseSchema,
  planListResponseSchema,
  planResponseSchema,
  signUpResponseSchema,
  userListResponseSchema,
  userResponseSchema,
  verifyCodeResponseSchema,
  verifyEmailResponseSchema,
} from '@app/contracts';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { type Socket } from 'socket.io-client';

import { codeIn, type SmtpCapture, startSmtpCapture } from '../../libs/identity/src/testing/smtp-capture';
import { connectSocket } from '../support/http-api';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(120_000);

const brokers = process.env.KAFKA_BROKERS;
const ROOT = { email: 'root@platform.test', password: 'Root-password-1' };

const connect = connectSocket;

(brokers ? describe : describe.skip)('distributed: identity rules through the gateway over Kafka', () => {
  let database: TestDatabase;
  let smtp: SmtpCapture;
  let identity: AppProcess;
  let gateway: AppProcess;
  let gatewayUrl: string;
  const sockets: Socket[] = [];
  const storageDir = path.join(tmpdir(), `dist-identity-${randomBytes(4).toString('hex')}`);

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${gatewayUrl}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  };
  const login = async (email: string, password: string) => {
    const answer = await call('POST', '/auth/login', { email, password });
    expect(answer.status).toBe(200);
    return expectAnswer(loginResponseSchema, answer);
  };

  beforeAll(async () => {
    database = await createTestDatabase('dist_identity');
    smtp = await startSmtpCapture();
    const jwtSecret = randomBytes(32).toString('hex');
    const [identityPort, gatewayPort] = [await freePort(), await freePort()];
    identity = startApp('identity', {
      PORT: String(identityPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: ROOT.email,
      ADMIN_PASSWORD: ROOT.password,
      COOKIE_SECURE: 'false',
      SMTP_URL: smtp.url,
      STORAGE_DIR: storageDir,
    });
    gateway = startApp('gateway', {
      PORT: String(gatewayPort),
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: jwtSecret,
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      WHATSAPP_URL: 'http://127.0.0.1:9',
      GATEWAY_INSTANCE_ID: `dist-identity-${randomBytes(3).toString('hex')}`,
      WEB_DIST: '/nonexistent',
    });
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await Promise.all([waitUntilReady(identity, `http://127.0.0.1:${identityPort}/ready`), waitUntilReady(gateway, `${gatewayUrl}/ready`)]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([gateway?.stop(), identity?.stop()]);
    await smtp?.close();
    await database?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('a visitor signs up through the gateway with the mailed code, and logs in once a super user approves', async () => {
    const plan = await call(
      'POST',
      '/plans',
      { name: 'Start', users: 3, connections: 1, queues: 1, value: '29,90' },
      (await login(ROOT.email, ROOT.password)).token,
    );
    expect(plan.status).toBe(201);
    const planId = expectAnswer(planResponseSchema, plan).id;
    expect(expectAnswer(planListResponseSchema, await call('GET', '/plans/list')).map((p) => p.name)).toEqual(['Plano Inicial', 'Start']);

    const sent = await call('POST', '/verify-email', { email: 'owner@signup.test', name: 'Signup Co' });
    expect(sent.status).toBe(200);
    expectAnswer(verifyEmailResponseSchema, sent);
    const code = codeIn(await smtp.waitForMail('owner@signup.test', 0, 15_000));
    expect(expectAnswer(verifyCodeResponseSchema, await call('POST', '/verify-code', { email: 'owner@signup.test', code }))).toEqual({
      valid: true,
    });
    const created = await call('POST', '/companies/cadastro', {
      name: 'Signup Co',
      email: 'owner@signup.test',
      password: 'Senha-forte1',
      planId,
    });
    expect(created.status).toBe(201);
    const { company } = expectAnswer(signUpResponseSchema, created);
    expect((await call('POST', '/auth/login', { email: 'owner@signup.test', password: 'Senha-forte1' })).body.error).toBe(
      'ERR_COMPANY_NOT_APPROVED',
    );

    const root = await login(ROOT.email, ROOT.password);
    expect((await call('PUT', `/companies/${company.id}`, { approved: true }, root.token)).status).toBe(200);
    await login('owner@signup.test', 'Senha-forte1');
  });

  it('logging in elsewhere sends company-{id}-auth to the older session, carrying the new session id', async () => {
    const first = await login(ROOT.email, ROOT.password);
    const socket = await connect(gatewayUrl, first.token);
    sockets.push(socket);
    const received: { sessionId: string }[] = [];
    socket.on(`company-${first.user.companyId}-auth`, (payload) => received.push(payload));

    const second = await login(ROOT.email, ROOT.password);
    await waitFor(() => received.some((p) => p.sessionId === second.sessionId), { timeoutMs: 20_000, what: 'the auth event' });
    expect(received.find((p) => p.sessionId === second.sessionId)).toEqual({
      action: 'update',
      user: { id: first.user.id },
      sessionId: second.sessionId,
    });
    expect(second.sessionId).not.toBe(first.sessionId);
  });

  it('a socket and its userStatus pings reach identity over Kafka: the user shows online, then offline when it goes', async () => {
    const root = await login(ROOT.email, ROOT.password);
    const watcher = await connect(gatewayUrl, root.token);
    sockets.push(watcher);
    const updates: { action: string; user: { id: number; online: boolean } }[] = [];
    watcher.on(`company-${root.user.companyId}-user`, (payload) => updates.push(payload));
    const created = await call(
      'POST',
      '/users',
      { name: 'Paula Presente', email: 'paula@platform.test', password: 'paula-pass' },
      root.token,
    );
    expect(created.status).toBe(201);
    const paulaId = expectAnswer(userResponseSchema, created).id;
    const isOnline = async () =>
      expectAnswer(userListResponseSchema, await call('GET', '/users/list', undefined, root.token)).find((u) => u.id === paulaId)!.online;
    expect(await isOnline()).toBe(false);

    const paula = await login('paula@platform.test', 'paula-pass');
    const socket = await connect(gatewayUrl, paula.token);
    socket.emit('userStatus');
    await waitFor(() => updates.some((u) => u.action === 'update' && u.user.id === paulaId && u.user.online), {
      timeoutMs: 20_000,
      what: 'the online update event',
    });
    expect(await isOnline()).toBe(true);

    socket.close();
    await waitFor(() => updates.some((u) => u.action === 'update' && u.user.id === paulaId && !u.user.online), {
      timeoutMs: 20_000,
      what: 'the offline update event',
    });
    expect(await isOnline()).toBe(false);
  });

  it('an announcement reaches every company live as company-announcement', async () => {
    const root = await login(ROOT.email, ROOT.password);
    const owner = await login('owner@signup.test', 'Senha-forte1');
    const socket = await connect(gatewayUrl, owner.token);
    sockets.push(socket);
    const received: { action: string; record: { title: string } }[] = [];
    socket.on('company-announcement', (payload) => received.push(payload));
    const created = await call('POST', '/announcements', { title: 'Manutenção', text: 'Domingo às 22h', priority: 1 }, root.token);
    expect(created.status).toBe(201);
    expectAnswer(announcementResponseSchema, created);
    await waitFor(() => received.length > 0, { timeoutMs: 20_000, what: 'the announcement event' });
    expect(received[0]).toMatchObject({ action: 'create', record: { title: 'Manutenção', priority: 1 } });
  });
});

if (!brokers) {
  test('the distributed identity test needs KAFKA_BROKERS (run `npm test`)', () => {
    throw new Error('KAFKA_BROKERS is not set: run the tests through `npm test`, which starts a broker');
  });
}
