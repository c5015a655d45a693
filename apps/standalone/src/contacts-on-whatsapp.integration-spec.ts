import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  checkNumbersResponseSchema,
  type Connection,
  connectionSchema,
  contactAllResponseSchema,
  contactImportResponseSchema,
  contactSaved,
  contactSchema,
  type EventEnvelope,
  simulatorSessionResponseSchema,
  ticketCreateResponseSchema,
} from '@app/contracts';
import { ConversationsModule } from '@app/conversations';
import { AccessTokenService, configureHttpApp, EVENT_TRANSPORT, type EventTransport, PlatformModule } from '@app/platform';
import { createTestDatabase, expectAnswer, type TestDatabase, TokenClaimsSessionsModule, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';

jest.setTimeout(90_000);

const A = 11;
const B = 22;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The whatsapp and conversations services in one process over HTTP, as standalone runs them: the
 * conversations service asks the whatsapp service (on this process's own port) whether numbers exist.
 * `runSessions: false` gives a second whatsapp replica on the same database that runs no session.
 */
async function startApp(database: TestDatabase, secret: string, storageDir: string, options: { runSessions: boolean }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const moduleRef = await Test.createTestingModule({
    imports: [
      PlatformModule.forRoot({
        serviceName: `contacts-test-${port}`,
        mode: 'standalone',
        databaseUrl: database.url,
        jwt: { secret, accessTtlSeconds: 900 },
        logLevel: 'silent',
        storageDir,
      }),
      WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000, advertisedUrl: url, runSessions: options.runSessions }),
      ...(options.runSessions ? [ConversationsModule.forRoot({ whatsappUrl: url })] : []),
      TokenClaimsSessionsModule,
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureHttpApp(app);
  const events: EventEnvelope[] = [];
  await app.get<EventTransport>(EVENT_TRANSPORT).subscribe({
    groupId: `test-${randomUUID()}`,
    topics: ['conversations.events'],
    handler: async (envelope) => void events.push(envelope),
  });
  await app.listen(port, '127.0.0.1');
  return { app, url, events };
}

describe('contacts checked on WhatsApp and imported from the phone (simulator, real PostgreSQL)', () => {
  let database: TestDatabase;
  let storageDir: string;
  let secret: string;
  let main: { app: INestApplication; url: string; events: EventEnvelope[] };
  let connection: Connection;
  const token = (userId: number, companyId: number, profile: 'admin' | 'user' = 'admin') =>
    main.app.get(AccessTokenService).sign({ sub: String(userId), companyId, profile, super: false, sid: randomUUID(), plan: [] });
  const adminA = () => token(1, A);
  const userA = () => token(2, A, 'user');
  const adminB = () => token(3, B);
  const as = (value: string) => ({ Authorization: `Bearer ${value}` });
  const api = () => request(main.app.getHttpServer());

  beforeAll(async () => {
    database = await createTestDatabase('contacts_wa');
    storageDir = mkdtempSync(path.join(tmpdir(), 'contacts-wa-files-'));
    secret = randomBytes(32).toString('hex');
    main = await startApp(database, secret, storageDir, { runSessions: true });
  });

  afterAll(async () => {
    await main?.app.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('with no connected connection a contact is saved unchecked', async () => {
    const created = await api().post('/api/contacts').set(as(userA())).send({ name: 'Sem conexão', number: '5511900000001' }).expect(201);
    expectAnswer(contactSchema, created);
    expect(created.body).toMatchObject({ number: '5511900000001' });
  });

  it('the check endpoint answers ERR_WAPP_NOT_INITIALIZED before the phone is paired', async () => {
    const created = await api().post('/api/whatsapp').set(as(adminA())).send({ name: 'Simulado', provider: 'simulator' }).expect(201);
    connection = expectAnswer(connectionSchema, created);
    await waitFor(
      async () => expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${connection.id}`).set(as(adminA()))).status === 'qrcode',
      { what: 'the QR code' },
    );
    const early = await api()
      .post('/api/whatsapp/check-numbers')
      .set(as(userA()))
      .send({ numbers: ['5511900000009'] })
      .expect(400);
    expect(early.body.error).toBe('ERR_WAPP_NOT_INITIALIZED');

    const scan = await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as(adminA())).send({}).expect(200);
    expect(expectAnswer(simulatorSessionResponseSchema, scan).status).toBe('CONNECTED');
    await waitFor(
      async () =>
        (await query<{ status: string }>(`SELECT status FROM conversations.connections WHERE id = $1`, [connection.id]))[0]?.status ===
        'CONNECTED',
      { what: 'the connection projected as connected' },
    );
  });

  it('the simulator answers every well-formed number as existing except those marked "not on WhatsApp"', async () => {
    await api()
      .post(`/api/simulator/connections/${connection.id}/unregistered`)
      .set(as(adminA()))
      .send({ numbers: ['5511900000002'] })
      .expect(200);
    const checked = await api()
      .post('/api/whatsapp/check-numbers')
      .set(as(userA()))
      .send({ numbers: ['5511900000003', '5511900000002', '123'] })
      .expect(200);
    expectAnswer(checkNumbersResponseSchema, checked);
    expect(checked.body).toEqual({
      whatsappId: connection.id,
      results: [
        { number: '5511900000003', exists: true, jid: '5511900000003@s.whatsapp.net' },
        { number: '5511900000002', exists: false, jid: null },
        { number: '123', exists: false, jid: null },
      ],
    });
    const bad = await api()
      .post('/api/whatsapp/check-numbers')
      .set(as(userA()))
      .send({ numbers: ['55 11'] })
      .expect(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });

  it('a contact with a number on WhatsApp is created; one not on WhatsApp answers ERR_WAPP_INVALID_CONTACT, also on edit', async () => {
    const created = await api()
      .post('/api/contacts')
      .set(as(userA()))
      .send({ name: 'No WhatsApp', number: '+55 (11) 90000-0003' })
      .expect(201);
    expect(expectAnswer(contactSchema, created).number).toBe('5511900000003');
    const refused = await api().post('/api/contacts').set(as(userA())).send({ name: 'Fora', number: '5511900000002' }).expect(400);
    expect(refused.body).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT', invalido: true });
    expect(await query(`SELECT 1 FROM conversations.contacts WHERE number = '5511900000002'`)).toHaveLength(0);

    const edit = await api().put(`/api/contacts/${created.body.id}`).set(as(userA())).send({ number: '5511900000002' }).expect(400);
    expect(edit.body.error).toBe('ERR_WAPP_INVALID_CONTACT');
    // Unchanged number: not asked again.
    await api().put(`/api/contacts/${created.body.id}`).set(as(userA())).send({ number: '5511900000003', name: 'Renomeado' }).expect(200);
  });

  it('a ticket is not started for a contact whose number left WhatsApp', async () => {
    const [saved] = await query<{ id: number }>(`SELECT id FROM conversations.contacts WHERE number = '5511900000001'`);
    await api()
      .post(`/api/simulator/connections/${connection.id}/unregistered`)
      .set(as(adminA()))
      .send({ numbers: ['5511900000001'] })
      .expect(200);
    const refused = await api().post('/api/tickets').set(as(adminA())).send({ contactId: saved!.id, status: 'open' }).expect(400);
    expect(refused.body.error).toBe('ERR_WAPP_INVALID_CONTACT');

    const [valid] = await query<{ id: number }>(`SELECT id FROM conversations.contacts WHERE number = '5511900000003'`);
    const started = await api().post('/api/tickets').set(as(adminA())).send({ contactId: valid!.id, status: 'open' }).expect(201);
    expect(expectAnswer(ticketCreateResponseSchema, started).uuid).toEqual(expect.any(String));
  });

  it("another company cannot check numbers through this company's connection, and its contacts stay unchecked", async () => {
    const foreign = await api()
      .post('/api/whatsapp/check-numbers')
      .set(as(adminB()))
      .send({ numbers: ['5511900000003'], whatsappId: connection.id })
      .expect(404);
    expect(foreign.body.error).toBe('ERR_NO_WAPP_FOUND');
    const none = await api()
      .post('/api/whatsapp/check-numbers')
      .set(as(adminB()))
      .send({ numbers: ['5511900000003'] })
      .expect(404);
    expect(none.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    // Company B has no connection: its contact is saved without a check, even with a number A's phone refuses.
    await api().post('/api/contacts').set(as(adminB())).send({ name: 'Contato B', number: '5511900000002' }).expect(201);
    await api()
      .post(`/api/simulator/connections/${connection.id}/unregistered`)
      .set(as(adminB()))
      .send({ numbers: ['5511900000004'] })
      .expect(404);
  });

  it("a replica that does not run the session forwards the check to the lease owner, with the caller's token", async () => {
    const replica = await startApp(database, secret, storageDir, { runSessions: false });
    try {
      const forwarded = await request(replica.app.getHttpServer())
        .post('/api/whatsapp/check-numbers')
        .set(as(userA()))
        .send({ numbers: ['5511900000003', '5511900000002'], whatsappId: connection.id })
        .expect(200);
      expect(expectAnswer(checkNumbersResponseSchema, forwarded).results.map((r) => r.exists)).toEqual([true, false]);
      const [lease] = await query<{ advertised_url: string }>(
        `SELECT advertised_url FROM whatsapp.session_leases WHERE connection_id = $1`,
        [connection.id],
      );
      expect(lease!.advertised_url).toBe(main.url);
      const foreign = await request(replica.app.getHttpServer())
        .post('/api/whatsapp/check-numbers')
        .set(as(adminB()))
        .send({ numbers: ['5511900000003'], whatsappId: connection.id })
        .expect(404);
      expect(foreign.body.error).toBe('ERR_NO_WAPP_FOUND');
    } finally {
      await replica.app.close();
    }
  });

  describe('import from the phone', () => {
    it("the phone's address book (pushed as Baileys does) becomes contacts; numbers already known are skipped", async () => {
      await api()
        .post(`/api/simulator/connections/${connection.id}/contacts`)
        .set(as(adminA()))
        .send({
          contacts: [
            { number: '5511911110001', name: 'Ana da Agenda' },
            { number: '5511911110002' },
            { number: '5511900000003', name: 'Já existe' },
          ],
        })
        .expect(200);
      await waitFor(async () => (await query(`SELECT 1 FROM conversations.address_book WHERE company_id = $1`, [A])).length === 3, {
        what: 'the address book projected',
      });

      const first = await api().post('/api/contacts/import').set(as(userA())).expect(200);
      expect(expectAnswer(contactImportResponseSchema, first)).toEqual({ imported: 2, skipped: 1 });
      const list = await api().get('/api/contacts/list').set(as(userA())).expect(200);
      const byNumber = new Map<string, { name: string; whatsappId: number | null }>(
        expectAnswer(contactAllResponseSchema, list).map((c) => [c.number, c]),
      );
      expect(byNumber.get('5511911110001')).toMatchObject({ name: 'Ana da Agenda', whatsappId: connection.id });
      expect(byNumber.get('5511911110002')).toMatchObject({ name: '5511911110002' });
      expect(byNumber.get('5511900000003')).toMatchObject({ name: 'Renomeado' });
      const importedIds = [byNumber.get('5511911110001'), byNumber.get('5511911110002')].map((c) => (c as unknown as { id: number }).id);
      await waitFor(
        () =>
          importedIds.every((id) =>
            main.events.some(
              (e) => e.type === contactSaved.type && (e.payload as { contact: { id: number }; created: boolean }).contact.id === id,
            ),
          ),
        { what: 'a contactSaved event for each imported contact' },
      );

      const second = await api().post('/api/contacts/import').set(as(userA())).expect(200);
      expect(expectAnswer(contactImportResponseSchema, second)).toEqual({ imported: 0, skipped: 3 });
    });

    it("another company neither imports nor sees this company's address book, nor pushes into its phone", async () => {
      const before = expectAnswer(contactAllResponseSchema, await api().get('/api/contacts/list').set(as(adminB())).expect(200));
      expect(expectAnswer(contactImportResponseSchema, await api().post('/api/contacts/import').set(as(adminB())).expect(200))).toEqual({
        imported: 0,
        skipped: 0,
      });
      expect(expectAnswer(contactAllResponseSchema, await api().get('/api/contacts/list').set(as(adminB())).expect(200))).toEqual(before);
      await api()
        .post(`/api/simulator/connections/${connection.id}/contacts`)
        .set(as(adminB()))
        .send({ contacts: [{ number: '5511922220001', name: 'Intruso' }] })
        .expect(404);
    });
  });
});
