/**
 * Gateway and identity as separate processes over a real Kafka broker and a shared PostgreSQL:
 * a user created through the gateway reaches the socket.io clients of its company and no other.
 */
import { randomBytes } from 'node:crypto';

import { loginResponseSchema, TOPIC_PARTITIONS, TOPICS, userResponseSchema } from '@app/contracts';
import { partitionOf } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import * as argon2 from 'argon2';
import { Client } from 'pg';
import { type Socket } from 'socket.io-client';

import { connectSocket } from '../support/http-api';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(120_000);

const brokers = process.env.KAFKA_BROKERS;

async function insertCompanyB(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await argon2.hash('beta-pass-1');
    const {
      rows: [company],
    } = await client.query(
      `INSERT INTO identity.companies (name, plan_id, status, approved, due_date) VALUES ('Beta', 1, true, true, '2999-01-01') RETURNING id`,
    );
    await client.query(
      `INSERT INTO identity.users (company_id, name, email, password_hash, profile) VALUES ($1, 'Beta Boss', 'boss@beta.test', $2, 'admin')`,
      [company.id, hash],
    );
    return company.id;
  } finally {
    await client.end();
  }
}

const connect = connectSocket;

(brokers ? describe : describe.skip)('distributed: gateway + identity over Kafka', () => {
  let database: TestDatabase;
  let identity: AppProcess;
  let gateway: AppProcess;
  let gatewayUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('dist');
    const jwtSecret = randomBytes(32).toString('hex');
    const [identityPort, gatewayPort] = [await freePort(), await freePort()];
    identity = startApp('identity', {
      PORT: String(identityPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: 'root@platform.test',
      ADMIN_PASSWORD: 'Root-password-1',
      COOKIE_SECURE: 'false',
    });
    gateway = startApp('gateway', {
      PORT: String(gatewayPort),
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: jwtSecret,
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      GATEWAY_INSTANCE_ID: `dist-test-${randomBytes(3).toString('hex')}`,
      WEB_DIST: '/nonexistent',
    });
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await Promise.all([waitUntilReady(identity, `http://127.0.0.1:${identityPort}/ready`), waitUntilReady(gateway, `${gatewayUrl}/ready`)]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([gateway?.stop(), identity?.stop()]);
    await database?.drop();
  });

  const login = async (email: string, password: string) => {
    const response = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return expectAnswer(loginResponseSchema, await response.json());
  };

  /**
   * Makes the next user id one whose identity.events key lands on the same partition as `userId`'s,
   * so the next user's event follows that user's through one partition, in order, to the gateway.
   */
  const nextUserOnPartitionOf = async (userId: number) => {
    const partitions = TOPIC_PARTITIONS[TOPICS.identityEvents];
    const target = partitionOf(TOPICS.identityEvents, String(userId), partitions);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const sequence = `pg_get_serial_sequence('identity.users', 'id')`;
      const [{ taken }] = (await client.query(`SELECT nextval(${sequence})::int AS taken`)).rows;
      let next = taken + 1;
      while (partitionOf(TOPICS.identityEvents, String(next), partitions) !== target) next += 1;
      await client.query(`SELECT setval(${sequence}, $1)`, [next - 1]);
    } finally {
      await client.end();
    }
  };

  it('each service is its own process and reports ready with its checks', async () => {
    expect(identity.child.pid).not.toBe(gateway.child.pid);
    const ready = (await (await fetch(`${gatewayUrl}/ready`)).json()) as { checks: Record<string, string> };
    expect(ready.checks).toEqual({ kafka: 'ok' });
  });

  it('a user created through the gateway reaches the sockets of the same company and not another company', async () => {
    const companyB = await insertCompanyB(database.url);
    const a = await login('root@platform.test', 'Root-password-1');
    const b = await login('boss@beta.test', 'beta-pass-1');
    expect(b.user.companyId).toBe(companyB);

    const socketA = await connect(gatewayUrl, a.token);
    const socketB = await connect(gatewayUrl, b.token);
    sockets.push(socketA, socketB);
    const receivedByA: unknown[] = [];
    const receivedByB: unknown[] = [];
    socketA.on(`company-${a.user.companyId}-user`, (payload) => receivedByA.push(payload));
    socketB.onAny((event, payload) => receivedByB.push({ event, payload }));

    const response = await fetch(`${gatewayUrl}/api/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ name: 'Carla Dias', email: 'carla@platform.test', password: 'carla-pass' }),
    });
    expect(response.status).toBe(201);
    const carla = expectAnswer(userResponseSchema, { status: response.status, body: await response.json() });

    // Presence updates (the sockets connecting) also arrive on this channel; the creation is the one wanted.
    const creation = () => receivedByA.find((payload) => (payload as { action: string }).action === 'create');
    await waitFor(creation, { timeoutMs: 15_000, what: 'the user event on company A socket' });
    expect(creation()).toMatchObject({ action: 'create', user: { email: 'carla@platform.test', companyId: a.user.companyId } });
    expect(JSON.stringify(receivedByA)).not.toMatch(/password/i);
    // A user of B created now travels the same partition after Carla's event, and B hears it: once it
    // is in, a wrongly routed event about Carla would have reached B before it.
    await nextUserOnPartitionOf(carla.id);
    const marker = await fetch(`${gatewayUrl}/api/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${b.token}` },
      body: JSON.stringify({ name: 'Marcador Beta', email: 'marker@beta.test', password: 'marker-pass' }),
    });
    expect(marker.status).toBe(201);
    const markerId = expectAnswer(userResponseSchema, { status: marker.status, body: await marker.json() }).id;
    await waitFor(
      () => receivedByB.some((e) => (e as { event: string; payload: { user?: { id: number } } }).payload?.user?.id === markerId),
      { timeoutMs: 15_000, what: 'the marker user on company B socket' },
    );
    // B hears only its own company's events (its presence, its own login), never A's new user.
    expect(receivedByB.filter((e) => !(e as { event: string }).event.startsWith(`company-${companyB}-`))).toEqual([]);
    expect(JSON.stringify(receivedByB)).not.toContain('carla@platform.test');
  });

  it("a logout at identity closes the session's socket on the gateway process and ends its token there", async () => {
    const session = await login('root@platform.test', 'Root-password-1');
    const socket = await connect(gatewayUrl, session.token);
    sockets.push(socket);
    const seen = { ended: false, reason: '' };
    socket.on('sessionEnded', () => (seen.ended = true));
    socket.on('disconnect', (reason) => (seen.reason = reason));

    const logout = await fetch(`${gatewayUrl}/api/auth/logout`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(logout.status).toBe(204);
    await waitFor(() => seen.reason !== '', { timeoutMs: 15_000, what: 'the gateway closing the ended session socket' });
    expect(seen).toEqual({ ended: true, reason: 'io server disconnect' });
    await expect(connect(gatewayUrl, session.token)).rejects.toThrow(/ERR_SESSION_EXPIRED/);
    const me = await fetch(`${gatewayUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${session.token}` } });
    expect(me.status).toBe(401);
  });

  it('a socket without a valid token is refused at the handshake', async () => {
    await expect(connect(gatewayUrl, 'not-a-token')).rejects.toThrow(/ERR_SESSION_EXPIRED/);
  });

  it('REST calls through the gateway reach identity with their errors intact', async () => {
    const response = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'root@platform.test', password: 'wrong-password' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
  });
});

if (!brokers) {
  test('the distributed test needs KAFKA_BROKERS (run `npm test`)', () => {
    throw new Error('KAFKA_BROKERS is not set: run the tests through `npm test`, which starts a broker');
  });
}
