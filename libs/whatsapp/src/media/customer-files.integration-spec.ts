import {
  type Connection,
  connectionSchema,
  mediaLinkResponseSchema,
  mediaUploadResponseSchema,
  simulatorInboundResponseSchema,
  simulatorSessionResponseSchema,
} from '@app/contracts';
import { FILE_STORAGE, type FileStorage, OutboxWriter } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { InboundMessageRepository } from '../messages/inbound-message.repository';
import { InboundMessageService } from '../messages/inbound-message.service';
import { normaliseUpsert } from '../providers/baileys/baileys-normalise';
import { announceQueues, startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';
import { MediaStore } from './media-store';

jest.setTimeout(60_000);

const A = 111;
const B = 222;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><script>localStorage.pwned=localStorage.token</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>window.__pwned = 1</script></body></html>');

type Received = { kind: string; mediaType: string; media: { url: string; mimetype: string; fileName: string } | null };

describe("customer files are typed by their bytes and served so they never run in the app's origin (real PostgreSQL)", () => {
  let t: WhatsappTestApp;
  let adminA: string;
  let adminB: string;
  let phone: Connection;

  beforeAll(async () => {
    t = await startWhatsappTestApp();
    adminA = t.token({ userId: 1, companyId: A });
    adminB = t.token({ userId: 3, companyId: B });
    await announceQueues(t, A, [1]);
    const created = await api().post('/api/whatsapp').set(as(adminA)).send({ name: 'Arquivos', provider: 'simulator' });
    expect(created.status).toBe(201);
    const { id } = expectAnswer(connectionSchema, created);
    await waitFor(async () => expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${id}`).set(as(adminA))).status === 'qrcode', {
      what: 'the QR code',
    });
    expectAnswer(
      simulatorSessionResponseSchema,
      await api().post(`/api/simulator/connections/${id}/scan`).set(as(adminA)).send({}).expect(200),
    );
    phone = expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${id}`).set(as(adminA)));
  });
  afterAll(() => t.close());

  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const binary = (response: request.Response) => response.body as Buffer;

  async function receivedFromSimulator(body: Record<string, unknown>): Promise<Received> {
    const sent = await api()
      .post(`/api/simulator/connections/${phone.id}/inbound`)
      .set(as(adminA))
      .send({ from: '5511977771111', ...body });
    expect(sent.status).toBe(200);
    const event = await waitFor(() =>
      t.events.find(
        (e) =>
          e.type === 'whatsapp.message.received' &&
          (e.payload as { message: { id: string } }).message.id === expectAnswer(simulatorInboundResponseSchema, sent).messageId,
      ),
    );
    return (event.payload as { message: Received }).message;
  }

  function expectAttachment(response: request.Response) {
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  }

  it("a customer's 'image' holding SVG is stored as SVG, filed as a document, and served only as a sandboxed attachment", async () => {
    const message = await receivedFromSimulator({
      mediaType: 'image',
      mediaBase64: SVG.toString('base64'),
      mimetype: 'image/jpeg',
      fileName: 'foto.jpg',
    });
    expect(message).toMatchObject({
      kind: 'document',
      mediaType: 'application',
      media: { mimetype: 'image/svg+xml', fileName: 'foto.jpg' },
    });
    const served = await api().get(message.media!.url).set(as(adminA)).buffer(true);
    expectAttachment(served);
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(Buffer.compare(binary(served), SVG)).toBe(0);
  });

  it("a customer's 'image' holding HTML, through the Baileys normalisation, is stored as HTML and served as a sandboxed attachment", async () => {
    const upsert = await normaliseUpsert(
      {
        key: { id: '3EB0HTMLIMAGE01', remoteJid: '5511977772222@s.whatsapp.net', fromMe: false },
        message: { imageMessage: { mimetype: 'image/png', caption: 'olha' } },
      },
      { phoneForLid: async () => null, download: async () => HTML },
    );
    if (upsert.type !== 'message') throw new Error(`expected a message, got ${upsert.type}`);
    const inbound = new InboundMessageService(
      new InboundMessageRepository(t.dataSource, new OutboxWriter('whatsapp')),
      new OutboxWriter('whatsapp'),
      new MediaStore(t.app.get(FILE_STORAGE)),
    );
    expect(await inbound.receive(A, phone.id, upsert.message)).toBe(true);
    const event = await waitFor(() =>
      t.events.find(
        (e) => e.type === 'whatsapp.message.received' && (e.payload as { message: { id: string } }).message.id === '3EB0HTMLIMAGE01',
      ),
    );
    const message = (event.payload as { message: Received }).message;
    expect(message).toMatchObject({ kind: 'document', mediaType: 'application', media: { mimetype: 'text/html' } });
    const served = await api().get(message.media!.url).set(as(adminA)).buffer(true);
    expectAttachment(served);
    expect(served.headers['content-type']).not.toMatch(/^image\//);
  });

  it('a real image stays an image and is served inline, nosniff', async () => {
    const message = await receivedFromSimulator({
      mediaType: 'image',
      mediaBase64: PNG.toString('base64'),
      mimetype: 'image/jpeg',
      fileName: 'фото.png',
    });
    expect(message).toMatchObject({ kind: 'image', mediaType: 'image', media: { mimetype: 'image/png', fileName: 'фото.png' } });
    const served = await api().get(message.media!.url).set(as(adminA)).buffer(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(`inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('фото.png')}`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a file stored under an image type whose bytes are SVG (before types were checked) is still served as an attachment', async () => {
    const storage = t.app.get<FileStorage>(FILE_STORAGE);
    await storage.put(`companies/${A}/whatsapp/${phone.id}/OLD-foto.png`, SVG, 'image/png');
    expectAttachment(await api().get(`/api/whatsapp-media/companies/${A}/whatsapp/${phone.id}/OLD-foto.png`).set(as(adminA)).buffer(true));
  });

  describe('uploads', () => {
    it('names in any script are stored safely and given back as sent (spaces as underscores), in the download name too', async () => {
      for (const [name, bytes, type, shown] of [
        ['ação.png', PNG, 'image/png', 'ação.png'],
        ['relatório ação.pdf', PDF, 'application/pdf', 'relatório_ação.pdf'],
        ['фото.png', PNG, 'image/png', 'фото.png'],
      ] as const) {
        const uploaded = await api()
          .post('/api/whatsapp-media')
          .set(as(adminA))
          .attach('file', bytes, { filename: name, contentType: type });
        expect(uploaded.status).toBe(201);
        expectAnswer(mediaUploadResponseSchema, uploaded);
        expect(uploaded.body).toMatchObject({ fileName: shown, mimetype: type, size: bytes.length });
        expect(uploaded.body.url).toMatch(new RegExp(`^/api/whatsapp-media/companies/${A}/whatsapp/uploads/[A-Za-z0-9._/-]+$`));
        const served = await api().get(uploaded.body.url).set(as(adminA)).buffer(true);
        expect(served.status).toBe(200);
        expect(served.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(shown)}`);
        expect(Buffer.compare(binary(served), bytes)).toBe(0);
      }
    });

    it('a file whose bytes are not of its declared type is refused with a message that says so', async () => {
      const svg = await api()
        .post('/api/whatsapp-media')
        .set(as(adminA))
        .attach('file', SVG, { filename: 'x.png', contentType: 'image/png' });
      expect(svg.status).toBe(400);
      expect(svg.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'The file is declared image/png but its content is svg' });
      const html = await api()
        .post('/api/whatsapp-media')
        .set(as(adminA))
        .attach('file', HTML, { filename: 'menu.pdf', contentType: 'application/pdf' });
      expect(html.status).toBe(400);
      expect(html.body.message).toBe('The file is declared application/pdf but its content is html');
      const text = await api()
        .post('/api/whatsapp-media')
        .set(as(adminA))
        .attach('file', Buffer.from('<script>alert(1)</script>'), { filename: 'a.txt', contentType: 'text/plain' });
      expect(text.status).toBe(400);
    });
  });

  describe('signed links', () => {
    it('a link opens one file of the company without the token, with the same headers, until it is tampered with', async () => {
      const uploaded = await api()
        .post('/api/whatsapp-media')
        .set(as(adminA))
        .attach('file', PNG, { filename: 'ação.png', contentType: 'image/png' });
      const link = await api()
        .post('/api/whatsapp-media/links')
        .set(as(adminA))
        .send({ url: expectAnswer(mediaUploadResponseSchema, uploaded).url });
      expect(link.status).toBe(200);
      expectAnswer(mediaLinkResponseSchema, link);
      expect(link.body.url).toMatch(/^\/api\/whatsapp-media\/signed\/companies\/111\/.+\?expires=\d+&signature=[\w-]+$/);
      const opened = await api().get(link.body.url).buffer(true);
      expect(opened.status).toBe(200);
      expect(opened.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(binary(opened), PNG)).toBe(0);
      const tampered = link.body.url.replace(/signature=(.)/, (_: string, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
      expect((await api().get(tampered)).status).toBe(404);
      expect((await api().get(link.body.url.replace(/expires=\d+/, 'expires=99999999999'))).status).toBe(404);
      expect((await api().get(link.body.url.replace('/companies/111/', '/companies/222/'))).status).toBe(404);
    });

    it("no link for another company's file or for a path", async () => {
      const uploaded = await api()
        .post('/api/whatsapp-media')
        .set(as(adminA))
        .attach('file', PNG, { filename: 'a.png', contentType: 'image/png' });
      expect((await api().post('/api/whatsapp-media/links').set(as(adminB)).send({ url: uploaded.body.url })).status).toBe(400);
      const traversal = `/api/whatsapp-media/companies/${B}/../${A}/whatsapp/uploads/x.png`;
      expect((await api().post('/api/whatsapp-media/links').set(as(adminB)).send({ url: traversal })).status).toBe(400);
      expect((await api().post('/api/whatsapp-media/links').send({ url: uploaded.body.url })).status).toBe(401);
    });
  });

  it('every API answer carries the security headers: CSP without framing, nosniff, a referrer policy', async () => {
    for (const response of [await api().get('/api/whatsapp').set(as(adminA)), await api().get('/api/whatsapp')]) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
