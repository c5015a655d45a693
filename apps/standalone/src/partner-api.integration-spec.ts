import {
  apiTokenCreatedSchema,
  companyResponseSchema,
  partnerAgendaServicesSchema,
  partnerAppointmentSchema,
  partnerContactResponseSchema,
  partnerMessageSchema,
  type PartnerSchedule,
  partnerScheduleListSchema,
  partnerScheduleSchema,
  partnerSendResponseSchema,
  partnerSettingsSchema,
  partnerSlotsSchema,
  planResponseSchema,
  scheduleSchema,
  simulatorOutboundResponseSchema,
} from '@app/contracts';
import { expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';

import { type StandaloneTestApp, startStandaloneTestApp } from './testing/standalone-test-app';

jest.setTimeout(120_000);

const ROOT = { email: 'root@partner.test', password: 'Root-password-1' };

/** Every service in one process: an API token's send reaches the simulated phone and its status follows the phone's acks. */
describe('the partner API end to end (standalone, simulator)', () => {
  let product: StandaloneTestApp;
  let app: INestApplication;
  let jwt = '';
  let connectionId = 0;
  const api = () => request(app.getHttpServer());
  const auth = () => ({ Authorization: `Bearer ${jwt}` });

  beforeAll(async () => {
    product = await startStandaloneTestApp('partner', ROOT);
    app = product.app;
    jwt = (await api().post('/api/auth/login').send(ROOT).expect(200)).body.token;
    const created = await api()
      .post('/api/whatsapp')
      .set(auth())
      .send({ name: 'API', greetingMessage: '', isDefault: true, queueIds: [], provider: 'simulator' })
      .expect(201);
    connectionId = created.body.id;
    await waitFor(async () => (await api().get(`/api/whatsapp/${connectionId}`).set(auth())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api().post(`/api/simulator/connections/${connectionId}/scan`).set(auth()).expect(200);
  });

  afterAll(async () => {
    await product?.close();
  });

  it('a token created by the admin sends a text that the phone receives; the status goes from pending to sent to read; a revoked token stops', async () => {
    const token = expectAnswer(apiTokenCreatedSchema, await api().post('/api/api-tokens').set(auth()).send({ name: 'ERP' }).expect(201));
    const sent = expectAnswer(
      partnerSendResponseSchema,
      await api()
        .post('/api/messages/send')
        .set('Authorization', `Bearer ${token.token}`)
        .set('Idempotency-Key', 'order-77')
        .send({ number: '5511977770001', body: 'Pedido 77 confirmado' })
        .expect(200),
    );
    const phone = await waitFor(
      async () => {
        const outbound = expectAnswer(
          simulatorOutboundResponseSchema,
          await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(auth()),
        );
        return outbound.messages.find((message) => message.body === 'Pedido 77 confirmado');
      },
      { what: 'the message at the simulated phone' },
    );
    expect(phone.to).toContain('5511977770001');
    const status = () => api().get(`/api/messages/status/${sent.id}`).set('Authorization', `Bearer ${token.token}`);
    await waitFor(async () => expectAnswer(partnerMessageSchema, await status()).status === 'sent', { what: 'sent' });
    await api().post(`/api/simulator/connections/${connectionId}/ack`).set(auth()).send({ messageId: phone.messageId, ack: 4 }).expect(200);
    await waitFor(async () => expectAnswer(partnerMessageSchema, await status()).status === 'read', { what: 'read' });

    // The same key again: the first answer, nothing sent twice.
    const again = await api()
      .post('/api/messages/send')
      .set('Authorization', `Bearer ${token.token}`)
      .set('Idempotency-Key', 'order-77')
      .send({ number: '5511977770001', body: 'Pedido 77 confirmado' })
      .expect(200);
    expect(again.body.id).toBe(sent.id);
    const outbound = expectAnswer(
      simulatorOutboundResponseSchema,
      await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(auth()),
    );
    expect(outbound.messages.filter((message) => message.body === 'Pedido 77 confirmado')).toHaveLength(1);

    await api().delete(`/api/api-tokens/${token.id}`).set(auth()).expect(204);
    await status().expect(401);
  });

  describe('contacts, schedules, settings and the external agenda (the Agendamentos, Configurações and Agenda Externa tabs)', () => {
    let token = '';
    /** Another company's token (the same plan): it reads and changes nothing of the first's. */
    let other = '';
    /** A token of a company whose plan has the API but not schedules. */
    let noSchedules = '';
    let serviceId = 0;
    const bearer = (value: string) => ({ Authorization: `Bearer ${value}` });
    const outboundData = () => app.get<DataSource>(getDataSourceToken('outbound'));

    /** A company (admin boss@<slug>.test) on a plan, and an API token made by its admin once conversations knows the company. */
    const companyToken = async (slug: string, planId: number): Promise<string> => {
      const company = await api()
        .post('/api/companies')
        .set(auth())
        .send({ name: `Empresa ${slug}`, email: `boss@${slug}.test`, password: 'boss-pass-1', planId, status: true, dueDate: '2999-01-01' })
        .expect(201);
      expectAnswer(companyResponseSchema, company);
      const boss = (
        await api()
          .post('/api/auth/login')
          .send({ email: `boss@${slug}.test`, password: 'boss-pass-1' })
          .expect(200)
      ).body.token as string;
      const created = expectAnswer(
        apiTokenCreatedSchema,
        await api().post('/api/api-tokens').set(bearer(boss)).send({ name: slug }).expect(201),
      );
      await waitFor(async () => (await api().get('/api/messages/settings').set(bearer(created.token))).status === 200, {
        what: `conversations knows the company ${slug}`,
      });
      return created.token;
    };

    beforeAll(async () => {
      token = expectAnswer(
        apiTokenCreatedSchema,
        await api().post('/api/api-tokens').set(auth()).send({ name: 'Agenda' }).expect(201),
      ).token;
      const plans = (await api().get('/api/plans/list').set(auth()).expect(200)).body as { id: number; useSchedules: boolean }[];
      other = await companyToken('outra', plans.find((plan) => plan.useSchedules)!.id);
      const bare = expectAnswer(
        planResponseSchema,
        await api()
          .post('/api/plans')
          .set(auth())
          .send({ name: 'Só API', users: 2, connections: 1, queues: 1, value: 0, useExternalApi: true, useSchedules: false })
          .expect(201),
      );
      noSchedules = await companyToken('sem-agenda', bare.id);
      serviceId = (await api().post('/api/services').set(auth()).send({ name: 'Consulta', price: 100, duration: 30 }).expect(201)).body
        .id as number;
    });

    it("POST /messages/contacts creates the number's contact, then updates it; bad input is 400 ERR_VALIDATION naming the field", async () => {
      const created = expectAnswer(
        partnerContactResponseSchema,
        await api()
          .post('/api/messages/contacts')
          .set(bearer(token))
          .send({ number: '+55 (11) 97777-0101', name: 'Ana Cliente', extraInfo: [{ name: 'CPF', value: '123' }] })
          .expect(200),
      );
      expect(created).toMatchObject({
        created: true,
        contact: { name: 'Ana Cliente', number: '5511977770101', extraInfo: [{ name: 'CPF', value: '123' }] },
      });
      const updated = expectAnswer(
        partnerContactResponseSchema,
        await api()
          .post('/api/messages/contacts')
          .set(bearer(token))
          .send({ number: '5511977770101', email: 'ana@cliente.test' })
          .expect(200),
      );
      expect(updated).toMatchObject({
        created: false,
        contact: { id: created.contact.id, name: 'Ana Cliente', email: 'ana@cliente.test' },
      });
      const contact = await api().get(`/api/contacts/${created.contact.id}`).set(auth()).expect(200);
      expect(contact.body).toMatchObject({ email: 'ana@cliente.test', number: '5511977770101' });

      const bad = expectErrorAnswer(
        await api().post('/api/messages/contacts').set(bearer(token)).send({ number: '12', email: 'x' }).expect(400),
        'ERR_VALIDATION',
      );
      expect(bad.fields).toEqual(
        expect.arrayContaining([
          { path: 'number', message: 'Número muito curto' },
          { path: 'email', message: 'E-mail inválido' },
        ]),
      );
      // Another company's token with the same number gets a contact of its own.
      const theirs = expectAnswer(
        partnerContactResponseSchema,
        await api().post('/api/messages/contacts').set(bearer(other)).send({ number: '5511977770101' }).expect(200),
      );
      expect(theirs.created).toBe(true);
      expect(theirs.contact.id).not.toBe(created.contact.id);
      expect(theirs.contact.name).toBe('5511977770101');
    });

    it("a contact just created is usable at once: scheduled by contactId while outbound's copy has not heard of it yet (decision 0039)", async () => {
      const hold = new Client({ connectionString: product.databaseUrl });
      await hold.connect();
      let contactId: number;
      let scheduled: PartnerSchedule;
      const slots = expectAnswer(
        partnerSlotsSchema,
        await api().get('/api/messages/agenda/slots?duration=60&days=14').set(bearer(token)).expect(200),
      );
      try {
        // Outbound's consumers record each event in processed_events first: this holds every one back.
        await hold.query('BEGIN');
        await hold.query('LOCK TABLE outbound.processed_events IN EXCLUSIVE MODE');
        contactId = expectAnswer(
          partnerContactResponseSchema,
          await api().post('/api/messages/contacts').set(bearer(token)).send({ number: '5511977770202', name: 'Bruno' }).expect(200),
        ).contact.id;
        expect(await outboundData().query(`SELECT 1 FROM outbound.contacts WHERE id = $1`, [contactId])).toHaveLength(0);
        scheduled = expectAnswer(
          partnerScheduleSchema,
          await api()
            .post('/api/messages/schedules')
            .set(bearer(token))
            .send({ contactId, body: 'Lembrete: sua consulta é amanhã', sendAt: slots.slots[0]!.start })
            .expect(201),
        );
      } finally {
        await hold.query('COMMIT');
        await hold.end();
      }
      expect(scheduled).toMatchObject({
        contactId,
        status: 'PENDENTE',
        contact: { id: contactId, name: 'Bruno', number: '5511977770202' },
      });
      // Shown in /schedules as any other.
      const inbox = expectAnswer(scheduleSchema, await api().get(`/api/schedules/${scheduled.id}`).set(auth()).expect(200));
      expect(inbox).toMatchObject({ body: 'Lembrete: sua consulta é amanhã', userId: null });
    });

    it('POST /messages/schedules by number honours Idempotency-Key (the first answer again, one schedule); GET lists and filters; bad input, a past time and other tokens are refused', async () => {
      const slots = expectAnswer(
        partnerSlotsSchema,
        await api().get('/api/messages/agenda/slots?duration=60&days=14').set(bearer(token)).expect(200),
      );
      const sendAt = slots.slots[0]!.start;
      const schedule = () =>
        api()
          .post('/api/messages/schedules')
          .set(bearer(token))
          .set('Idempotency-Key', 'lembrete-303')
          .send({ number: '5511977770303', body: 'Seu pedido chega hoje', sendAt });
      const first = await schedule().expect(201);
      const again = await schedule().expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(again.body).toEqual(first.body);
      const mine = expectAnswer(
        partnerScheduleListSchema,
        await api().get('/api/messages/schedules?number=5511977770303').set(bearer(token)).expect(200),
      );
      expect(mine.schedules.map((one) => one.id)).toEqual([first.body.id]);
      expect(mine.count).toBe(1);
      const pending = expectAnswer(
        partnerScheduleListSchema,
        await api().get('/api/messages/schedules?status=PENDENTE').set(bearer(token)).expect(200),
      );
      expect(pending.schedules.map((one) => one.id)).toContain(first.body.id);

      // The same key with another token is another key: nothing of the first company's is answered.
      const theirs = await api()
        .post('/api/messages/schedules')
        .set(bearer(other))
        .set('Idempotency-Key', 'lembrete-303')
        .send({ number: '5511977770303', body: 'Outra empresa', sendAt });
      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(first.body.id);
      // Another company's token neither lists nor names the first company's schedules and contacts.
      const listed = expectAnswer(partnerScheduleListSchema, await api().get('/api/messages/schedules').set(bearer(other)).expect(200));
      expect(listed.schedules.map((one) => one.id)).toEqual([theirs.body.id]);
      expectErrorAnswer(
        await api()
          .post('/api/messages/schedules')
          .set(bearer(other))
          .send({ contactId: first.body.contactId, body: 'Não é meu', sendAt })
          .expect(404),
        'ERR_NO_CONTACT_FOUND',
      );
      const filtered = expectAnswer(
        partnerScheduleListSchema,
        await api().get(`/api/messages/schedules?contactId=${first.body.contactId}`).set(bearer(other)).expect(200),
      );
      expect(filtered.schedules).toEqual([]);

      const both = expectErrorAnswer(
        await api().post('/api/messages/schedules').set(bearer(token)).send({ body: 'Sem destino', sendAt }).expect(400),
        'ERR_VALIDATION',
      );
      expect(both.fields).toEqual([{ path: 'number', message: 'Informe number ou contactId (um dos dois)' }]);
      const short = expectErrorAnswer(
        await api()
          .post('/api/messages/schedules')
          .set(bearer(token))
          .send({ number: '5511977770303', body: 'Oi', sendAt: 'amanhã' })
          .expect(400),
        'ERR_VALIDATION',
      );
      expect(short.fields?.map((field) => field.path).sort()).toEqual(['body', 'sendAt']);
      // A refusal frees its key: the same key with a time that can be booked then schedules.
      expectErrorAnswer(
        await api()
          .post('/api/messages/schedules')
          .set(bearer(token))
          .set('Idempotency-Key', 'lembrete-404')
          .send({ number: '5511977770404', body: 'Já passou', sendAt: '2020-01-01T10:00' })
          .expect(400),
        'ERR_VALIDATION',
      );
      await api()
        .post('/api/messages/schedules')
        .set(bearer(token))
        .set('Idempotency-Key', 'lembrete-404')
        .send({ number: '5511977770404', body: 'Agora sim', sendAt: slots.slots[1]!.start })
        .expect(201);
      await api().get('/api/messages/schedules?status=QUALQUER').set(bearer(token)).expect(400);
    });

    it("GET /messages/settings says the token's connection, features and limits", async () => {
      const settings = expectAnswer(partnerSettingsSchema, await api().get('/api/messages/settings').set(bearer(token)).expect(200));
      expect(settings).toMatchObject({
        token: { name: 'Agenda' },
        connection: { id: connectionId, name: 'API', isDefault: true },
        connectionFixed: false,
        features: { messages: true, schedules: true, agenda: true },
        limits: { idempotencyWindowHours: 24, mediasPerRequest: 5 },
      });
      const theirs = expectAnswer(partnerSettingsSchema, await api().get('/api/messages/settings').set(bearer(other)).expect(200));
      expect(theirs.connection).toBeNull();
      expect(theirs.companyId).not.toBe(settings.companyId);
      const bare = expectAnswer(partnerSettingsSchema, await api().get('/api/messages/settings').set(bearer(noSchedules)).expect(200));
      expect(bare.features).toEqual({ messages: true, schedules: false, agenda: false });
    });

    it('the external agenda: services, free slots for a service, and a booking by number that takes the time (409 the second time, the key answering the first)', async () => {
      const services = expectAnswer(
        partnerAgendaServicesSchema,
        await api().get('/api/messages/agenda/services').set(bearer(token)).expect(200),
      );
      expect(services.services).toEqual([expect.objectContaining({ id: serviceId, name: 'Consulta', duration: 30 })]);
      const theirServices = expectAnswer(
        partnerAgendaServicesSchema,
        await api().get('/api/messages/agenda/services').set(bearer(other)).expect(200),
      );
      expect(theirServices.services).toEqual([]);
      const slots = expectAnswer(
        partnerSlotsSchema,
        await api().get(`/api/messages/agenda/slots?serviceId=${serviceId}&days=14&limit=50`).set(bearer(token)).expect(200),
      );
      expect(slots.duration).toBe(30);
      // The last free time listed: away from the first free times the schedules above took.
      const free = slots.slots[slots.slots.length - 1]!;
      const book = (bearerToken: string, key: string) =>
        api()
          .post('/api/messages/agenda/appointments')
          .set(bearer(bearerToken))
          .set('Idempotency-Key', key)
          .send({ number: '5511977770505', serviceId, start: free.start });
      const booked = expectAnswer(partnerAppointmentSchema, await book(token, 'consulta-1').expect(201));
      expect(booked).toMatchObject({ start: free.start, end: free.end, serviceName: 'Consulta' });
      const replay = await book(token, 'consulta-1').expect(201);
      expect(replay.body).toEqual(booked);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const taken = expectErrorAnswer(await book(token, 'consulta-2').expect(409), 'ERR_SCHEDULE_CONFLICT');
      expect(taken.message.length).toBeGreaterThan(0);
      const after = expectAnswer(
        partnerSlotsSchema,
        await api().get(`/api/messages/agenda/slots?serviceId=${serviceId}&days=14&limit=50`).set(bearer(token)).expect(200),
      );
      expect(after.slots.map((slot) => slot.start)).not.toContain(free.start);
      // Another company's token cannot book the first company's service.
      expectErrorAnswer(await book(other, 'consulta-3').expect(404), 'ERR_NOT_FOUND');
      const wrong = expectErrorAnswer(
        await api()
          .post('/api/messages/agenda/appointments')
          .set(bearer(token))
          .send({ number: '5511977770505', start: '01/12 14h' })
          .expect(400),
        'ERR_VALIDATION',
      );
      expect(wrong.fields?.map((field) => field.path)).toEqual(['start']);
      await api().get('/api/messages/agenda/slots?days=99').set(bearer(token)).expect(400);
    });

    it('a plan without schedules answers 403 ERR_PLAN_FEATURE_DISABLED on schedules and the agenda; a revoked or unknown token 401 on every route', async () => {
      for (const [method, path] of [
        ['post', '/api/messages/schedules'],
        ['get', '/api/messages/schedules'],
        ['get', '/api/messages/agenda/services'],
        ['get', '/api/messages/agenda/slots'],
        ['post', '/api/messages/agenda/appointments'],
      ] as const) {
        const body =
          method === 'post'
            ? { number: '5511977770606', body: 'Olá, tudo bem?', sendAt: '2030-01-07T10:00', start: '2030-01-07T10:00' }
            : undefined;
        const answer = await api()[method](path).set(bearer(noSchedules)).send(body);
        expect({ path, status: answer.status, error: answer.body.error }).toEqual({
          path,
          status: 403,
          error: 'ERR_PLAN_FEATURE_DISABLED',
        });
      }
      const spare = expectAnswer(
        apiTokenCreatedSchema,
        await api().post('/api/api-tokens').set(auth()).send({ name: 'Revogado' }).expect(201),
      );
      await api().get('/api/messages/settings').set(bearer(spare.token)).expect(200);
      await api().delete(`/api/api-tokens/${spare.id}`).set(auth()).expect(204);
      for (const [method, path] of [
        ['post', '/api/messages/contacts'],
        ['post', '/api/messages/schedules'],
        ['get', '/api/messages/schedules'],
        ['get', '/api/messages/settings'],
        ['get', '/api/messages/agenda/services'],
        ['get', '/api/messages/agenda/slots'],
        ['post', '/api/messages/agenda/appointments'],
      ] as const) {
        for (const credential of [spare.token, `zdk_${'x'.repeat(43)}`]) {
          const answer = await api()
            [method](path)
            .set(bearer(credential))
            .send(method === 'post' ? { number: '5511977770707' } : undefined);
          expect({ path, status: answer.status, error: answer.body.error }).toEqual({ path, status: 401, error: 'ERR_INVALID_API_TOKEN' });
        }
      }
      // A user's session is not an API token.
      await api().get('/api/messages/settings').set(auth()).expect(401);
    });
  });
});
