import { randomUUID } from 'node:crypto';

import {
  companyCreated,
  type Connection,
  connectionListResponseSchema,
  connectionMessageResponseSchema,
  connectionSchema,
  GREETING_REQUIRED_MESSAGE,
  mediaUploadResponseSchema,
  messageSendRequested,
  planCreated,
  SECRET_MASK,
  simulatorAckResponseSchema,
  simulatorInboundBurstResponseSchema,
  simulatorInboundResponseSchema,
  simulatorOutboundResponseSchema,
  simulatorSessionResponseSchema,
} from '@app/contracts';
import { FILE_STORAGE, OutboxWriter } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { ConnectionRepository } from './common/connection.repository';
import { MediaStore } from './media/media-store';
import { InboundMessageRepository } from './messages/inbound-message.repository';
import { InboundMessageService } from './messages/inbound-message.service';
import { normaliseUpsert } from './providers/baileys/baileys-normalise';
import { announceQueues, startWhatsappTestApp, type WhatsappTestApp } from './testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 101;
const B = 202;
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('whatsapp connections over HTTP with the simulator (real PostgreSQL)', () => {
  let t: WhatsappTestApp;
  let adminA: string;
  let userA: string;
  let adminB: string;

  beforeAll(async () => {
    t = await startWhatsappTestApp({ sendTimeoutMs: 2_000 });
    adminA = t.token({ userId: 1, companyId: A });
    userA = t.token({ userId: 2, companyId: A, profile: 'user' });
    adminB = t.token({ userId: 3, companyId: B });
    // Connections only name queues conversations announced for their company.
    await announceQueues(t, A, [1, 2, 3]);
  });
  afterAll(() => t.close());

  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const of = (type: string) => t.events.filter((e) => e.type === type);

  async function create(token: string, body: Record<string, unknown>): Promise<Connection> {
    const response = await api().post('/api/whatsapp').set(as(token)).send(body);
    expect(response.status).toBe(201);
    return expectAnswer(connectionSchema, response);
  }

  async function get(token: string, id: number): Promise<Connection> {
    return expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${id}`).set(as(token)));
  }

  async function connectedSimulator(name: string): Promise<Connection> {
    const connection = await create(adminA, { name, provider: 'simulator' });
    await waitFor(async () => (await get(adminA, connection.id)).status === 'qrcode', { what: 'the QR code' });
    const scan = await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as(adminA)).send({});
    expect(expectAnswer(simulatorSessionResponseSchema, scan).status).toBe('CONNECTED');
    return get(adminA, connection.id);
  }

  describe('session lifecycle', () => {
    let connection: Connection;

    it('a new simulator connection opens, then shows a real QR image until the phone scans it', async () => {
      connection = await create(adminA, { name: 'Vendas', provider: 'simulator' });
      expect(connection).toMatchObject({ name: 'Vendas', status: 'OPENING', isDefault: true, maxUseBotQueues: 3, timeforagroup: 5 });
      const showing = await waitFor(async () => {
        const current = await get(adminA, connection.id);
        return current.status === 'qrcode' ? current : undefined;
      });
      expect(showing.qrcode).toMatch(/^2@/);
      const png = Buffer.from(showing.qrcodeImage.replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // The browser heard it on company-{id}-whatsappSession's event.
      await waitFor(
        () => of('whatsapp.session.updated').some((e) => (e.payload as { session: { qrcode: string } }).session.qrcode === showing.qrcode),
        {
          what: 'the whatsappSession event with the QR',
        },
      );
    });

    it('GET /whatsapp?session=0 lists connections without the QR code', async () => {
      const response = await api().get('/api/whatsapp').query({ session: 0 }).set(as(userA));
      expect(response.status).toBe(200);
      expect(expectAnswer(connectionListResponseSchema, response).find((c) => c.id === connection.id)).toMatchObject({
        qrcode: '',
        qrcodeImage: '',
      });
    });

    it('scanning connects: PAIRING then CONNECTED with the phone number, the QR cleared', async () => {
      const scan = await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as(adminA)).send({ number: '5511999990000' });
      expect(scan.status).toBe(200);
      expectAnswer(simulatorSessionResponseSchema, scan);
      expect(scan.body).toMatchObject({ id: connection.id, status: 'CONNECTED', number: '5511999990000', qrcode: '' });
      const statuses = () =>
        of('whatsapp.session.updated')
          .map((e) => (e.payload as { session: { id: number; status: string } }).session)
          .filter((s) => s.id === connection.id)
          .map((s) => s.status);
      await waitFor(() => statuses().includes('CONNECTED'), { what: 'the CONNECTED event' });
      expect(statuses()).toEqual(['OPENING', 'qrcode', 'PAIRING', 'CONNECTED']);
    });

    it('the phone unlinking goes DISCONNECTED; Novo QR shows a new QR; Desconectar logs out', async () => {
      const unlinked = await api().post(`/api/simulator/connections/${connection.id}/disconnect`).set(as(adminA));
      expect(expectAnswer(simulatorSessionResponseSchema, unlinked).status).toBe('DISCONNECTED');
      const newQr = await api().put(`/api/whatsappsession/${connection.id}`).set(as(adminA));
      expect(newQr.status).toBe(200);
      expectAnswer(connectionMessageResponseSchema, newQr);
      await waitFor(async () => (await get(adminA, connection.id)).status === 'qrcode', { what: 'a new QR' });
      expectAnswer(
        simulatorSessionResponseSchema,
        await api().post(`/api/simulator/connections/${connection.id}/scan`).set(as(adminA)).send({}),
      );
      const logout = await api().delete(`/api/whatsappsession/${connection.id}`).set(as(adminA));
      expectAnswer(connectionMessageResponseSchema, logout);
      expect(logout.body).toEqual({ message: 'Session disconnected.' });
      await waitFor(async () => (await get(adminA, connection.id)).status === 'DISCONNECTED', { what: 'the logout' });
      const retry = await api().post(`/api/whatsappsession/${connection.id}`).set(as(adminA));
      expect(retry.status).toBe(200);
      expectAnswer(connectionMessageResponseSchema, retry);
      await waitFor(async () => (await get(adminA, connection.id)).status === 'qrcode', { what: 'Tentar Novamente' });
    });

    it('restarting all connections answers at once and reopens them', async () => {
      const response = await api().post('/api/whatsapp-restart').set(as(adminA));
      expect(response.status).toBe(200);
      expectAnswer(connectionMessageResponseSchema, response);
      expect(response.body).toEqual({ message: 'Whatsapp restart.' });
    });
  });

  describe('rules', () => {
    it('the name must be 2 to 50 characters', async () => {
      const short = await api().post('/api/whatsapp').set(as(adminA)).send({ name: 'a' });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'name', message: 'Muito curto!' }] });
      const long = await api()
        .post('/api/whatsapp')
        .set(as(adminA))
        .send({ name: 'x'.repeat(51) });
      expect(long.body.fields[0].message).toBe('Muito grande!');
    });

    it('the proxy URL is socks4, socks5 or http(s), with optional credentials', async () => {
      const bad = await api().post('/api/whatsapp').set(as(adminA)).send({ name: 'Proxy', proxyUrl: 'ftp://host:21' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields[0].path).toBe('proxyUrl');
      const socks = await create(adminA, { name: 'Proxy socks', proxyUrl: 'socks5://user:secret@93.184.216.34:1080' });
      expect(socks.proxyUrl).toBe(`socks5://user:${SECRET_MASK}@93.184.216.34:1080`);
      const http = await api().put(`/api/whatsapp/${socks.id}`).set(as(adminA)).send({ proxyUrl: 'http://1.1.1.1:3128' });
      expect(expectAnswer(connectionSchema, http).proxyUrl).toBe('http://1.1.1.1:3128');
      await api().delete(`/api/whatsapp/${socks.id}`).set(as(adminA));
    });

    it('more than one queue needs a greeting, with the spec message; one queue clears it', async () => {
      const missing = await api()
        .post('/api/whatsapp')
        .set(as(adminA))
        .send({ name: 'Filas', queueIds: [1, 2] });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ error: 'ERR_WAPP_GREETING_REQUIRED', message: GREETING_REQUIRED_MESSAGE });
      const ok = await create(adminA, { name: 'Filas', queueIds: [1, 2], greetingMessage: 'Escolha: 1 ou 2' });
      expect(ok.queues).toEqual([{ id: 1 }, { id: 2 }]);
      const one = await api()
        .put(`/api/whatsapp/${ok.id}`)
        .set(as(adminA))
        .send({ queueIds: [1] });
      expectAnswer(connectionSchema, one);
      expect(one.body).toMatchObject({ queueIds: [1], greetingMessage: '' });
      const cleared = await api()
        .put(`/api/whatsapp/${ok.id}`)
        .set(as(adminA))
        .send({ queueIds: [1, 2] });
      expect(cleared.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
      await api().delete(`/api/whatsapp/${ok.id}`).set(as(adminA));
    });

    it('an empty update changes nothing and announces nothing', async () => {
      const admin = t.token({ userId: 50, companyId: 505 });
      const quiet = await create(admin, { name: 'Quieta' });
      const about = () =>
        of('whatsapp.connection.updated').filter((e) => (e.payload as { connection: { id: number } }).connection.id === quiet.id);
      await waitFor(() => about().length > 0, { what: 'the creation event' });
      const before = about().length;
      const response = await api().put(`/api/whatsapp/${quiet.id}`).set(as(admin)).send({});
      expect(response.status).toBe(200);
      expect(expectAnswer(connectionSchema, response).updatedAt).toBe(quiet.updatedAt);
      // A real change afterwards travels the same outbox and key: once its event is in, an event of
      // the empty update would have arrived before it.
      await api().put(`/api/whatsapp/${quiet.id}`).set(as(admin)).send({ name: 'Quieta 2' }).expect(200);
      await waitFor(() => about().some((e) => (e.payload as { connection: { name: string } }).connection.name === 'Quieta 2'), {
        what: 'the marker update',
      });
      expect(about().length).toBe(before + 1);
    });

    it('one default per company: a new default replaces the old; the default cannot just be switched off', async () => {
      const company = 303;
      const admin = t.token({ userId: 30, companyId: company });
      const noDefault = await api().get('/api/whatsapp/default').set(as(admin));
      expect(noDefault.status).toBe(404);
      expect(noDefault.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
      const first = await create(admin, { name: 'Primeira' });
      expect(first.isDefault).toBe(true);
      const second = await create(admin, { name: 'Segunda', isDefault: true });
      expect(second.isDefault).toBe(true);
      expect((await get(admin, first.id)).isDefault).toBe(false);
      const off = await api().put(`/api/whatsapp/${second.id}`).set(as(admin)).send({ isDefault: false });
      expect(off.status).toBe(400);
      expect(off.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
      await api().delete(`/api/whatsapp/${second.id}`).set(as(admin)).expect(200);
      expect((await get(admin, first.id)).isDefault).toBe(true);
      expect(expectAnswer(connectionSchema, await api().get('/api/whatsapp/default').set(as(admin))).id).toBe(first.id);
    });

    it("the plan's connection limit, learnt from identity's events, holds", async () => {
      const company = 404;
      const admin = t.token({ userId: 40, companyId: company });
      const plan = {
        id: 77,
        name: 'Basic',
        users: 3,
        connections: 1,
        queues: 3,
        value: 10,
        useCampaigns: false,
        useSchedules: false,
        useInternalChat: false,
        useExternalApi: false,
        useKanban: false,
        useOpenAi: false,
        useIntegrations: false,
        useInternal: false,
      };
      await t.publish(planCreated, null, plan.id, { plan });
      await t.publish(companyCreated, company, company, {
        company: {
          id: company,
          name: 'Limited',
          planId: 77,
          status: true,
          approved: true,
          dueDate: null,
          recurrence: 'MENSAL',
          schedules: [],
        },
      });
      await waitFor(
        async () => (await t.dataSource.query(`SELECT 1 FROM whatsapp.company_plans WHERE company_id = $1`, [company])).length > 0,
      );
      await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM whatsapp.plan_limits WHERE plan_id = 77`)).length > 0);
      await create(admin, { name: 'Única' });
      const over = await api().post('/api/whatsapp').set(as(admin)).send({ name: 'Outra' });
      expect(over.status).toBe(403);
      expect(over.body.error).toBe('ERR_CONNECTION_LIMIT_REACHED');
    });

    it('every field of the connection entity is stored and shown', async () => {
      // API media positions name files the company uploaded for them (media/api-medias.integration-spec).
      const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
      for (const [bytes, filename, contentType] of [
        [PNG, 'a.png', 'image/png'],
        [MP4, 'b.mp4', 'video/mp4'],
      ] as const) {
        await api().post('/api/whatsapp-media/api-medias').set(as(adminA)).attach('file', bytes, { filename, contentType }).expect(201);
      }
      const body = {
        name: 'Completa',
        greetingMessage: 'Olá',
        complationMessage: 'Tchau',
        outOfHoursMessage: 'Fechado',
        ratingMessage: 'Nota?',
        token: 'tok-123',
        expiresInactiveMessage: 'Encerrado',
        expiresTicket: 24,
        timeUseBotQueues: 10,
        maxUseBotQueues: 5,
        activeTranscribe: true,
        timeresume: '08:30:00',
        transcribe: true,
        transcribeme: true,
        transcribekey: 'k',
        transcribeprovider: 'deepgram',
        sendme: true,
        timeforagroup: 9,
        timeToTransfer: 15,
        transferQueueId: 3,
        promptId: 4,
        queueIds: [3],
        api1_medias: ['a.png', null, 'b.mp4'],
        api2_medias: [],
        api3_medias: [null],
      };
      const created = await create(adminA, body);
      const { queueIds, greetingMessage, ...rest } = body;
      // Secrets go out masked (connection-secrets.integration-spec); they are stored as sent.
      expect(await get(adminA, created.id)).toMatchObject({
        ...rest,
        token: `${SECRET_MASK}-123`,
        transcribekey: SECRET_MASK,
        queueIds,
        greetingMessage: '',
        provider: 'beta',
      });
      expect(await new ConnectionRepository(t.dataSource).byId(created.id)).toMatchObject({
        token: 'tok-123',
        transcribekey: 'k',
      });
      await api().delete(`/api/whatsapp/${created.id}`).set(as(adminA)).expect(200);
      await waitFor(
        () => of('whatsapp.connection.deleted').some((e) => (e.payload as { connectionId: number }).connectionId === created.id),
        {
          what: 'the deleted event',
        },
      );
    });
  });

  describe('messages through the simulator', () => {
    let phone: Connection;

    beforeAll(async () => {
      phone = await connectedSimulator('Atendimento');
    });

    it('an inbound text becomes one whatsapp.message.received, even when delivered twice', async () => {
      const body = { from: '5511988887777', pushName: 'Maria', body: 'Oi!', messageId: 'ABCDEF0123456789' };
      const first = await api().post(`/api/simulator/connections/${phone.id}/inbound`).set(as(adminA)).send(body);
      expect(expectAnswer(simulatorInboundResponseSchema, first)).toEqual({ messageId: 'ABCDEF0123456789' });
      expectAnswer(
        simulatorInboundResponseSchema,
        await api().post(`/api/simulator/connections/${phone.id}/inbound`).set(as(adminA)).send(body).expect(200),
      );
      // A later message of the same chat travels the same key: once it is in, a second event of the
      // replay would have arrived before it.
      await api()
        .post(`/api/simulator/connections/${phone.id}/inbound`)
        .set(as(adminA))
        .send({ ...body, body: 'marcador', messageId: 'ABCDEF0123456790' })
        .expect(200);
      await waitFor(
        () => of('whatsapp.message.received').some((e) => (e.payload as { message: { id: string } }).message.id === 'ABCDEF0123456790'),
        { what: 'the marker message' },
      );
      const received = of('whatsapp.message.received').filter(
        (e) => (e.payload as { message: { id: string } }).message.id === 'ABCDEF0123456789',
      );
      expect(received).toHaveLength(1);
      expect(received[0].payload).toMatchObject({
        connectionId: phone.id,
        message: {
          kind: 'text',
          mediaType: 'chat',
          body: 'Oi!',
          fromMe: false,
          isGroup: false,
          sender: { number: '5511988887777', pushName: 'Maria' },
        },
      });
    });

    it('a burst reaches the session in its order, each message received once; a bad message refuses the whole burst; another company gets 404', async () => {
      const from = '5511933332222';
      const messages = Array.from({ length: 12 }, (_, i) => ({ from, body: `rajada ${i}` }));
      const answer = expectAnswer(
        simulatorInboundBurstResponseSchema,
        await api().post(`/api/simulator/connections/${phone.id}/inbound/burst`).set(as(adminA)).send({ messages }).expect(200),
      );
      expect(answer.messageIds).toHaveLength(12);
      const bodies = () =>
        of('whatsapp.message.received')
          .map((e) => (e.payload as { message: { id: string; body: string } }).message)
          .filter((message) => answer.messageIds.includes(message.id))
          .map((message) => message.body);
      await waitFor(() => bodies().length === 12, { what: 'the 12 messages of the burst' });
      expect(bodies()).toEqual(messages.map((message) => message.body));

      const refused = await api()
        .post(`/api/simulator/connections/${phone.id}/inbound/burst`)
        .set(as(adminA))
        .send({ messages: [{ from, body: 'fica?' }, { from: 'abc' }] });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
      expect(JSON.stringify(refused.body)).toContain('messages.1');
      await api().post(`/api/simulator/connections/${phone.id}/inbound/burst`).set(as(adminA)).send({ messages: [] }).expect(400);
      expect((await api().post(`/api/simulator/connections/${phone.id}/inbound/burst`).set(as(adminB)).send({ messages })).status).toBe(
        404,
      );
      await api()
        .post(`/api/simulator/connections/${phone.id}/inbound`)
        .set(as(adminA))
        .send({ from, body: 'marcador da rajada' })
        .expect(200);
      await waitFor(() =>
        of('whatsapp.message.received').some((e) => (e.payload as { message: { body: string } }).message.body === 'marcador da rajada'),
      );
      expect(of('whatsapp.message.received').some((e) => (e.payload as { message: { body: string } }).message.body === 'fica?')).toBe(
        false,
      );
    });

    it('customer messages for a session this process runs are stored when the simulator answers, with no command between', async () => {
      const messages = Array.from({ length: 3 }, (_, i) => ({ from: '5511944443333', body: `direto ${i}` }));
      const { messageIds } = expectAnswer(
        simulatorInboundBurstResponseSchema,
        await api().post(`/api/simulator/connections/${phone.id}/inbound/burst`).set(as(adminA)).send({ messages }).expect(200),
      );
      const stored = t.app.get(InboundMessageRepository);
      for (const id of messageIds) expect(await stored.alreadySeen(phone.id, id)).toBe(true);
      const requested = of('whatsapp.simulator.actionRequested').filter((e) =>
        messageIds.includes((e.payload as { messageId?: string }).messageId ?? ''),
      );
      expect(requested).toHaveLength(0);
    });

    it('the same message id received concurrently (a replay racing the original) is taken once, by the database constraint', async () => {
      const outbox = new OutboxWriter('whatsapp');
      const inbound = new InboundMessageService(
        new InboundMessageRepository(t.dataSource, outbox),
        outbox,
        new MediaStore(t.app.get(FILE_STORAGE)),
      );
      const message = {
        id: 'RACE0123456789',
        fromMe: false,
        isGroup: false,
        chat: { number: '5511944443333', lid: null, pushName: null },
        sender: { number: '5511944443333', lid: null, pushName: null },
        kind: 'text' as const,
        mediaType: 'chat',
        body: 'duas vezes?',
        media: null,
        ptt: false,
        location: null,
        vcards: [],
        reaction: null,
        quotedId: null,
        isForwarded: false,
        ack: 0,
        timestamp: new Date().toISOString(),
      };
      const taken = await Promise.all(Array.from({ length: 6 }, () => inbound.receive(A, phone.id, message)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      await t.published();
      expect(
        of('whatsapp.message.received').filter((e) => (e.payload as { message: { id: string } }).message.id === message.id),
      ).toHaveLength(1);
    });

    it('inbound media is stored and served by URL to its company only; group and quoted flags come through', async () => {
      const sent = await api()
        .post(`/api/simulator/connections/${phone.id}/inbound`)
        .set(as(adminA))
        .send({
          from: '5511977776666',
          mediaType: 'image',
          mediaBase64: PNG.toString('base64'),
          mimetype: 'image/png',
          fileName: 'minha foto.png',
          body: 'veja',
          isGroup: true,
          groupId: '120363-555',
          quotedId: 'QUOTED1',
        });
      const event = await waitFor(() =>
        of('whatsapp.message.received').find(
          (e) => (e.payload as { message: { id: string } }).message.id === expectAnswer(simulatorInboundResponseSchema, sent).messageId,
        ),
      );
      const message = (
        event.payload as {
          message: { media: { url: string; fileName: string }; isGroup: boolean; quotedId: string; chat: { number: string } };
        }
      ).message;
      expect(message).toMatchObject({ isGroup: true, quotedId: 'QUOTED1', chat: { number: '120363-555' } });
      expect(message.media.fileName).toBe('minha_foto.png');
      const mine = await api().get(message.media.url).set(as(userA));
      expect(mine.status).toBe(200);
      expect(Buffer.compare(mine.body as Buffer, PNG)).toBe(0);
      expect((await api().get(message.media.url).set(as(adminB))).status).toBe(404);
      expect((await api().get(message.media.url)).status).toBe(401);
    });

    it('an inbound contact card carries its vCard as the body, the same shape as a Baileys contact message', async () => {
      const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João Souza\nTEL;type=CELL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD';
      const sent = await api()
        .post(`/api/simulator/connections/${phone.id}/inbound`)
        .set(as(adminA))
        .send({ from: '5511955554444', vcard })
        .expect(200);
      const event = await waitFor(() =>
        of('whatsapp.message.received').find(
          (e) => (e.payload as { message: { id: string } }).message.id === expectAnswer(simulatorInboundResponseSchema, sent).messageId,
        ),
      );
      const simulated = (event.payload as { message: Record<string, unknown> }).message;

      const baileys = await normaliseUpsert(
        {
          key: { id: 'BAILEYSVCARD1', remoteJid: '5511955554444@s.whatsapp.net', fromMe: false },
          message: { contactMessage: { displayName: 'João Souza', vcard } },
        },
        { phoneForLid: async () => null, download: async () => Buffer.alloc(0) },
      );
      if (baileys.type !== 'message') throw new Error(`expected a message, got ${baileys.type}`);
      const shape = (message: Record<string, unknown>) => ({
        kind: message.kind,
        mediaType: message.mediaType,
        body: message.body,
        vcards: message.vcards,
        media: message.media ?? null,
      });
      expect(shape(simulated)).toEqual(shape(baileys.message as unknown as Record<string, unknown>));
      expect(simulated).toMatchObject({ kind: 'vcard', mediaType: 'vcard', body: vcard, vcards: [{ displayName: 'João Souza', vcard }] });
    });

    it('sends for one connection go out in their order; acks only move forward', async () => {
      const commands = Array.from({ length: 6 }, (_, i) => ({
        commandId: randomUUID(),
        connectionId: phone.id,
        to: '5511988887777',
        isGroup: false,
        content: { type: 'text' as const, body: `mensagem ${i}` },
        quotedId: null,
        isForwarded: false,
        reference: { messageId: i },
      }));
      for (const command of commands) await t.publish(messageSendRequested, A, phone.id, command);
      const outbound = await waitFor(async () => {
        const { messages } = expectAnswer(
          simulatorOutboundResponseSchema,
          await api().get(`/api/simulator/connections/${phone.id}/outbound`).set(as(adminA)),
        );
        return messages.length >= 6 ? messages : undefined;
      });
      expect(outbound.map((m) => m.body)).toEqual(commands.map((c) => c.content.body));
      const sent = await waitFor(() => (of('whatsapp.message.sent').length >= 6 ? of('whatsapp.message.sent') : undefined));
      expect(sent.map((e) => (e.payload as { commandId: string }).commandId)).toEqual(commands.map((c) => c.commandId));

      const messageId = outbound[0].messageId;
      expectAnswer(
        simulatorAckResponseSchema,
        await api().post(`/api/simulator/connections/${phone.id}/ack`).set(as(adminA)).send({ messageId, ack: 4 }).expect(200),
      );
      expectAnswer(
        simulatorAckResponseSchema,
        await api().post(`/api/simulator/connections/${phone.id}/ack`).set(as(adminA)).send({ messageId, ack: 3 }).expect(200),
      );
      await waitFor(() => of('whatsapp.message.acked').some((e) => (e.payload as { ack: number }).ack === 4), { what: 'ack 4' });
      // An ack of another message of the connection travels the same key: once it is in, an event of
      // the backward ack would have arrived before it.
      const marker = outbound[1]!.messageId;
      await api().post(`/api/simulator/connections/${phone.id}/ack`).set(as(adminA)).send({ messageId: marker, ack: 3 }).expect(200);
      const isMarker = (e: { payload: unknown }) =>
        (e.payload as { messageId: string; ack: number }).messageId === marker && (e.payload as { ack: number }).ack === 3;
      await waitFor(() => of('whatsapp.message.acked').some(isMarker), { what: 'the marker ack' });
      const acks = of('whatsapp.message.acked')
        .filter((e) => (e.payload as { messageId: string }).messageId === messageId)
        .map((e) => (e.payload as { ack: number }).ack);
      expect(acks).toEqual([2, 4]);
      const listed = expectAnswer(
        simulatorOutboundResponseSchema,
        await api().get(`/api/simulator/connections/${phone.id}/outbound`).set(as(adminA)),
      ).messages[0]!;
      expect(listed.ack).toBe(4);
    });

    it('a redelivered send command is not sent twice', async () => {
      const command = {
        commandId: randomUUID(),
        connectionId: phone.id,
        to: '5511988887777',
        isGroup: false,
        content: { type: 'text' as const, body: 'uma vez só' },
        quotedId: null,
        isForwarded: false,
        reference: null,
      };
      await t.publish(messageSendRequested, A, phone.id, command);
      await t.publish(messageSendRequested, A, phone.id, command);
      // A later command of the same connection travels the same key and is sent in order: once it is
      // sent, a second send of the redelivered one would have happened before it.
      const marker = { ...command, commandId: randomUUID(), content: { type: 'text' as const, body: 'marcador' } };
      await t.publish(messageSendRequested, A, phone.id, marker);
      await waitFor(() => of('whatsapp.message.sent').some((e) => (e.payload as { commandId: string }).commandId === marker.commandId), {
        what: 'the marker send',
      });
      const outbound = expectAnswer(
        simulatorOutboundResponseSchema,
        await api().get(`/api/simulator/connections/${phone.id}/outbound`).set(as(adminA)),
      ).messages;
      expect(outbound.filter((m) => m.body === 'uma vez só')).toHaveLength(1);
    });

    it('a send to a connection that never connects fails with ERR_SENDING_WAPP_MSG after the send timeout', async () => {
      const unpaired = await create(adminA, { name: 'Sem celular', provider: 'simulator' });
      const commandId = randomUUID();
      await t.publish(messageSendRequested, A, unpaired.id, {
        commandId,
        connectionId: unpaired.id,
        to: '5511900000000',
        isGroup: false,
        content: { type: 'text', body: 'ninguém lê' },
        quotedId: null,
        isForwarded: false,
        reference: { ticketId: 12 },
      });
      const failed = await waitFor(
        () => of('whatsapp.message.sendFailed').find((e) => (e.payload as { commandId: string }).commandId === commandId),
        {
          timeoutMs: 15_000,
          what: 'the failure',
        },
      );
      expect(failed.payload).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG', reference: { ticketId: 12 } });
      await api().delete(`/api/whatsapp/${unpaired.id}`).set(as(adminA)).expect(200);
    });

    it("a send to another company's connection fails with ERR_SENDING_WAPP_MSG", async () => {
      const commandId = randomUUID();
      await t.publish(messageSendRequested, B, phone.id, {
        commandId,
        connectionId: phone.id,
        to: '5511900000000',
        isGroup: false,
        content: { type: 'text', body: 'intruso' },
        quotedId: null,
        isForwarded: false,
        reference: null,
      });
      const failed = await waitFor(() =>
        of('whatsapp.message.sendFailed').find((e) => (e.payload as { commandId: string }).commandId === commandId),
      );
      expect(failed.payload).toMatchObject({ error: 'ERR_SENDING_WAPP_MSG' });
    });
  });

  describe('uploads', () => {
    it('accepts an image whose bytes match its type, with spaces in the name turned into underscores', async () => {
      const response = await api()
        .post('/api/whatsapp-media')
        .set(as(userA))
        .attach('file', PNG, { filename: 'foto de perfil.png', contentType: 'image/png' });
      expect(response.status).toBe(201);
      expectAnswer(mediaUploadResponseSchema, response);
      expect(response.body).toMatchObject({ fileName: 'foto_de_perfil.png', mimetype: 'image/png', size: PNG.length });
      expect((await api().get(response.body.url).set(as(adminA))).status).toBe(200);
    });

    it('refuses a file whose bytes are not of the type it claims, and types that are not accepted', async () => {
      const fake = await api()
        .post('/api/whatsapp-media')
        .set(as(userA))
        .attach('file', Buffer.from('#!/bin/sh\nrm -rf /'), { filename: 'x.png', contentType: 'image/png' });
      expect(fake.status).toBe(400);
      const script = await api()
        .post('/api/whatsapp-media')
        .set(as(userA))
        .attach('file', Buffer.from('<script>'), { filename: 'x.html', contentType: 'text/html' });
      expect(script.status).toBe(400);
    });
  });

  describe("another company's admin and plain users", () => {
    let target: Connection;

    beforeAll(async () => {
      target = await create(adminA, { name: 'Privada', provider: 'simulator' });
    });

    it("another company's admin can neither read nor change company A's connection (404 everywhere)", async () => {
      const calls = [
        api().get(`/api/whatsapp/${target.id}`),
        api().put(`/api/whatsapp/${target.id}`).send({ name: 'Roubada' }),
        api().delete(`/api/whatsapp/${target.id}`),
        api().post(`/api/whatsappsession/${target.id}`),
        api().put(`/api/whatsappsession/${target.id}`),
        api().delete(`/api/whatsappsession/${target.id}`),
        api().post(`/api/simulator/connections/${target.id}/scan`).send({}),
        api().post(`/api/simulator/connections/${target.id}/inbound`).send({ from: '5511911112222', body: 'x' }),
        api().get(`/api/simulator/connections/${target.id}/outbound`),
        api().post(`/api/simulator/connections/${target.id}/ack`).send({ messageId: 'X1', ack: 3 }),
        api().post(`/api/simulator/connections/${target.id}/disconnect`),
      ];
      for (const call of calls) {
        const response = await call.set(as(adminB));
        expect([response.status, response.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
      }
      expect(expectAnswer(connectionListResponseSchema, await api().get('/api/whatsapp').set(as(adminB))).map((c) => c.id)).not.toContain(
        target.id,
      );
      expectAnswer(connectionMessageResponseSchema, await api().post('/api/whatsapp-restart').set(as(adminB)).expect(200));
      expect((await get(adminA, target.id)).name).toBe('Privada');
    });

    it('a plain user of the company may list connections but not change them or drive the simulator', async () => {
      expect((await api().get(`/api/whatsapp/${target.id}`).set(as(userA))).status).toBe(200);
      const calls = [
        api().post('/api/whatsapp').send({ name: 'Minha' }),
        api().put(`/api/whatsapp/${target.id}`).send({ name: 'Minha' }),
        api().delete(`/api/whatsapp/${target.id}`),
        api().post(`/api/whatsappsession/${target.id}`),
        api().put(`/api/whatsappsession/${target.id}`),
        api().delete(`/api/whatsappsession/${target.id}`),
        api().post('/api/whatsapp-restart'),
        api().post(`/api/simulator/connections/${target.id}/scan`).send({}),
        api().post(`/api/simulator/connections/${target.id}/inbound`).send({ from: '5511911112222', body: 'x' }),
        api().get(`/api/simulator/connections/${target.id}/outbound`),
        api().post(`/api/simulator/connections/${target.id}/ack`).send({ messageId: 'X1', ack: 3 }),
        api().post(`/api/simulator/connections/${target.id}/disconnect`),
      ];
      for (const call of calls) expect((await call.set(as(userA))).status).toBe(403);
    });
  });
});
