import { waitFor } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';

import { type StandaloneTestApp, startStandaloneTestApp } from './testing/standalone-test-app';

jest.setTimeout(120_000);

/**
 * The calls of canonical Whaticket web clients, replayed with their exact methods, paths, bodies and
 * value types, against every service in one process (as standalone runs them). Each call cites the
 * client file it comes from:
 * - community: canove/whaticket-community, frontend/src (the classic client);
 * - saas: the Whaticket SaaS client (the multi-company fork the spec describes; the same files are
 *   carried by maintained forks such as ticketz-oss/ticketz), frontend/src;
 * - ticketz: ticketz-oss/ticketz's own newer calls (its reactions, forward dialog, OpenHours form,
 *   public plans and companies manager), frontend/src.
 * Each call asserts the status and the fields that client reads from the answer.
 */

const ROOT = { email: 'root@compat.test', password: 'Root-password-1' };

describe('Whaticket-family web clients keep working (their calls replayed as they send them)', () => {
  let product: StandaloneTestApp;
  let app: INestApplication;
  /** What the client keeps after login: the token (localStorage "token"), the user, the refresh cookie. */
  const session = { token: '', cookie: '', userId: 0, companyId: 0, userName: '' };
  const api = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${session.token}` });
  let connectionId = 0;
  let ticket: { id: number; uuid: string; contactId: number } = { id: 0, uuid: '', contactId: 0 };
  let sentMessageId = 0;

  beforeAll(async () => {
    product = await startStandaloneTestApp('compat', ROOT);
    app = product.app;
  });

  afterAll(async () => {
    await product?.close();
  });

  describe('access', () => {
    it('login: POST /auth/login { email, password } → token, user { id, companyId, company { dueDate, settings } }', async () => {
      // saas hooks/useAuth.js/index.js handleLogin: api.post("/auth/login", userData); reads data.token,
      // data.user.{companyId, id, company.settings (campaignsEnabled), company.dueDate}, data.user.name.
      // community hooks/useAuth.js/index.js: the same call; reads data.token and data.user.
      const answer = await api().post('/api/auth/login').send({ email: ROOT.email, password: ROOT.password }).expect(200);
      expect(typeof answer.body.token).toBe('string');
      expect(answer.body.user).toMatchObject({
        id: expect.any(Number),
        companyId: expect.any(Number),
        name: expect.any(String),
        profile: 'admin',
      });
      expect(Array.isArray(answer.body.user.company.settings)).toBe(true);
      expect(answer.body.user.company.settings[0]).toEqual(expect.objectContaining({ key: expect.any(String), value: expect.anything() }));
      expect('dueDate' in answer.body.user.company).toBe(true);
      Object.assign(session, {
        token: answer.body.token,
        cookie: String(answer.headers['set-cookie']).split(';')[0],
        userId: answer.body.user.id,
        companyId: answer.body.user.companyId,
        userName: answer.body.user.name,
      });
    });

    it('the access token carries userId beside sub', () => {
      const payload = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      expect(payload).toMatchObject({ sub: String(session.userId), userId: session.userId, companyId: session.companyId });
    });

    it('refresh: POST /auth/refresh_token with no body → token, user', async () => {
      // saas and community hooks/useAuth.js/index.js: api.post("/auth/refresh_token") (no body; the
      // cookie), on load and on every 403; reads data.token and data.user.
      const answer = await api().post('/api/auth/refresh_token').set('Cookie', session.cookie).expect(200);
      expect(typeof answer.body.token).toBe('string');
      expect(answer.body.user).toMatchObject({ id: session.userId, companyId: session.companyId });
      session.token = answer.body.token;
      session.cookie = String(answer.headers['set-cookie']).split(';')[0]!;
    });

    it('GET /auth/me → the user', async () => {
      // saas hooks/useAuth.js/index.js getCurrentUserInfo: api.get("/auth/me"); reads the user (id, name, profile, queues).
      const answer = await api().get('/api/auth/me').set(auth()).expect(200);
      expect(answer.body).toMatchObject({ id: session.userId, name: expect.any(String), profile: 'admin', queues: expect.any(Array) });
    });

    it('both spellings of the reset request: POST /forgetpassword/{email} and /forgetpsw/{email} → data.status', async () => {
      // saas pages/ForgetPassWord/index.js: api.post(`${process.env.REACT_APP_BACKEND_URL}/forgetpassword/${email}`);
      // spec 3 (reset page): POST /forgetpsw/{email}. Both read data.status.
      for (const route of ['forgetpassword', 'forgetpsw']) {
        const answer = await api()
          .post(`/api/${route}/${encodeURIComponent(ROOT.email)}`)
          .expect(200);
        expect(answer.body.status).toBe(200);
      }
    });
  });

  describe('connections, queues, users, settings', () => {
    it('POST /queue { name, color, greetingMessage } and GET /queue → [{ id, name, color }]', async () => {
      // community components/QueueModal/index.js handleSaveQueue: api.post("/queue", values) with
      // values { name, color, greetingMessage }; hooks/useQueues (saas) and QueueSelect: api.get("/queue").
      const created = await api()
        .post('/api/queue')
        .set(auth())
        .send({ name: 'Suporte', color: '#5C59A0', greetingMessage: '' })
        .expect(201);
      expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Suporte', color: '#5C59A0' });
      const list = await api().get('/api/queue').set(auth()).expect(200);
      expect(list.body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: created.body.id, name: 'Suporte', color: '#5C59A0' })]),
      );
    });

    it('POST /whatsapp { ...values, queueIds } (isDefault a boolean) → the connection; the simulator scan with no body at all', async () => {
      // community components/WhatsAppModal/index.js handleSaveWhatsApp: api.post("/whatsapp", { ...values, queueIds })
      // with values { name, greetingMessage, farewellMessage, isDefault: false }; farewellMessage is not ours (dropped).
      const created = await api()
        .post('/api/whatsapp')
        .set(auth())
        .send({ name: 'Compat', greetingMessage: '', farewellMessage: '', isDefault: false, queueIds: [], provider: 'simulator' })
        .expect(201);
      connectionId = created.body.id;
      await waitFor(async () => (await api().get(`/api/whatsapp/${connectionId}`).set(auth())).body.status === 'qrcode', {
        what: 'the QR code',
      });
      // Not a Whaticket call: the simulator's action, with no body at all (curl -X POST ...).
      const scanned = await api().post(`/api/simulator/connections/${connectionId}/scan`).set(auth()).expect(200);
      expect(scanned.body.status).toBe('CONNECTED');
    });

    it('GET /whatsapp/?session=0 and GET /whatsapp/{id}?session=0 → id, name, status, isDefault, updatedAt, qrcode, number, retries, queues', async () => {
      // saas hooks/useWhatsApps/index.js: api.get("/whatsapp/?session=0"); pages/Connections reads
      // id, name, status, number, isDefault, updatedAt, qrcode, retries. components/WhatsAppModal:
      // api.get(`whatsapp/${whatsAppId}?session=0`) reads the values and data.queues[].id, data.transferQueueId.
      const list = await api().get('/api/whatsapp/?session=0').set(auth()).expect(200);
      const listed = list.body.find((item: { id: number }) => item.id === connectionId);
      expect(listed).toMatchObject({ name: 'Compat', status: 'CONNECTED', isDefault: true, qrcode: '', retries: expect.any(Number) });
      expect(listed).toEqual(expect.objectContaining({ updatedAt: expect.any(String), number: expect.any(String) }));
      const one = await api().get(`/api/whatsapp/${connectionId}?session=0`).set(auth()).expect(200);
      expect(one.body).toMatchObject({ id: connectionId, name: 'Compat', queues: [], transferQueueId: null });
    });

    it('PUT /whatsapp/{id} with the fetched connection back (saas WhatsAppModal) → 200', async () => {
      // saas components/WhatsAppModal/index.js handleSaveWhatsApp: api.put(`/whatsapp/${id}`, { ...values,
      // queueIds, transferQueueId, promptId: null }) where values is what GET /whatsapp/{id}?session=0 answered
      // (minus queues and session): unknown fields (id, status, qrcode, createdAt...) are ignored.
      const fetched = (await api().get(`/api/whatsapp/${connectionId}?session=0`).set(auth()).expect(200)).body as Record<string, unknown>;
      const values: Record<string, unknown> = { ...fetched, name: 'Compat 2' };
      delete values.queues;
      delete values.session;
      const saved = await api()
        .put(`/api/whatsapp/${connectionId}`)
        .set(auth())
        .send({ ...values, queueIds: [], transferQueueId: null, promptId: null })
        .expect(200);
      expect(saved.body).toMatchObject({ id: connectionId, name: 'Compat 2' });
    });

    it("POST /users with whatsappId '' (no connection chosen) and GET /users/ → users, hasMore", async () => {
      // community and saas components/UserModal/index.js handleSaveUser: api.post("/users", { ...values,
      // whatsappId, queueIds: selectedQueueIds }) where whatsappId is '' when none is chosen and values
      // { name, email, password, profile: "user" } (saas adds allTicket: "desabled").
      const created = await api()
        .post('/api/users')
        .set(auth())
        .send({
          name: 'Atendente',
          email: 'atendente@compat.test',
          password: 'senha123',
          profile: 'user',
          allTicket: 'desabled',
          whatsappId: '',
          queueIds: [],
        })
        .expect(201);
      expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Atendente', whatsappId: null });
      // pages/Users/index.js: api.get("/users/", { params: { searchParam, pageNumber } }) reads data.users, data.hasMore.
      const page = await api().get('/api/users/').query({ searchParam: '', pageNumber: 1 }).set(auth()).expect(200);
      expect(page.body.hasMore).toBe(false);
      expect(page.body.users).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: created.body.id, name: 'Atendente', email: 'atendente@compat.test', profile: 'user' }),
        ]),
      );
      // Editing the user sends the fetched user back with whatsappId '' again (UserModal).
      const fetched = (await api().get(`/api/users/${created.body.id}`).set(auth()).expect(200)).body as Record<string, unknown>;
      await api()
        .put(`/api/users/${created.body.id}`)
        .set(auth())
        .send({ ...fetched, password: '', whatsappId: '', queueIds: [] })
        .expect(200);
    });

    it('GET /settings → [{ key, value }]; PUT /settings/{key} { value }', async () => {
      // saas pages/SettingsCustom/index.js and hooks/useSettings: api.get("/settings") reads key/value;
      // components/Settings/Options.js: api.put(`/settings/${key}`, { value }).
      const list = await api().get('/api/settings').set(auth()).expect(200);
      expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'userRating', value: expect.any(String) })]));
      const saved = await api().put('/api/settings/userRating').set(auth()).send({ value: 'disabled' }).expect(200);
      expect(saved.body).toMatchObject({ key: 'userRating', value: 'disabled' });
    });
  });

  describe('contacts', () => {
    let contactId = 0;

    it('POST /contacts { name, number, email, extraInfo } → the contact; GET /contacts/ → contacts, hasMore', async () => {
      // community and saas components/ContactModal/index.js handleSaveContact: api.post("/contacts", values)
      // with { name, number, email, extraInfo: [{ name, value }] }; onSave(data) reads data.id, data.name.
      const created = await api()
        .post('/api/contacts')
        .set(auth())
        .send({ name: 'Cliente Compat', number: '5511988887777', email: '', extraInfo: [{ name: 'CPF', value: '123' }] })
        .expect(201);
      contactId = created.body.id;
      expect(created.body).toMatchObject({
        id: expect.any(Number),
        name: 'Cliente Compat',
        number: '5511988887777',
        extraInfo: [expect.objectContaining({ name: 'CPF', value: '123' })],
      });
      // pages/Contacts/index.js: api.get("/contacts/", { params: { searchParam, pageNumber } }) reads
      // data.contacts (id, name, number, email, profilePicUrl) and data.hasMore.
      const page = await api().get('/api/contacts/').query({ searchParam: 'compat', pageNumber: 1 }).set(auth()).expect(200);
      expect(page.body.hasMore).toBe(false);
      expect(page.body.contacts).toEqual([
        expect.objectContaining({
          id: contactId,
          name: 'Cliente Compat',
          number: '5511988887777',
          email: '',
          profilePicUrl: expect.anything(),
        }),
      ]);
    });

    it('PUT /contacts/{id} with the fetched contact back; DELETE /contacts/{id}', async () => {
      // components/ContactModal/index.js: api.get(`/contacts/${contactId}`) fills the form, then
      // api.put(`/contacts/${contactId}`, values): the whole contact, its extraInfo with ids.
      const fetched = (await api().get(`/api/contacts/${contactId}`).set(auth()).expect(200)).body as Record<string, unknown>;
      const saved = await api()
        .put(`/api/contacts/${contactId}`)
        .set(auth())
        .send({ ...fetched, name: 'Cliente Compat 2' })
        .expect(200);
      expect(saved.body).toMatchObject({ id: contactId, name: 'Cliente Compat 2' });
      // pages/Contacts/index.js handleDeleteContact: api.delete(`/contacts/${contactId}`).
      await api().delete(`/api/contacts/${contactId}`).set(auth()).expect(200);
    });
  });

  describe('tickets and messages', () => {
    it('an inbound message opens a ticket; GET /tickets as the list sends it → tickets, hasMore and the fields the list item reads', async () => {
      await api()
        .post(`/api/simulator/connections/${connectionId}/inbound`)
        .set(auth())
        .send({ from: '5511977776666', pushName: 'Maria', body: 'Olá, preciso de ajuda' })
        .expect(200);
      // saas hooks/useTickets/index.js: api.get("/tickets", { params: { searchParam, pageNumber, tags,
      // users, status, date, updatedAt, showAll, queueIds, withUnreadMessages } }) with queueIds, tags and
      // users as JSON.stringify(...) and showAll/withUnreadMessages as "true"/"false" strings.
      const list = async () =>
        api()
          .get('/api/tickets')
          .query({
            searchParam: '',
            pageNumber: '1',
            tags: '[]',
            users: '[]',
            status: 'pending',
            showAll: 'true',
            queueIds: '[]',
            withUnreadMessages: 'false',
          })
          .set(auth());
      await waitFor(async () => (await list()).body.tickets?.length > 0, { what: 'the inbound ticket listed' });
      const answer = await list();
      expect(answer.status).toBe(200);
      expect(answer.body.hasMore).toBe(false);
      const [item] = answer.body.tickets;
      // components/TicketListItem/index.js reads id, uuid, status, lastMessage, updatedAt, unreadMessages,
      // contact.{name, profilePicUrl}, queue?.{name, color}, whatsapp?.name, user?.name, userId.
      expect(item).toMatchObject({
        id: expect.any(Number),
        uuid: expect.any(String),
        status: 'pending',
        lastMessage: 'Olá, preciso de ajuda',
        unreadMessages: 1,
        contact: expect.objectContaining({ name: 'Maria', profilePicUrl: expect.anything() }),
        whatsapp: expect.objectContaining({ name: 'Compat 2' }),
        userId: null,
      });
      expect(item).toEqual(expect.objectContaining({ updatedAt: expect.any(String), queue: null, user: null }));
      ticket = { id: item.id, uuid: item.uuid, contactId: item.contact.id };
    });

    it('accept: PUT /tickets/{id} { status: "open", userId }, then GET /tickets/u/{uuid}', async () => {
      // community and saas components/TicketListItem/index.js handleAcepptTicket:
      // api.put(`/tickets/${id}`, { status: "open", userId: user?.id }); then history.push(`/tickets/${uuid}`).
      const accepted = await api()
        .put(`/api/tickets/${ticket.id}`)
        .set(auth())
        .send({ status: 'open', userId: session.userId })
        .expect(200);
      expect(accepted.body).toMatchObject({ id: ticket.id, status: 'open', userId: session.userId });
      // saas components/Ticket/index.js: api.get("/tickets/u/" + ticketId) reads data.{id, contact, user, queue, whatsapp, status}.
      const shown = await api().get(`/api/tickets/u/${ticket.uuid}`).set(auth()).expect(200);
      expect(shown.body).toMatchObject({
        id: ticket.id,
        status: 'open',
        contact: expect.objectContaining({ id: ticket.contactId, name: 'Maria' }),
        user: expect.objectContaining({ id: session.userId }),
      });
    });

    it('send: POST /messages/{ticketId} { read: 1, fromMe: true, mediaUrl: "", body, quotedMsg } as the chat sends every reply', async () => {
      // saas components/MessageInput/index.js handleSendMessage: { read: 1, fromMe: true, mediaUrl: "",
      // body: `*${user.name}:*\n${text}`, quotedMsg: replyingMessage } (null when not replying).
      const sent = await api()
        .post(`/api/messages/${ticket.id}`)
        .set(auth())
        .send({ read: 1, fromMe: true, mediaUrl: '', body: `*${session.userName}:*\nComo posso ajudar?`, quotedMsg: null });
      expect(sent.status).toBeLessThan(300);
      // community components/MessageInput/index.js: { read: 1, fromMe: true, mediaUrl: "", body } (no quotedMsg).
      await api()
        .post(`/api/messages/${ticket.id}`)
        .set(auth())
        .send({ read: 1, fromMe: true, mediaUrl: '', body: 'Sem assinatura' })
        .expect((r) => expect(r.status).toBeLessThan(300));
      // The same flag as the string forms other forks send it; nonsense is still refused.
      for (const read of ['1', 'true']) {
        await api()
          .post(`/api/messages/${ticket.id}`)
          .set(auth())
          .send({ read, fromMe: 'true', body: `read ${read}` })
          .expect((r) => expect(r.status).toBeLessThan(300));
      }
      const nonsense = await api().post(`/api/messages/${ticket.id}`).set(auth()).send({ read: 'maybe', body: 'x' }).expect(400);
      expect(nonsense.body.error).toBe('ERR_VALIDATION');
    });

    it('list: GET /messages/{ticketId}?pageNumber=1 → messages, hasMore and the fields the list reads; reply quoting the whole message', async () => {
      // saas components/MessagesList/index.js: api.get("/messages/" + ticketId, { params: { pageNumber } })
      // reads data.messages (id, body, fromMe, mediaType, mediaUrl, ack, read, createdAt, quotedMsg,
      // isDeleted, ticketId, contact), data.hasMore and data.ticket.
      const answer = await api().get(`/api/messages/${ticket.id}`).query({ pageNumber: 1 }).set(auth()).expect(200);
      expect(answer.body.hasMore).toBe(false);
      expect(answer.body.ticket).toMatchObject({ id: ticket.id });
      const mine = answer.body.messages.find((m: { body: string }) => m.body.endsWith('Como posso ajudar?'));
      expect(mine).toMatchObject({
        id: expect.any(Number),
        fromMe: true,
        mediaType: expect.any(String),
        ack: expect.any(Number),
        read: expect.any(Boolean),
        isDeleted: false,
        ticketId: ticket.id,
        quotedMsg: null,
      });
      expect(mine).toEqual(expect.objectContaining({ createdAt: expect.any(String), mediaUrl: null }));
      sentMessageId = mine.id;
      // Replying: MessageInput sends the whole message the user replies to as quotedMsg (ReplyMessageContext).
      const inbound = answer.body.messages.find((m: { fromMe: boolean }) => !m.fromMe);
      await api()
        .post(`/api/messages/${ticket.id}`)
        .set(auth())
        .send({ read: 1, fromMe: true, mediaUrl: '', body: 'Respondendo', quotedMsg: inbound })
        .expect((r) => expect(r.status).toBeLessThan(300));
    });

    it('edit: POST /messages/edit/{id} { read: 1, fromMe: true, mediaUrl: "", body, quotedMsg: null }', async () => {
      // saas components/EditMessageModal/index.js handleSave: api.post(`/messages/edit/${message.id}`,
      // { read: 1, fromMe: true, mediaUrl: "", body: editedMessage, quotedMsg: null }).
      await waitFor(
        async () => {
          const page = await api().get(`/api/messages/${ticket.id}`).set(auth());
          return page.body.messages?.find((m: { id: number }) => m.id === sentMessageId)?.ack >= 1;
        },
        { what: 'the reply sent' },
      );
      const edited = await api()
        .post(`/api/messages/edit/${sentMessageId}`)
        .set(auth())
        .send({ read: 1, fromMe: true, mediaUrl: '', body: 'Como posso ajudar hoje?', quotedMsg: null });
      expect(edited.status).toBeLessThan(300);
      const nonsense = await api().post(`/api/messages/edit/${sentMessageId}`).set(auth()).send({ read: 'maybe', body: 'x' }).expect(400);
      expect(nonsense.body.error).toBe('ERR_VALIDATION');
    });

    it('resolve: PUT /tickets/{id} { status: "closed", userId, queueId, useIntegration: false, promptId: null, integrationId: null }', async () => {
      // saas components/TicketActionButtonsCustom/index.js handleUpdateTicketStatus: api.put(`/tickets/${ticket.id}`,
      // { status, userId: userId || null, useIntegration: status === "closed" ? false : ticket.useIntegration,
      //   promptId: null, integrationId: null }).
      const closed = await api()
        .put(`/api/tickets/${ticket.id}`)
        .set(auth())
        .send({ status: 'closed', userId: session.userId, useIntegration: false, promptId: null, integrationId: null })
        .expect(200);
      expect(closed.body).toMatchObject({ id: ticket.id, status: 'closed' });
    });

    it('new ticket: POST /tickets { contactId, queueId, userId, status: "open" } → uuid', async () => {
      // saas components/NewTicketModal/index.js handleSaveTicket: api.post("/tickets", { contactId,
      // queueId, userId: user.id, status: "open" }); reads data.uuid (history.push(`/tickets/${uuid}`)).
      // community: { contactId, userId: user.id, status: "open" }.
      const created = await api()
        .post('/api/tickets')
        .set(auth())
        .send({ contactId: ticket.contactId, userId: session.userId, status: 'open' })
        .expect(201);
      expect(created.body).toMatchObject({ id: expect.any(Number), uuid: expect.any(String), status: 'open' });
    });
  });

  describe('the ticketz client (ticketz-oss/ticketz, frontend/src): its own payloads', () => {
    let queueId = 0;
    let inboundMessageId = 0;

    it('POST /queue and PUT /queue/{id} with schedules as its OpenHours object, and as the older {}', async () => {
      // components/QueueModal (OpenHours form): api.post("/queue", { ...values, schedules }) with schedules
      // { weeklyRules: [{ days, hours: [{ from, to }] }], overrides: [{ date, closed, label }], timezone }.
      const created = await api()
        .post('/api/queue')
        .set(auth())
        .send({
          name: 'Ticketz',
          color: '#0B7A75',
          greetingMessage: '',
          outOfHoursMessage: 'Fora do horário',
          schedules: {
            timezone: 'America/Sao_Paulo',
            weeklyRules: [
              {
                days: ['mon', 'tue', 'wed', 'thu', 'fri'],
                hours: [
                  { from: '08:00', to: '12:00' },
                  { from: '13:00', to: '18:00' },
                ],
              },
              { days: ['sat'], hours: [{ from: '08:00', to: '12:00' }] },
            ],
            overrides: [{ date: '2026-12-25', closed: true, label: 'Natal' }],
          },
        })
        .expect(201);
      queueId = created.body.id;
      expect(created.body.schedules).toEqual(
        expect.arrayContaining([
          { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' },
          { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '13:00', endTime: '18:00' },
          { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
        ]),
      );
      // The older form sends {}: no hours set.
      const fetched = (await api().get(`/api/queue/${queueId}`).set(auth()).expect(200)).body as Record<string, unknown>;
      const saved = await api()
        .put(`/api/queue/${queueId}`)
        .set(auth())
        .send({ ...fetched, schedules: {} })
        .expect(200);
      expect(saved.body).toMatchObject({ id: queueId, schedules: [] });
    });

    it('POST /messages/react/{id} { ticketId, emoji } (MessageOptionsMenu handleReact)', async () => {
      const page = await api().get(`/api/messages/${ticket.id}`).set(auth()).expect(200);
      inboundMessageId = page.body.messages.find((m: { fromMe: boolean }) => !m.fromMe).id;
      const reacted = await api()
        .post(`/api/messages/react/${inboundMessageId}`)
        .set(auth())
        .send({ ticketId: ticket.id, emoji: '👍' })
        .expect(201);
      expect(reacted.body.reactions).toEqual([{ fromMe: true, emoji: '👍' }]);
    });

    it('POST /messages/forward { contactId, ticketId, messageId, queueId } (MessageForwardModal)', async () => {
      const contact = await api()
        .post('/api/contacts')
        .set(auth())
        .send({ name: 'Destino Ticketz', number: '5511977770000', email: '' })
        .expect(201);
      const forwarded = await api()
        .post('/api/messages/forward')
        .set(auth())
        .send({ contactId: contact.body.id, ticketId: ticket.id, messageId: inboundMessageId, queueId })
        .expect(201);
      expect(forwarded.body).toMatchObject({ body: 'Olá, preciso de ajuda', isForwarded: true, fromMe: true });
    });

    it('GET /settings/userRating → { key, value } (the client reads that setting itself)', async () => {
      const answer = await api().get('/api/settings/userRating').set(auth()).expect(200);
      expect(answer.body).toEqual({ key: 'userRating', value: 'disabled' });
    });

    it('GET /contacts → contacts[].tags', async () => {
      const tag = await api().post('/api/tags').set(auth()).send({ name: 'Cliente VIP', color: '#AA0000' }).expect(201);
      await api()
        .post('/api/tags/sync')
        .set(auth())
        .send({ ticketId: ticket.id, tags: [{ id: tag.body.id }] })
        .expect((r) => expect(r.status).toBeLessThan(300));
      const page = await api().get('/api/contacts/').query({ searchParam: 'Maria', pageNumber: 1 }).set(auth()).expect(200);
      expect(page.body.contacts).toEqual([
        expect.objectContaining({ id: ticket.contactId, tags: [{ id: tag.body.id, name: 'Cliente VIP', color: '#AA0000' }] }),
      ]);
    });

    it('GET /plans/listpublic without a token (sign-up and plan change) → [{ id, name, value, ... }]', async () => {
      const plans = await api().get('/api/plans/listpublic').expect(200);
      expect(plans.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(Number), name: expect.any(String) })]));
    });

    it('POST /companies without a password (CompaniesManager): the admin gets an e-mailed invitation, sets a password and logs in', async () => {
      // components/CompaniesManager: api.post("/companies", { name, email, phone, status, planId,
      // campaignsEnabled, dueDate, recurrence }); no password field.
      const [plan] = (await api().get('/api/plans/listpublic').expect(200)).body as { id: number }[];
      const origin = 'http://127.0.0.1:3000';
      const created = await api()
        .post('/api/companies')
        .set(auth())
        .set('Origin', origin)
        .send({
          name: 'Empresa Ticketz',
          email: 'dono@ticketz.test',
          phone: '',
          status: true,
          planId: plan!.id,
          campaignsEnabled: true,
          dueDate: '',
          recurrence: 'MENSAL',
        })
        .expect(201);
      // No SMTP_URL here: the mail is kept in identity.mails, as a standalone install keeps it.
      const identity = app.get<DataSource>(getDataSourceToken('identity'));
      const [mail] = await identity.query(`SELECT text FROM identity.mails WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [
        'dono@ticketz.test',
      ]);
      const link = new URL(/(http\S+\/forgetpsw\?\S+)/.exec(mail.text)![1]!);
      expect(link.origin).toBe(origin);
      await api()
        .post('/api/resetpasswords')
        .send({ email: link.searchParams.get('email'), token: link.searchParams.get('code'), password: 'Senha-ticketz-1' })
        .expect(200);
      const login = await api().post('/api/auth/login').send({ email: 'dono@ticketz.test', password: 'Senha-ticketz-1' }).expect(200);
      expect(login.body.user).toMatchObject({ companyId: created.body.id, profile: 'admin' });
    });
  });

  it('logout: DELETE /auth/logout', async () => {
    // community and saas hooks/useAuth.js/index.js handleLogout: api.delete("/auth/logout").
    await api().delete('/api/auth/logout').set(auth()).set('Cookie', session.cookie).expect(204);
  });
});
