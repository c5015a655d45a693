import { connectionSchema } from '@app/contracts';
import { expectAnswer } from '@app/platform/testing';
import request from 'supertest';

import { ConnectionRepository } from '../common/connection.repository';
import { startWhatsappTestApp, type WhatsappTestApp } from '../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 501;

describe('a connection may only name a proxy outside the server: loopback, private, link-local and metadata are refused', () => {
  let t: WhatsappTestApp;
  let adminA: string;

  beforeAll(async () => {
    // No sessions: the save-time check is what is under test here (the dial-time one in baileys-proxy.spec).
    t = await startWhatsappTestApp({ runSessions: false });
    adminA = t.token({ userId: 1, companyId: A });
  });
  afterAll(() => t.close());

  const auth = () => ({ Authorization: `Bearer ${adminA}` });
  const post = (body: Record<string, unknown>) => request(t.http).post('/api/whatsapp').set(auth()).send(body);
  const put = (id: number, body: Record<string, unknown>) => request(t.http).put(`/api/whatsapp/${id}`).set(auth()).send(body);
  const count = () => new ConnectionRepository(t.dataSource).allOfCompanyById(A).then((rows) => rows.length);

  it.each([
    ['http://127.0.0.1:3128', /127\.0\.0\.1 é um endereço interno \(loopback\)/],
    ['socks5://localhost:1080', /localhost \((127\.0\.0\.1|::1)\) é um endereço interno \(loopback\)/],
    ['http://169.254.169.254:80', /169\.254\.169\.254 é um endereço interno \(linkLocal\)/],
    ['http://metadata.google.internal:80', /metadata\.google\.internal é um serviço de metadados/],
    ['socks5://user:pw@10.0.0.1:1080', /10\.0\.0\.1 é um endereço interno \(private\)/],
    ['http://192.168.0.10:3128', /\(private\)/],
    ['http://2130706433:3128', /127\.0\.0\.1 é um endereço interno \(loopback\)/],
    ['socks5://0x7f.0.0.1:1080', /\(loopback\)/],
    ['http://nowhere.invalid:3128', /nowhere\.invalid não resolve/],
  ])('POST with proxy %s answers 400 on proxyUrl and stores nothing', async (proxyUrl, message) => {
    const before = await count();
    const answer = await post({ name: 'Proxy', proxyUrl }).expect(400);
    expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'proxyUrl', message: expect.stringMatching(message) }] });
    expect(await count()).toBe(before);
  });

  it('PUT refuses an internal proxy and keeps the one the connection had; a public one is saved; empty removes it', async () => {
    const created = await post({ name: 'Proxy ok', proxyUrl: 'socks5://user:pw@93.184.216.34:1080' }).expect(201);
    expectAnswer(connectionSchema, created);
    const refused = await put(created.body.id, { proxyUrl: 'http://172.16.5.5:3128' }).expect(400);
    expect(refused.body.fields).toEqual([{ path: 'proxyUrl', message: expect.stringContaining('OUTBOUND_ALLOWED_HOSTS') }]);
    const stored = (await new ConnectionRepository(t.dataSource).byId(created.body.id))!;
    expect(stored.proxyUrl).toBe('socks5://user:pw@93.184.216.34:1080');
    await put(created.body.id, { proxyUrl: 'http://1.1.1.1:3128' }).expect(200);
    await put(created.body.id, { proxyUrl: '' }).expect(200);
    expect((await new ConnectionRepository(t.dataSource).byId(created.body.id))!.proxyUrl).toBe('');
  });
});
