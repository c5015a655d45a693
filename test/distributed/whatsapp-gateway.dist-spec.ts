/**
 * Gateway and whatsapp as separate processes over a real Kafka broker: connection calls go through the
 * gateway's proxy, session changes reach the company's sockets as company-{id}-whatsappSession and
 * company-{id}-whatsapp, and media is served only to the owning company.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from 'jsonwebtoken';
import { io, type Socket } from 'socket.io-client';
import type { Connection, WhatsappSessionSocketPayload, WhatsappSocketPayload } from '@app/contracts';
import { openServiceDataSource } from '@app/platform';
import { createTestDatabase, waitFor, type TestDatabase } from '@app/platform/testing';
import { WHATSAPP_ENTITIES, WHATSAPP_MIGRATIONS } from '@app/whatsapp';
import { freePort, startApp, waitUntilReady, type AppProcess } from '../support/processes';

jest.setTimeout(120_000);

const brokers = process.env.KAFKA_BROKERS;
const COMPANY_A = 800_000 + randomInt(0, 99_999);
const COMPANY_B = COMPANY_A + 1;

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

(brokers ? describe : describe.skip)('distributed: gateway + whatsapp over Kafka', () => {
  let database: TestDatabase;
  let storageDir: string;
  let whatsapp: AppProcess;
  let gateway: AppProcess;
  let gatewayUrl: string;
  let tokenA: string;
  let tokenB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('wa_gw');
    const dataSource = await openServiceDataSource(database.url, { schema: 'whatsapp', entities: WHATSAPP_ENTITIES, migrations: WHATSAPP_MIGRATIONS });
    await dataSource.query(`ALTER SEQUENCE whatsapp.connections_id_seq RESTART WITH ${randomInt(1_000_000, 2_000_000_000)}`);
    await dataSource.destroy();
    storageDir = mkdtempSync(path.join(tmpdir(), 'wa-gw-files-'));
    const secret = randomBytes(32).toString('hex');
    const claims = (companyId: number) => ({ sub: '1', companyId, profile: 'admin', super: false, sid: randomUUID(), plan: [] });
    tokenA = sign(claims(COMPANY_A), secret, { expiresIn: 3600 });
    tokenB = sign(claims(COMPANY_B), secret, { expiresIn: 3600 });
    const [whatsappPort, gatewayPort] = [await freePort(), await freePort()];
    whatsapp = startApp('whatsapp', {
      PORT: String(whatsappPort),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      STORAGE_DIR: storageDir,
      SIMULATOR_ENABLED: 'true',
      COMMANDS_GROUP_ID: `wa-gw-${randomBytes(4).toString('hex')}`,
    });
    gateway = startApp('gateway', {
      PORT: String(gatewayPort),
      KAFKA_BROKERS: brokers!,
      JWT_SECRET: secret,
      IDENTITY_URL: 'http://127.0.0.1:9',
      WHATSAPP_URL: `http://127.0.0.1:${whatsappPort}`,
      GATEWAY_INSTANCE_ID: `wa-gw-${randomBytes(3).toString('hex')}`,
      WEB_DIST: '/nonexistent',
    });
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await Promise.all([waitUntilReady(whatsapp, `http://127.0.0.1:${whatsappPort}/ready`), waitUntilReady(gateway, `${gatewayUrl}/ready`)]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all([gateway?.stop(), whatsapp?.stop()]);
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  const call = async (token: string, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${gatewayUrl}/api${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as never };
  };

  it("a connection's session reaches its company's sockets live, and no other company's", async () => {
    const socketA = await connect(gatewayUrl, tokenA);
    const socketB = await connect(gatewayUrl, tokenB);
    sockets.push(socketA, socketB);
    const sessions: WhatsappSessionSocketPayload[] = [];
    const updates: WhatsappSocketPayload[] = [];
    const heardByB: string[] = [];
    socketA.on(`company-${COMPANY_A}-whatsappSession`, (payload) => sessions.push(payload));
    socketA.on(`company-${COMPANY_A}-whatsapp`, (payload) => updates.push(payload));
    socketB.onAny((event) => heardByB.push(event));

    const created = await call(tokenA, 'POST', '/whatsapp', { name: 'Recepção', provider: 'simulator' });
    expect(created.status).toBe(201);
    const id = (created.body as Connection).id;
    const qr = await waitFor(() => sessions.find((p) => p.session.id === id && p.session.status === 'qrcode'), {
      timeoutMs: 30_000,
      what: 'the QR on the socket',
    });
    expect(qr.session.qrcodeImage).toMatch(/^data:image\/png;base64,/);

    const scanned = await call(tokenA, 'POST', `/simulator/connections/${id}/scan`, {});
    expect(scanned.status).toBe(200);
    await waitFor(() => sessions.find((p) => p.session.id === id && p.session.status === 'CONNECTED' && p.session.qrcode === ''), {
      timeoutMs: 15_000,
      what: 'CONNECTED on the socket',
    });
    expect(updates.some((p) => p.action === 'update' && p.whatsapp.id === id && p.whatsapp.status === 'CONNECTED')).toBe(true);

    expect((await call(tokenB, 'GET', `/whatsapp/${id}`)).status).toBe(404);
    await call(tokenA, 'DELETE', `/whatsapp/${id}`);
    await waitFor(() => updates.some((p) => p.action === 'delete' && p.whatsappId === id), { timeoutMs: 15_000, what: 'the delete event' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(heardByB.filter((event) => event.includes('whatsapp'))).toEqual([]);
  });

  it('media received by a connection is served through the gateway to its company only', async () => {
    const created = await call(tokenA, 'POST', '/whatsapp', { name: 'Mídia', provider: 'simulator' });
    const id = (created.body as Connection).id;
    await waitFor(async () => ((await call(tokenA, 'GET', `/whatsapp/${id}`)).body as Connection).status === 'qrcode', { timeoutMs: 30_000 });
    await call(tokenA, 'POST', `/simulator/connections/${id}/scan`, {});
    const pdf = Buffer.from('%PDF-1.4\n% test document\n');
    const inbound = await call(tokenA, 'POST', `/simulator/connections/${id}/inbound`, {
      from: '5511988887777', mediaType: 'document', mediaBase64: pdf.toString('base64'), mimetype: 'application/pdf', fileName: 'contrato assinado.pdf',
    });
    expect(inbound.status).toBe(200);
    const url = `/api/whatsapp-media/companies/${COMPANY_A}/whatsapp/${id}/${(inbound.body as { messageId: string }).messageId}-contrato_assinado.pdf`;
    const mine = await waitFor(
      async () => {
        const response = await fetch(`${gatewayUrl}${url}`, { headers: { Authorization: `Bearer ${tokenA}` } });
        return response.status === 200 ? response : undefined;
      },
      { timeoutMs: 15_000, what: 'the stored media' },
    );
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(pdf);
    expect((await fetch(`${gatewayUrl}${url}`, { headers: { Authorization: `Bearer ${tokenB}` } })).status).toBe(404);
  });
});

if (!brokers) {
  test('the distributed whatsapp test needs KAFKA_BROKERS (run `npm test`)', () => {
    throw new Error('KAFKA_BROKERS is not set: run the tests through `npm test`, which starts a broker');
  });
}
