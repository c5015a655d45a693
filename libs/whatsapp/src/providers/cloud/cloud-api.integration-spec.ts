import { randomBytes, randomUUID } from 'node:crypto';

import {
  cloudAccountSchema,
  cloudCostsSchema,
  cloudTemplateListSchema,
  cloudWindowSchema,
  type Connection,
  connectionSchema,
  type EventPayload,
  mediaUploadResponseSchema,
  type messageReceived,
  messageSendRequested,
  SECRET_MASK,
  type SendContent,
} from '@app/contracts';
import { expectAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import {
  FakeGraphApi,
  type FakeNumber,
  messagesWebhook,
  META_ERRORS,
  signWebhook,
  statusesWebhook,
  type WebhookMessage,
} from '../../testing/fake-graph-api';
import { startWhatsappTestApp, type WhatsappTestApp } from '../../testing/whatsapp-test-app';

jest.setTimeout(60_000);

const A = 301;
const B = 302;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const CUSTOMER = '5511987654321';

type Received = EventPayload<typeof messageReceived>;

describe('the WhatsApp Cloud API provider against a local Graph API (real PostgreSQL)', () => {
  let t: WhatsappTestApp;
  let meta: FakeGraphApi;
  let adminA: string;
  let userA: string;
  let adminB: string;

  beforeAll(async () => {
    meta = await new FakeGraphApi().start();
    t = await startWhatsappTestApp({
      sendTimeoutMs: 5_000,
      cloud: { keysSecret: randomBytes(32).toString('hex'), graphUrl: meta.url, graphVersion: meta.version, backoffFirstMs: 50 },
    });
    adminA = t.token({ userId: 1, companyId: A });
    userA = t.token({ userId: 2, companyId: A, profile: 'user' });
    adminB = t.token({ userId: 3, companyId: B });
  });
  afterAll(async () => {
    await t.close();
    await meta.close();
  });

  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const of = (type: string) => t.events.filter((e) => e.type === type);
  const credentials = (n: FakeNumber) => ({
    phoneNumberId: n.phoneNumberId,
    wabaId: n.wabaId,
    accessToken: n.accessToken,
    appSecret: n.appSecret,
    verifyToken: `verificar-${n.phoneNumberId}`,
  });
  const received = (connectionId: number) =>
    of('whatsapp.message.received')
      .map((e) => e.payload as Received)
      .filter((p) => p.connectionId === connectionId)
      .map((p) => p.message);

  async function cloudConnection(
    token = adminA,
    number = meta.addNumber(),
  ): Promise<{ connection: Connection; number: FakeNumber; webhook: string }> {
    const response = await api()
      .post('/api/whatsapp')
      .set(as(token))
      .send({ name: `Oficial ${number.phoneNumberId.slice(-4)}`, provider: 'cloud', cloud: credentials(number) });
    expect(response.status).toBe(201);
    const connection = expectAnswer(connectionSchema, response);
    await waitFor(
      async () => expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${connection.id}`).set(as(token))).status === 'CONNECTED',
      {
        what: 'the Cloud API connection to connect',
      },
    );
    const card = expectAnswer(cloudAccountSchema, await api().get(`/api/whatsapp/${connection.id}/cloud`).set(as(token)));
    return { connection, number, webhook: card.webhookPath };
  }

  function deliver(webhook: string, payload: unknown, secret: string, signature?: string | null) {
    const body = JSON.stringify(payload);
    const call = api().post(webhook).set('Content-Type', 'application/json');
    const signed = signature === undefined ? signWebhook(body, secret) : signature;
    return (signed === null ? call : call.set('X-Hub-Signature-256', signed)).send(body);
  }

  function send(connectionId: number, to: string, content: SendContent, quotedId: string | null = null) {
    const command = { commandId: randomUUID(), connectionId, to, isGroup: false, content, quotedId, isForwarded: false, reference: null };
    return t.publish(messageSendRequested, A, connectionId, command).then(() => command.commandId);
  }

  const settled = (commandId: string) =>
    waitFor(
      () =>
        [...of('whatsapp.message.sent'), ...of('whatsapp.message.sendFailed')].find(
          (e) => (e.payload as { commandId: string }).commandId === commandId,
        ),
      { what: `the answer to ${commandId}` },
    );

  describe('saving a connection', () => {
    it('checks the credentials with Meta, seals them and shows the card with hints, webhook URL, name, quality and tier', async () => {
      const { connection, number, webhook } = await cloudConnection();
      expect(connection.provider).toBe('cloud');
      const card = expectAnswer(cloudAccountSchema, await api().get(`/api/whatsapp/${connection.id}/cloud`).set(as(adminA)));
      expect(card).toMatchObject({
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        accessToken: `${SECRET_MASK}${number.accessToken.slice(-4)}`,
        appSecret: `${SECRET_MASK}${number.appSecret.slice(-4)}`,
        verifiedName: number.verifiedName,
        displayPhoneNumber: number.displayPhoneNumber,
        qualityRating: 'GREEN',
        messagingTier: 'TIER_1K',
        graphVersion: 'v23.0',
        checkError: '',
      });
      expect(webhook).toMatch(/^\/api\/whatsapp-cloud\/webhook\/[0-9a-f-]{36}$/);
      const [stored] = await t.dataSource.query(
        `SELECT access_token, app_secret, verify_token FROM whatsapp.cloud_accounts WHERE connection_id = $1`,
        [connection.id],
      );
      expect(JSON.stringify(stored)).not.toContain(number.accessToken);
      expect(JSON.stringify(stored)).not.toContain(number.appSecret);
      const detail = expectAnswer(connectionSchema, await api().get(`/api/whatsapp/${connection.id}`).set(as(adminA)));
      expect(detail.number).toBe(number.displayPhoneNumber.replace(/\D/g, ''));
    });

    it('a wrong token, a wrong app secret or a number of another business account is refused in plain words, and nothing is created', async () => {
      const number = meta.addNumber();
      const before = (await api().get('/api/whatsapp').set(as(adminA))).body.length;
      const wrongToken = await api()
        .post('/api/whatsapp')
        .set(as(adminA))
        .send({ name: 'Errada', provider: 'cloud', cloud: { ...credentials(number), accessToken: 'EAAGnaoexiste1234' } });
      expect(wrongToken.status).toBe(400);
      expect(wrongToken.body.fields).toEqual([{ path: 'cloud.accessToken', message: expect.stringContaining('token de acesso') }]);
      const wrongSecret = await api()
        .post('/api/whatsapp')
        .set(as(adminA))
        .send({ name: 'Errada', provider: 'cloud', cloud: { ...credentials(number), appSecret: 'outro-segredo-qualquer' } });
      expect(wrongSecret.status).toBe(400);
      expect(wrongSecret.body.fields[0]).toMatchObject({ path: 'cloud.appSecret' });
      const other = meta.addNumber();
      const wrongWaba = await api()
        .post('/api/whatsapp')
        .set(as(adminA))
        .send({ name: 'Errada', provider: 'cloud', cloud: { ...credentials(number), wabaId: other.wabaId } });
      expect(wrongWaba.status).toBe(400);
      expect(wrongWaba.body.fields[0]).toMatchObject({ path: 'cloud.wabaId' });
      expect((await api().get('/api/whatsapp').set(as(adminA))).body.length).toBe(before);
    });

    it('an edit that sends the hints back keeps the stored secrets; a changed token is checked again', async () => {
      const { connection, number } = await cloudConnection();
      const card = expectAnswer(cloudAccountSchema, await api().get(`/api/whatsapp/${connection.id}/cloud`).set(as(adminA)));
      const kept = {
        phoneNumberId: card.phoneNumberId,
        wabaId: card.wabaId,
        accessToken: card.accessToken,
        appSecret: card.appSecret,
        verifyToken: card.verifyToken,
      };
      expect((await api().put(`/api/whatsapp/${connection.id}`).set(as(adminA)).send({ cloud: kept })).status).toBe(200);
      const refused = await api()
        .put(`/api/whatsapp/${connection.id}`)
        .set(as(adminA))
        .send({ cloud: { ...kept, accessToken: 'EAAGrevogado9999' } });
      expect(refused.status).toBe(400);
      const after = expectAnswer(cloudAccountSchema, await api().get(`/api/whatsapp/${connection.id}/cloud`).set(as(adminA)));
      expect(after.accessToken).toBe(`${SECRET_MASK}${number.accessToken.slice(-4)}`);
    });

    it("another company's connection id answers 404 for the card, the templates and the window; users do not see the card", async () => {
      const { connection } = await cloudConnection();
      for (const path of ['cloud', 'cloud/templates', `cloud/window?number=${CUSTOMER}`]) {
        const response = await api().get(`/api/whatsapp/${connection.id}/${path}`).set(as(adminB));
        expect(response.status).toBe(404);
      }
      expect((await api().get(`/api/whatsapp/${connection.id}/cloud`).set(as(userA))).status).toBe(403);
      const number = meta.addNumber();
      const takeOver = await api()
        .put(`/api/whatsapp/${connection.id}`)
        .set(as(adminB))
        .send({ cloud: credentials(number) });
      expect(takeOver.status).toBe(404);
    });
  });

  describe('the webhook', () => {
    let connection: Connection;
    let number: FakeNumber;
    let webhook: string;

    beforeAll(async () => {
      ({ connection, number, webhook } = await cloudConnection());
    });

    it("answers Meta's verification challenge with the right verify token only", async () => {
      const ok = await api()
        .get(webhook)
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': `verificar-${number.phoneNumberId}`, 'hub.challenge': '1158201444' });
      expect(ok.status).toBe(200);
      expect(ok.text).toBe('1158201444');
      const wrong = await api().get(webhook).query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'outro', 'hub.challenge': '1158201444' });
      expect(wrong.status).toBe(403);
      expect(wrong.text).not.toContain('1158201444');
    });

    it('a forged or missing signature is refused and nothing is stored', async () => {
      const payload = messagesWebhook(number, [{ from: CUSTOMER, type: 'text', text: { body: 'forjada' } }]);
      expect((await deliver(webhook, payload, number.appSecret, signWebhook(JSON.stringify(payload), 'segredo-de-outro'))).status).toBe(
        403,
      );
      expect((await deliver(webhook, payload, number.appSecret, null)).status).toBe(403);
      expect((await deliver(webhook, payload, number.appSecret, 'sha256=')).status).toBe(403);
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM whatsapp.cloud_webhook_inbox WHERE connection_id = $1`,
        [connection.id],
      );
      expect(count).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received(connection.id).some((m) => m.body === 'forjada')).toBe(false);
      expect((await deliver('/api/whatsapp-cloud/webhook/00000000-0000-4000-8000-000000000000', payload, number.appSecret)).status).toBe(
        404,
      );
    });

    it('guessing webhook keys from one address is rate limited', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 120 && !statuses.includes(429); i++) {
        statuses.push(
          (await api().post(`/api/whatsapp-cloud/webhook/${randomUUID()}`).set('Content-Type', 'application/json').send('{}')).status,
        );
      }
      expect(statuses[0]).toBe(404);
      expect(statuses).toContain(429);
    });

    it('a webhook delivered twice files its messages once; text, location, contacts, interactive and button answers, replies', async () => {
      const messages: WebhookMessage[] = [
        { from: CUSTOMER, id: 'wamid.texto1', type: 'text', text: { body: 'Olá, quero ajuda' } },
        {
          from: CUSTOMER,
          id: 'wamid.local1',
          type: 'location',
          location: { latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista' },
        },
        {
          from: CUSTOMER,
          id: 'wamid.contato1',
          type: 'contacts',
          contacts: [
            {
              name: { formatted_name: 'Maria Souza', first_name: 'Maria' },
              phones: [{ phone: '+55 11 97777-6666', wa_id: '5511977776666', type: 'CELL' }],
            },
          ],
        },
        {
          from: CUSTOMER,
          id: 'wamid.botao1',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'sim', title: 'Sim, confirmo' } },
        },
        {
          from: CUSTOMER,
          id: 'wamid.lista1',
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'p2', title: 'Plano 2' } },
        },
        { from: CUSTOMER, id: 'wamid.modelo1', type: 'button', button: { text: 'Parar promoções', payload: 'stop' } },
        {
          from: CUSTOMER,
          id: 'wamid.resposta1',
          type: 'text',
          text: { body: 'isso mesmo' },
          context: { from: CUSTOMER, id: 'wamid.texto1' },
        },
      ];
      const payload = messagesWebhook(number, messages, { [CUSTOMER]: 'Joana' });
      expect((await deliver(webhook, payload, number.appSecret)).status).toBe(200);
      expect((await deliver(webhook, payload, number.appSecret)).status).toBe(200);
      const got = await waitFor(() => (received(connection.id).length >= messages.length ? received(connection.id) : undefined), {
        what: 'the messages',
      });
      await t.published();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const filed = received(connection.id).filter((m) => messages.some((x) => x.id === m.id));
      expect(filed).toHaveLength(messages.length);
      const byId = new Map(got.map((m) => [m.id, m]));
      expect(byId.get('wamid.texto1')).toMatchObject({
        kind: 'text',
        body: 'Olá, quero ajuda',
        fromMe: false,
        chat: { number: CUSTOMER, pushName: 'Joana' },
      });
      expect(byId.get('wamid.local1')).toMatchObject({
        kind: 'location',
        location: { latitude: -23.55, longitude: -46.63, name: 'Loja', address: 'Av. Paulista' },
      });
      expect(byId.get('wamid.contato1')).toMatchObject({ kind: 'vcard', vcards: [{ displayName: 'Maria Souza' }] });
      expect(byId.get('wamid.contato1')!.body).toContain('waid=5511977776666');
      expect(byId.get('wamid.botao1')).toMatchObject({ kind: 'text', body: 'Sim, confirmo' });
      expect(byId.get('wamid.lista1')).toMatchObject({ kind: 'text', body: 'Plano 2' });
      expect(byId.get('wamid.modelo1')).toMatchObject({ kind: 'text', body: 'Parar promoções' });
      expect(byId.get('wamid.resposta1')).toMatchObject({ quotedId: 'wamid.texto1' });
    });

    it('media is fetched through the Graph media endpoint and stored like other media', async () => {
      const mediaId = meta.addMedia(PNG, 'image/png');
      const payload = messagesWebhook(number, [
        { from: CUSTOMER, id: 'wamid.foto1', type: 'image', image: { id: mediaId, mime_type: 'image/png', caption: 'minha foto' } },
      ]);
      await deliver(webhook, payload, number.appSecret).expect(200);
      await deliver(webhook, payload, number.appSecret).expect(200);
      const photo = await waitFor(() => received(connection.id).find((m) => m.id === 'wamid.foto1'), { what: 'the photo' });
      expect(photo).toMatchObject({ kind: 'image', body: 'minha foto', media: { mimetype: 'image/png', size: PNG.length } });
      const file = await api().get(photo.media!.url).set(as(adminA));
      expect(file.status).toBe(200);
      expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received(connection.id).filter((m) => m.id === 'wamid.foto1')).toHaveLength(1);
      // Downloaded once: the repeat was known before its media was fetched.
      expect(meta.requests.filter((r) => r.path === `/download/${mediaId}`)).toHaveLength(1);
    });

    it('a media Meta no longer has does not hold back the other messages: it is filed once, without the file', async () => {
      const payload = messagesWebhook(number, [
        {
          from: CUSTOMER,
          id: 'wamid.sumiu1',
          type: 'document',
          document: { id: '999000999', mime_type: 'application/pdf', filename: 'nota.pdf' },
        },
        { from: CUSTOMER, id: 'wamid.depois1', type: 'text', text: { body: 'mandei a nota' } },
      ]);
      await deliver(webhook, payload, number.appSecret).expect(200);
      await deliver(webhook, payload, number.appSecret).expect(200);
      const after = await waitFor(() => received(connection.id).find((m) => m.id === 'wamid.depois1'), {
        what: 'the text after the media',
      });
      expect(after.body).toBe('mandei a nota');
      const gone = received(connection.id).filter((m) => m.id === 'wamid.sumiu1');
      expect(gone).toHaveLength(1);
      expect(gone[0]).toMatchObject({ kind: 'document', media: null });
    });

    it('a change naming another phone number id is not filed under this connection', async () => {
      const stranger = meta.addNumber();
      const payload = messagesWebhook({ ...stranger }, [
        { from: CUSTOMER, id: 'wamid.intruso', type: 'text', text: { body: 'de outro número' } },
      ]);
      await deliver(webhook, payload, number.appSecret).expect(200);
      const marker = messagesWebhook(number, [{ from: CUSTOMER, id: 'wamid.marcador', type: 'text', text: { body: 'marcador' } }]);
      await deliver(webhook, marker, number.appSecret).expect(200);
      await waitFor(() => received(connection.id).find((m) => m.id === 'wamid.marcador'), { what: 'the marker' });
      expect(of('whatsapp.message.received').some((e) => (e.payload as Received).message.id === 'wamid.intruso')).toBe(false);
    });
  });

  describe('sending and statuses', () => {
    let connection: Connection;
    let number: FakeNumber;
    let webhook: string;
    const customer = '5521911112222';

    beforeAll(async () => {
      ({ connection, number, webhook } = await cloudConnection());
    });

    it('outside the 24-hour window only a template goes out; the window endpoint says so', async () => {
      const window = expectAnswer(
        cloudWindowSchema,
        await api().get(`/api/whatsapp/${connection.id}/cloud/window?number=${customer}`).set(as(userA)),
      );
      expect(window).toEqual({ open: false, closesAt: null });
      const text = await send(connection.id, customer, { type: 'text', body: 'fora da janela' });
      const failed = await settled(text);
      expect(failed.type).toBe('whatsapp.message.sendFailed');
      expect((failed.payload as { reason: string }).reason).toContain('24-hour');
      expect(meta.sentTo(number.phoneNumberId, customer)).toHaveLength(0);
      const template = await send(connection.id, customer, {
        type: 'template',
        name: 'boas_vindas',
        language: 'pt_BR',
        bodyParameters: ['Ana', '10%'],
        headerParameters: [],
      });
      expect((await settled(template)).type).toBe('whatsapp.message.sent');
      expect(meta.sentTo(number.phoneNumberId, customer)[0]!.body).toMatchObject({
        type: 'template',
        template: {
          name: 'boas_vindas',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: '10%' },
              ],
            },
          ],
        },
      });
    });

    it('after the customer writes: text, reply, reaction, media and location go through the messages endpoint', async () => {
      await deliver(
        webhook,
        messagesWebhook(number, [{ from: customer, id: 'wamid.cliente1', type: 'text', text: { body: 'oi' } }]),
        number.appSecret,
      ).expect(200);
      await waitFor(() => received(connection.id).find((m) => m.id === 'wamid.cliente1'), { what: 'the customer message' });
      const window = expectAnswer(
        cloudWindowSchema,
        await api().get(`/api/whatsapp/${connection.id}/cloud/window?number=${customer}`).set(as(userA)),
      );
      expect(window.open).toBe(true);
      const upload = expectAnswer(
        mediaUploadResponseSchema,
        await api().post('/api/whatsapp-media').set(as(userA)).attach('file', PNG, { filename: 'foto.png', contentType: 'image/png' }),
      );
      const commands = [
        await send(connection.id, customer, { type: 'text', body: 'Olá! Como posso ajudar?' }),
        await send(connection.id, customer, { type: 'text', body: 'respondendo' }, 'wamid.cliente1'),
        await send(connection.id, customer, { type: 'reaction', targetId: 'wamid.cliente1', targetFromMe: false, emoji: '👍' }),
        await send(connection.id, customer, {
          type: 'media',
          mediaType: 'image',
          mediaUrl: upload.url,
          mimetype: 'image/png',
          fileName: 'foto.png',
          caption: 'segue',
          ptt: false,
        }),
        await send(connection.id, customer, { type: 'location', latitude: -22.9, longitude: -43.2, name: 'Loja Rio' }),
      ];
      for (const command of commands) expect((await settled(command)).type).toBe('whatsapp.message.sent');
      const bodies = meta
        .sentTo(number.phoneNumberId, customer)
        .map((s) => s.body)
        .slice(-5);
      expect(bodies[0]).toMatchObject({ type: 'text', text: { body: 'Olá! Como posso ajudar?' } });
      expect(bodies[1]).toMatchObject({ type: 'text', context: { message_id: 'wamid.cliente1' } });
      expect(bodies[2]).toMatchObject({ type: 'reaction', reaction: { message_id: 'wamid.cliente1', emoji: '👍' } });
      expect(bodies[3]).toMatchObject({ type: 'image', image: { caption: 'segue', id: expect.any(String) } });
      expect(meta.media.get((bodies[3]!.image as { id: string }).id)!.bytes.equals(PNG)).toBe(true);
      expect(bodies[4]).toMatchObject({ type: 'location', location: { latitude: -22.9, longitude: -43.2, name: 'Loja Rio' } });
    });

    it("statuses become acks once each; a failure carries Meta's code and title; pricing is recorded per conversation", async () => {
      const commandId = await send(connection.id, customer, { type: 'text', body: 'status' });
      const sent = await settled(commandId);
      const messageId = (sent.payload as { messageId: string }).messageId;
      const wamid = meta.sentTo(number.phoneNumberId, customer).at(-1)!.wamid;
      const pricing = { billable: true, pricing_model: 'CBP', category: 'service' };
      const conversation = { id: `conv-${wamid}`, origin: { type: 'service' } };
      const statuses = statusesWebhook(number, [
        { id: wamid, status: 'sent', recipient_id: customer, conversation, pricing },
        { id: wamid, status: 'delivered', recipient_id: customer, conversation, pricing },
        { id: wamid, status: 'read', recipient_id: customer },
      ]);
      await deliver(webhook, statuses, number.appSecret).expect(200);
      await deliver(webhook, statuses, number.appSecret).expect(200);
      await waitFor(
        () =>
          of('whatsapp.message.acked').find(
            (e) => (e.payload as { messageId: string; ack: number }).messageId === messageId && (e.payload as { ack: number }).ack === 4,
          ),
        { what: 'the read ack' },
      );
      await t.published();
      const acks = of('whatsapp.message.acked')
        .filter((e) => (e.payload as { messageId: string }).messageId === messageId)
        .map((e) => (e.payload as { ack: number }).ack);
      expect(acks).toEqual([2, 3, 4]);

      const failing = await send(connection.id, customer, { type: 'text', body: 'não vai chegar' });
      await settled(failing);
      const failedWamid = meta.sentTo(number.phoneNumberId, customer).at(-1)!.wamid;
      const failure = statusesWebhook(number, [
        {
          id: failedWamid,
          status: 'failed',
          recipient_id: customer,
          errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Unable to deliver message.' } }],
        },
      ]);
      await deliver(webhook, failure, number.appSecret).expect(200);
      await deliver(webhook, failure, number.appSecret).expect(200);
      const failedEvent = await waitFor(
        () => of('whatsapp.message.sendFailed').find((e) => (e.payload as { commandId: string }).commandId === failing),
        { what: 'the failure' },
      );
      expect((failedEvent.payload as { reason: string }).reason).toContain('131026: Message undeliverable');
      await t.published();
      expect(of('whatsapp.message.sendFailed').filter((e) => (e.payload as { commandId: string }).commandId === failing)).toHaveLength(1);

      const month = new Date().toISOString().slice(0, 7);
      const costs = expectAnswer(cloudCostsSchema, await api().get(`/api/whatsapp-cloud/costs?month=${month}`).set(as(adminA)));
      expect(costs.find((c) => c.category === 'service')).toMatchObject({ conversations: 1, billable: 1 });
      expect(expectAnswer(cloudCostsSchema, await api().get(`/api/whatsapp-cloud/costs?month=${month}`).set(as(adminB)))).toEqual([]);
    });

    it('130429 and 131056 are answered with backoff: the message goes out once, late, never lost', async () => {
      const before = meta.sentTo(number.phoneNumberId, customer).length;
      meta.fail({ ...META_ERRORS.rateLimit, to: customer }, 2);
      meta.fail({ ...META_ERRORS.pairRate, to: customer }, 1);
      const commandId = await send(connection.id, customer, { type: 'text', body: 'depois de esperar' });
      expect((await settled(commandId)).type).toBe('whatsapp.message.sent');
      const after = meta.sentTo(number.phoneNumberId, customer).slice(before);
      expect(after.filter((s) => (s.body.text as { body: string } | undefined)?.body === 'depois de esperar')).toHaveLength(1);
    });

    it("131026 on the send fails the message with Meta's words", async () => {
      meta.fail({ ...META_ERRORS.undeliverable, to: customer });
      const commandId = await send(connection.id, customer, { type: 'text', body: 'indevido' });
      const answer = await settled(commandId);
      expect(answer.type).toBe('whatsapp.message.sendFailed');
      expect((answer.payload as { reason: string }).reason).toContain('131026');
    });

    it('131047 from Meta (its window closed before ours) fails with the window reason', async () => {
      meta.closedWindows.add(customer);
      const commandId = await send(connection.id, customer, { type: 'text', body: 'Meta diz que fechou' });
      const answer = await settled(commandId);
      meta.closedWindows.delete(customer);
      expect((answer.payload as { reason: string }).reason).toContain('131047');
    });

    it("lists the business account's templates with their language and variables", async () => {
      meta.templates.push(
        {
          wabaId: number.wabaId,
          name: 'boas_vindas',
          language: 'pt_BR',
          status: 'APPROVED',
          category: 'MARKETING',
          components: [
            { type: 'HEADER', format: 'TEXT', text: 'Oi {{1}}' },
            { type: 'BODY', text: 'Olá {{1}}, seu desconto é {{2}}.' },
          ],
        },
        {
          wabaId: number.wabaId,
          name: 'lembrete',
          language: 'es',
          status: 'APPROVED',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'Recordatorio' }],
        },
      );
      const templates = expectAnswer(
        cloudTemplateListSchema,
        await api().get(`/api/whatsapp/${connection.id}/cloud/templates`).set(as(userA)),
      );
      expect(templates).toEqual([
        expect.objectContaining({
          name: 'boas_vindas',
          language: 'pt_BR',
          bodyVariables: 2,
          headerVariables: 1,
          body: 'Olá {{1}}, seu desconto é {{2}}.',
        }),
        expect.objectContaining({ name: 'lembrete', language: 'es', bodyVariables: 0, headerVariables: 0 }),
      ]);
    });
  });
});
