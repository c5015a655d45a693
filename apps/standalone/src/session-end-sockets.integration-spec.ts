import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { companyResponseSchema, loginResponseSchema, planListResponseSchema, userResponseSchema } from '@app/contracts';
import { GatewayModule } from '@app/gateway';
import { IdentityModule } from '@app/identity';
import { configureHttpApp, PlatformModule } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { io, type Socket } from 'socket.io-client';

jest.setTimeout(60_000);

const ROOT = { email: 'root@sockets.test', password: 'Root-password-1' };

/** Identity and the gateway in one process, as standalone runs them: sockets of an ended session close at once. */
describe('sockets of an ended session', () => {
  let database: TestDatabase;
  let storageDir: string;
  let app: INestApplication;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('session_sockets');
    storageDir = mkdtempSync(path.join(tmpdir(), 'session-sockets-'));
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          serviceName: 'session-sockets-test',
          mode: 'standalone',
          databaseUrl: database.url,
          jwt: { secret: randomBytes(32).toString('hex'), accessTtlSeconds: 900 },
          logLevel: 'silent',
          storageDir,
        }),
        IdentityModule.forRoot({ refreshTtlSeconds: 3600, secureCookies: false, admin: { ...ROOT } }),
        GatewayModule.forRoot({ instanceId: `sockets-${randomBytes(3).toString('hex')}` }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(app);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    url = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app?.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const call = async (method: string, route: string, token?: string, body?: unknown) => {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as any, cookie: response.headers.get('set-cookie') };
  };
  const login = async (email: string, password: string) => {
    const answer = await call('POST', '/auth/login', undefined, { email, password });
    expect(answer.status).toBe(200);
    const session = expectAnswer(loginResponseSchema, answer);
    return { token: session.token, userId: session.user.id, companyId: session.user.companyId };
  };
  const connect = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const watchEnd = (socket: Socket) => {
    const seen = { sessionEnded: false, disconnect: '' };
    socket.on('sessionEnded', () => (seen.sessionEnded = true));
    socket.on('disconnect', (reason) => (seen.disconnect = reason));
    return seen;
  };

  it("logout closes the session's open sockets, and a new socket with its token is refused", async () => {
    const root = await login(ROOT.email, ROOT.password);
    const other = await login(ROOT.email, ROOT.password);
    const socket = await connect(root.token);
    const bystander = await connect(other.token);
    const seen = watchEnd(socket);
    const bystanderSeen = watchEnd(bystander);

    expect((await call('DELETE', '/auth/logout', root.token)).status).toBe(204);
    await waitFor(() => seen.disconnect !== '', { what: 'the socket of the ended session closed' });
    expect(seen).toEqual({ sessionEnded: true, disconnect: 'io server disconnect' });
    expect(bystanderSeen.disconnect).toBe('');
    await expect(connect(root.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
    await expect(connect(other.token)).resolves.toBeTruthy();
  });

  it("deleting a user closes their sockets; demoting one closes theirs so they reconnect with the new role; an inactive company's close", async () => {
    const root = await login(ROOT.email, ROOT.password);
    const company = await call('POST', '/companies', root.token, {
      name: 'Sockets Co',
      email: 'boss@sockets-co.test',
      password: 'boss-pass-1',
      planId: expectAnswer(planListResponseSchema, await call('GET', '/plans/list', root.token))[0]!.id,
      status: true,
      dueDate: '2999-01-01',
    });
    expect(company.status).toBe(201);
    const { id: companyId } = expectAnswer(companyResponseSchema, company);
    const boss = await login('boss@sockets-co.test', 'boss-pass-1');
    const create = async (email: string, profile: 'admin' | 'user') => {
      const created = await call('POST', '/users', boss.token, { name: email, email, password: 'user-pass-1', profile });
      expect(created.status).toBe(201);
      return expectAnswer(userResponseSchema, created).id;
    };
    const goneId = await create('gone@sockets-co.test', 'user');
    const demotedId = await create('demoted@sockets-co.test', 'admin');
    const gone = watchEnd(await connect((await login('gone@sockets-co.test', 'user-pass-1')).token));
    const demoted = watchEnd(await connect((await login('demoted@sockets-co.test', 'user-pass-1')).token));
    const bossSocket = watchEnd(await connect(boss.token));

    expect((await call('DELETE', `/users/${goneId}`, boss.token)).status).toBe(204);
    await waitFor(() => gone.disconnect !== '', { what: "the deleted user's socket closed" });
    expect((await call('PUT', `/users/${demotedId}`, boss.token, { profile: 'user' })).status).toBe(200);
    await waitFor(() => demoted.disconnect !== '', { what: "the demoted user's socket closed" });
    expect(bossSocket.disconnect).toBe('');

    expect((await call('PUT', `/companies/${companyId}`, root.token, { status: false })).status).toBe(200);
    await waitFor(() => bossSocket.disconnect !== '', { what: "the inactive company's sockets closed" });
    await expect(connect(boss.token)).rejects.toThrow('ERR_SESSION_EXPIRED');
  });
});
