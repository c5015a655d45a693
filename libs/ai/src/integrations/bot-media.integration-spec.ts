import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  aiReplyRequested,
  connectionUpdated,
  type EventPayload,
  messageCreated,
  queueIntegrationSchema,
  queueSaved,
  type Ticket,
} from '@app/contracts';
import { companyMediaKey, FILE_STORAGE, type FileStorage, readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, queueFixture, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type AiTestApp, startAiTestApp } from '../testing/ai-test-app';
import { startTypebotServer, type TypebotServer } from '../testing/chatbot-servers/typebot-server';
import { aMessage, aTicket } from '../testing/conversation-fixtures';
import { BOT_MEDIA_MAX_BYTES } from './bot-media';

const A = 1;
const CONNECTION = 41;
// A PNG's signature and IHDR: bytes an image server answers, compared byte for byte once stored.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A file server the bot's media URLs point at: an image, a PDF, an image too large for WhatsApp, a failing one, a web page named .png. */
async function startFileServer(): Promise<{ baseUrl: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/produto.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    // No content type: the name says it is a PDF.
    if (req.url === '/docs/Cat%C3%A1logo%202026.pdf') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PDF);
    if (req.url === '/enorme.png') {
      // Chunked, no content-length: the limit is enforced while it streams.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i <= BOT_MEDIA_MAX_BYTES.image / chunk.length; i++) res.write(chunk);
      return res.end();
    }
    if (req.url === '/pagina.png') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A chatbot's media (issue 24): typebot answers images and an embedded PDF by URL; ai downloads each
 * through the URL guard into the company's media and asks conversations to send it as that media. What
 * cannot be downloaded (too large, failing, not what the bot said, a refused address) goes as its link.
 */
describe("a chatbot's media go to the customer as WhatsApp media", () => {
  jest.setTimeout(40_000);
  let t: AiTestApp;
  let typebot: TypebotServer;
  let files: Awaited<ReturnType<typeof startFileServer>>;
  let storage: FileStorage;
  let nextTicket = 4_100;
  let nextMessage = 41_000;

  const repliesTo = (ticket: Ticket) =>
    t.events.flatMap((envelope) => {
      const reply = readEvent(aiReplyRequested, envelope);
      return reply && reply.ticketId === ticket.id ? [reply] : [];
    });
  const bytesOf = async (mediaUrl: string): Promise<{ contentType: string; data: Buffer }> => {
    const file = await storage.get(companyMediaKey(mediaUrl, A)!);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    return { contentType: file!.contentType, data: Buffer.concat(chunks) };
  };

  beforeAll(async () => {
    [typebot, files] = await Promise.all([startTypebotServer(), startFileServer()]);
    t = await startAiTestApp({ chatbotTimeoutMs: 2_000, chatbotRetries: 0 }, { outboundAllowedHosts: ['127.0.0.1'] });
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    await t.publish(connectionUpdated, A, CONNECTION, { connection: connectionFixture(A, CONNECTION, { timeforagroup: 0 }) });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.connections WHERE id = $1`, [CONNECTION])).length === 1);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await Promise.all([typebot?.close(), files?.close()]);
  });

  const customerOfABot = async (bubbles: object[]): Promise<Ticket> => {
    typebot.startWith(bubbles);
    const admin = t.token({ userId: 10, companyId: A, profile: 'admin', plan: ['useIntegrations'] });
    const bot = expectAnswer(
      queueIntegrationSchema,
      await request(t.http)
        .post('/api/queueIntegration')
        .set('Authorization', `Bearer ${admin}`)
        .send({ name: 'Loja Bot', urlN8N: typebot.baseUrl, typebotSlug: 'loja', typebotDelayMessage: 50 })
        .expect(201),
    );
    const queueId = 4_000 + bot.id;
    await t.publish(queueSaved, A, `queue-${queueId}`, { queue: { ...queueFixture(A, queueId), integrationId: bot.id }, created: true });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM ai.queues WHERE integration_id = $1`, [bot.id])).length === 1);
    const ticket = aTicket(A, nextTicket++, queueId, { whatsappId: CONNECTION });
    const payload: EventPayload<typeof messageCreated> = { message: aMessage(ticket, nextMessage++, 'Oi'), ticket, audience: [] };
    await t.publish(messageCreated, A, ticket.id, payload);
    return ticket;
  };

  it('an image and an embedded PDF are stored in the company media and sent as media, in their place in the sequence', async () => {
    const ticket = await customerOfABot([
      { type: 'text', content: { type: 'markdown', markdown: 'Veja nosso produto:' } },
      { type: 'image', content: { url: `${files.baseUrl}/produto.png` } },
      { type: 'embed', content: { url: `${files.baseUrl}/docs/Cat%C3%A1logo%202026.pdf` } },
      { type: 'text', content: { type: 'markdown', markdown: 'Obrigado!' } },
    ]);
    await waitFor(() => repliesTo(ticket).length === 4, { what: 'the text, the image, the document and the thanks' });
    const [said, image, document, thanks] = repliesTo(ticket);
    expect(said).toMatchObject({ body: 'Veja nosso produto:' });
    expect(said!.media).toBeUndefined();
    expect(image).toMatchObject({ body: '', media: { kind: 'image', mimetype: 'image/png', fileName: 'produto.png' } });
    expect(document).toMatchObject({ body: '', media: { kind: 'document', mimetype: 'application/pdf', fileName: 'Catálogo_2026.pdf' } });
    expect(thanks).toMatchObject({ body: 'Obrigado!' });
    // The event names the company's stored copies, never the bot's URL.
    for (const reply of [image!, document!]) {
      expect(companyMediaKey(reply.media!.mediaUrl, A)).toMatch(/^companies\/1\/ai\/bot-media\//);
      expect(JSON.stringify(reply)).not.toContain(files.baseUrl);
    }
    expect(await bytesOf(image!.media!.mediaUrl)).toEqual({ contentType: 'image/png', data: PNG });
    expect(await bytesOf(document!.media!.mediaUrl)).toEqual({ contentType: 'application/pdf', data: PDF });
  });

  it('an image too large for WhatsApp, a failing URL and a web page named as an image go as their link', async () => {
    const ticket = await customerOfABot([
      { type: 'image', content: { url: `${files.baseUrl}/enorme.png` } },
      { type: 'image', content: { url: `${files.baseUrl}/sumiu.png` } },
      { type: 'image', content: { url: `${files.baseUrl}/pagina.png` } },
      { type: 'image', content: { url: `${files.baseUrl}/produto.png` } },
    ]);
    await waitFor(() => repliesTo(ticket).length === 4, { what: 'three links and the image' });
    const replies = repliesTo(ticket);
    expect(replies.slice(0, 3).map((reply) => [reply.body, reply.media])).toEqual([
      [`${files.baseUrl}/enorme.png`, undefined],
      [`${files.baseUrl}/sumiu.png`, undefined],
      [`${files.baseUrl}/pagina.png`, undefined],
    ]);
    expect(replies[3]!.media).toMatchObject({ kind: 'image', mimetype: 'image/png' });
    expect(files.hits).toEqual(expect.arrayContaining(['/enorme.png', '/sumiu.png', '/pagina.png']));
  });

  it('a media on an address the outbound guard refuses (cloud metadata, a private network) is never fetched and goes as its link', async () => {
    const ticket = await customerOfABot([
      { type: 'image', content: { url: 'http://169.254.169.254/latest/meta-data/iam.png' } },
      { type: 'video', content: { url: 'http://10.1.2.3/video.mp4' } },
    ]);
    await waitFor(() => repliesTo(ticket).length === 2, { what: 'the two links' });
    expect(repliesTo(ticket).map((reply) => [reply.body, reply.media])).toEqual([
      ['http://169.254.169.254/latest/meta-data/iam.png', undefined],
      ['http://10.1.2.3/video.mp4', undefined],
    ]);
  });
});
