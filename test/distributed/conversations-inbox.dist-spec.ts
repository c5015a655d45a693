/**
 * The inbox across processes: whatsapp, conversations and gateway as separate apps over a real Kafka
 * broker. A customer's message injected at the simulator reaches the company's socket as
 * company-{id}-appMessage, the ticket is listed through the gateway, a reply goes out through
 * whatsapp.commands to the simulator's outbound list, and its ack comes back on the socket.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  type AppMessageSocketPayload,
  connectionSchema,
  messageSchema,
  simulatorAckResponseSchema,
  simulatorInboundResponseSchema,
  simulatorOutboundResponseSchema,
  simulatorSessionResponseSchema,
  ticketListResponseSchema,
} from '@app/contracts';
import { openServiceDataSource } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { WHATSAPP_MIGRATIONS } from '@app/whatsapp';
import { sign } from 'jsonwebtoken';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';

import { type IdentitySessionsStandIn, startIdentitySessionsStandIn } from '../support/identity-sessions';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(180_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY_A = 900_000 + randomInt(0, 99_999);
const COMPANY_B = COMPANY_A + 1;
const ADMIN_A = 700_000 + randomInt(0, 99_999);
const ADMIN_B = ADMIN_A + 1;

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

(brokers ? describe : describe.skip)('distributed: the inbox through whatsapp, conversations and gateway', () => {
  let identitySessions: IdentitySessionsStandIn;
  let database: TestDatabase;
  let storageDir: string;
  const apps: AppProcess[] = [];
  let gatewayUrl: string;
  let tokenA: string;
  let tokenB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('inbox_dist');
    const dataSource = await openServiceDataSource(database.url, {
      schema: 'whatsapp',
      migrations: WHATSAPP_MIGRATIONS,
    });
    await dataSource.query(`ALTER SEQUENCE whatsapp.connections_id_seq RESTART WITH ${randomInt(1_000_000, 2_000_000_000)}`);
    await dataSource.destroy();
    storageDir = mkdtempSync(path.join(tmpdir(), 'inbox-dist-files-'));
    const secret = randomBytes(32).toString('hex');
    identitySessions = await startIdentitySessionsStandIn(secret);
    const claims = (userId: number, companyId: number) => ({
      sub: String(userId),
      companyId,
      profile: 'admin',
      super: false,
      sid: randomUUID(),
      plan: [],
    });
    tokenA = sign(claims(ADMIN_A, COMPANY_A), secret, { expiresIn: 3600 });
    tokenB = sign(claims(ADMIN_B, COMPANY_B), secret, { expiresIn: 3600 });
    const [whatsappPort, conversationsPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
    const suffix = randomBytes(4).toString('hex');
    const whatsapp = startApp('whatsapp', {
      PORT: String(whatsappPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      STORAGE_DIR: storageDir,
      SIMULATOR_ENABLED: 'true',
      COMMANDS_GROUP_ID: `inbox-wa-${suffix}`,
    });
    const conversations = startApp('conversations', {
      PORT: String(conversationsPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      WHATSAPP_EVENTS_GROUP_ID: `inbox-conv-${suffix}`,
      WHATSAPP_URL: `http://127.0.0.1:${whatsappPort}`,
    });
    const gateway = startApp('gateway', {
      PORT: String(gatewayPort),
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: identitySessions.url,
      WHATSAPP_URL: `http://127.0.0.1:${whatsappPort}`,
      CONVERSATIONS_URL: `http://127.0.0.1:${conversationsPort}`,
      GATEWAY_INSTANCE_ID: `inbox-gw-${suffix}`,
      WEB_DIST: '/nonexistent',
    });
    apps.push(whatsapp, conversations, gateway);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await Promise.all([
      waitUntilReady(whatsapp, `http://127.0.0.1:${whatsappPort}/ready`),
      waitUntilReady(conversations, `http://127.0.0.1:${conversationsPort}/ready`),
      waitUntilReady(gateway, `${gatewayUrl}/ready`),
    ]);
    // The users as identity's events would have projected them (identity does not run here).
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO conversations.users (id, company_id, name, profile) VALUES ($1, $2, 'Admin A', 'admin'), ($3, $4, 'Admin B', 'admin')`,
      [ADMIN_A, COMPANY_A, ADMIN_B, COMPANY_B],
    );
    await client.end();
  });

  afterAll(async () => {
    await identitySessions?.close();
    sockets.forEach((socket) => socket.close());
    await Promise.all(apps.map((app) => app.stop()));
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const call = async <T>(token: string, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${gatewayUrl}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  it('an inbound message appears live on the company socket, a reply reaches the simulator and its ack comes back', async () => {
    const socketA = await connect(gatewayUrl, tokenA);
    const socketB = await connect(gatewayUrl, tokenB);
    sockets.push(socketA, socketB);
    const messages: AppMessageSocketPayload[] = [];
    const heardByB: string[] = [];
    socketA.on(`company-${COMPANY_A}-appMessage`, (payload: AppMessageSocketPayload) => messages.push(payload));
    socketB.onAny((event: string) => heardByB.push(event));

    const created = await call(tokenA, 'POST', '/whatsapp', { name: 'Atendimento', provider: 'simulator' });
    expect(created.status).toBe(201);
    const connectionId = expectAnswer(connectionSchema, created).id;
    await waitFor(async () => expectAnswer(connectionSchema, await call(tokenA, 'GET', `/whatsapp/${connectionId}`)).status === 'qrcode', {
      timeoutMs: 30_000,
      what: 'the QR',
    });
    expectAnswer(simulatorSessionResponseSchema, await call(tokenA, 'POST', `/simulator/connections/${connectionId}/scan`, {}));
    await waitFor(
      async () => expectAnswer(connectionSchema, await call(tokenA, 'GET', `/whatsapp/${connectionId}`)).status === 'CONNECTED',
      { timeoutMs: 15_000 },
    );

    const injected = await call(tokenA, 'POST', `/simulator/connections/${connectionId}/inbound`, {
      from: '5511955550000',
      pushName: 'Maria',
      body: 'Bom dia!',
    });
    expect(injected.status).toBe(200);
    expectAnswer(simulatorInboundResponseSchema, injected);
    const live = await waitFor(() => messages.find((p) => p.action === 'create' && p.message.body === 'Bom dia!'), {
      timeoutMs: 60_000,
      what: 'the appMessage',
    });
    expect(live.ticket).toMatchObject({ status: 'pending', unreadMessages: 1, contact: { name: 'Maria', number: '5511955550000' } });

    const list = await call(tokenA, 'GET', '/tickets?status=pending');
    expect(expectAnswer(ticketListResponseSchema, list).tickets.map((t) => t.id)).toContain(live.ticket.id);
    expect((await call(tokenB, 'GET', `/tickets/${live.ticket.id}`)).status).toBe(404);

    const joinedA = await socketA.emitWithAck('joinChatBox', String(live.ticket.id));
    const joinedB = await socketB.emitWithAck('joinChatBox', String(live.ticket.id));
    expect(joinedA).toEqual({ joined: true });
    expect(joinedB).toMatchObject({ joined: false, error: 'ERR_NO_TICKET_FOUND' });

    const reply = await call(tokenA, 'POST', `/messages/${live.ticket.id}`, { body: 'Olá Maria, como posso ajudar?' });
    expect(reply.status).toBe(201);
    const replied = expectAnswer(messageSchema, reply);
    const outbound = await waitFor(
      async () =>
        expectAnswer(
          simulatorOutboundResponseSchema,
          await call(tokenA, 'GET', `/simulator/connections/${connectionId}/outbound`),
        ).messages.find((m) => m.body === 'Olá Maria, como posso ajudar?'),
      { timeoutMs: 30_000, what: 'the reply at the simulator' },
    );
    expect(outbound.to).toBe('5511955550000');
    expectAnswer(
      simulatorAckResponseSchema,
      await call(tokenA, 'POST', `/simulator/connections/${connectionId}/ack`, { messageId: outbound.messageId, ack: 4 }),
    );
    await waitFor(() => messages.find((p) => p.action === 'update' && p.message.id === replied.id && p.message.ack === 4), {
      timeoutMs: 30_000,
      what: 'the blue ticks',
    });
    expect(heardByB.filter((event) => event.includes('appMessage') || event.includes('ticket'))).toEqual([]);
  });
});

if (!brokers) {
  it.skip('distributed inbox tests need KAFKA_BROKERS', () => undefined);
}
