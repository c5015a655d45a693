/**
 * A typebot's image and embedded PDF, and an n8n flow's image, audio, video and document, reach the
 * customer's phone (the simulator) as real WhatsApp media, through the whole standalone product: ai
 * downloads them from the bot's file server into the company's media, conversations sends them,
 * whatsapp's sender delivers them. A file that cannot be downloaded arrives as its link.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startTypebotServer, startWebhookServer, type TypebotServer, type WebhookServer } from '@app/ai/testing';
import { connectionSchema, queueIntegrationSchema, simulatorOutboundResponseSchema } from '@app/contracts';
import { createTestDatabase, expectAnswer, type TestDatabase, waitFor } from '@app/platform/testing';
import { Client } from 'pg';
import { z } from 'zod';

import { api, apiToken, companyOfItsOwn, scannedConnection } from '../support/browser-setup';
import { type AppProcess, freePort, startApp, waitUntilReady } from '../support/processes';

jest.setTimeout(240_000);

const ADMIN = { email: 'owner@platform.test', password: 'Owner-password-1' };
const CUSTOMER = { from: '5511955553333', pushName: 'Rita Lima' };
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 3)]);
/** Bytes of each kind as the file server serves them (the sender checks the type it is told, not the bytes). */
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(60, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('standalone: a chatbot answers with media', () => {
  let database: TestDatabase;
  let dataDir: string;
  let base: string;
  let typebot: TypebotServer;
  let hook: WebhookServer;
  let files: Server;
  let filesUrl: string;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    typebot = await startTypebotServer();
    hook = await startWebhookServer();
    files = createServer((req, res) => {
      if (req.url === '/aviso.ogg') return res.writeHead(200, { 'content-type': 'audio/ogg' }).end(OGG);
      if (req.url === '/demo.mp4') return res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4);
      if (req.url === '/produto.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/catalogo.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    database = await createTestDatabase('integration_media');
    dataDir = mkdtempSync(path.join(tmpdir(), 'integration-media-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = startApp('standalone', {
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SIMULATOR_ENABLED: 'true',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WEB_DIST: '/nonexistent',
    });
    await waitUntilReady(app, `${base}/ready`, 120_000);
  });

  afterAll(async () => {
    await app?.stop();
    await database?.drop();
    await typebot?.close();
    await hook?.close();
    await new Promise((resolve) => files?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * A queue "Vendas" bound to the integration, served by a scanned simulator connection, once
   * conversations and ai have heard of the connection's queue (their copies follow whatsapp's
   * events); with what the simulated phone has received.
   */
  const servingConnection = async (token: string, integrationId: number, color: string, name: string) => {
    const queue = expectAnswer(
      z.object({ id: z.number() }).loose(),
      await api(base, 'POST', '/api/queue', token, { name: 'Vendas', color, integrationId }),
    );
    const connection = await scannedConnection(base, token, name);
    expectAnswer(connectionSchema, await api(base, 'PUT', `/api/whatsapp/${connection.id}`, token, { queueIds: [queue.id] }));
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await waitFor(
        async () =>
          (
            await client.query(
              `SELECT 1 FROM conversations.connections c JOIN ai.connections a ON a.id = c.id WHERE c.id = $1 AND c.queue_ids = ARRAY[$2::int]`,
              [connection.id, queue.id],
            )
          ).rows.length === 1,
        { timeoutMs: 30_000, what: 'the connection and its queue known to conversations and ai' },
      );
    } finally {
      await client.end();
    }
    const phone = async () =>
      expectAnswer(simulatorOutboundResponseSchema, await api(base, 'GET', `/api/simulator/connections/${connection.id}/outbound`, token))
        .messages;
    return { connection, phone };
  };

  it("the customer's phone receives the image and the document as media, the failing file as its link", async () => {
    const { admin } = await companyOfItsOwn(base, ADMIN, 'Loja Azul', { useIntegrations: true });
    const token = await apiToken(base, admin);
    typebot.startWith([
      { type: 'image', content: { url: `${filesUrl}/produto.png` } },
      { type: 'embed', content: { url: `${filesUrl}/catalogo.pdf` } },
      { type: 'video', content: { url: `${filesUrl}/fora-do-ar.mp4` } },
    ]);
    const bot = expectAnswer(
      queueIntegrationSchema,
      await api(base, 'POST', '/api/queueIntegration', token, {
        type: 'typebot',
        name: 'Loja Bot',
        urlN8N: typebot.baseUrl,
        typebotSlug: 'loja',
        typebotDelayMessage: 100,
      }),
    );
    const { connection, phone } = await servingConnection(token, bot.id, '#1565c0', 'Simulador Loja');
    const said = await api(base, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...CUSTOMER, body: 'Oi' });
    expect(said.status).toBeLessThan(300);
    await waitFor(async () => (await phone()).length >= 3, { timeoutMs: 60_000, intervalMs: 200, what: 'the three replies' });
    const received = (await phone()).slice(0, 3);
    expect(received.map((m) => [m.to, m.mediaType, m.fileName])).toEqual([
      [CUSTOMER.from, 'image', 'produto.png'],
      [CUSTOMER.from, 'document', 'catalogo.pdf'],
      [CUSTOMER.from, null, null],
    ]);
    expect(received[2]!.body).toBe(`${filesUrl}/fora-do-ar.mp4`);
    // What the phone got is the company's stored copy of the bot's file, byte for byte.
    for (const [message, bytes] of [
      [received[0]!, PNG],
      [received[1]!, PDF],
    ] as const) {
      expect(message.mediaUrl).toMatch(/^\/api\/whatsapp-media\/companies\/\d+\/ai\/bot-media\//);
      const file = await fetch(`${base}${message.mediaUrl}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    }
  });

  it("an n8n flow's image, audio, video and document reach the customer's phone as those WhatsApp media, in order", async () => {
    const customer = { from: '5511955557777', pushName: 'Caio Prado' };
    const { admin } = await companyOfItsOwn(base, ADMIN, 'Loja Verde', { useIntegrations: true });
    const token = await apiToken(base, admin);
    hook.answerWith(() => ({
      body: {
        messages: [
          { type: 'image', url: `${filesUrl}/produto.png`, caption: 'Nosso bolo' },
          { type: 'audio', url: `${filesUrl}/aviso.ogg` },
          { type: 'video', url: `${filesUrl}/demo.mp4`, caption: 'Como fazemos' },
          { type: 'document', url: `${filesUrl}/catalogo.pdf`, caption: 'Catálogo' },
        ],
      },
    }));
    const flow = expectAnswer(
      queueIntegrationSchema,
      await api(base, 'POST', '/api/queueIntegration', token, { type: 'n8n', name: 'Fluxo Loja', urlN8N: hook.url }),
    );
    const { connection, phone } = await servingConnection(token, flow.id, '#2e7d32', 'Simulador Verde');
    const said = await api(base, 'POST', `/api/simulator/connections/${connection.id}/inbound`, token, { ...customer, body: 'Oi' });
    expect(said.status).toBeLessThan(300);
    await waitFor(async () => (await phone()).length >= 4, { timeoutMs: 60_000, intervalMs: 200, what: 'the four media' });
    const received = (await phone()).slice(0, 4);
    expect(received.map((m) => [m.to, m.mediaType, m.fileName])).toEqual([
      [customer.from, 'image', 'produto.png'],
      [customer.from, 'audio', 'aviso.ogg'],
      [customer.from, 'video', 'demo.mp4'],
      [customer.from, 'document', 'catalogo.pdf'],
    ]);
    expect(hook.received).toHaveLength(1);
    for (const [message, bytes] of [
      [received[0]!, PNG],
      [received[1]!, OGG],
      [received[2]!, MP4],
      [received[3]!, PDF],
    ] as const) {
      expect(message.mediaUrl).toMatch(/^\/api\/whatsapp-media\/companies\/\d+\/ai\/bot-media\//);
      const file = await fetch(`${base}${message.mediaUrl}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    }
  });
});
