import {
  calendarDeleteResponseSchema,
  calendarListResponseSchema,
  calendarSchema,
  connectionUpdated,
  type Contact,
  contactDeleted,
  contactSaved,
  type EventEnvelope,
  messageSendFailed,
  messageSendRequested,
  messageSent,
  readOutboundSendReference,
  scheduleBlockListResponseSchema,
  scheduleBlockSchema,
  scheduleDeleted,
  scheduleDeleteResponseSchema,
  schedulePageResponseSchema,
  scheduleSaved,
  schedulesChanged,
  scheduleSchema,
  scheduleSettingsSchema,
  serviceListResponseSchema,
  serviceSchema,
  settingUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { connectionFixture, expectAnswer, expectErrorAnswer, waitFor } from '@app/platform/testing';
import request from 'supertest';

import { type OutboundTestApp, startOutboundTestApp } from '../../testing/outbound-test-app';
import { AppointmentRepository } from './appointment.repository';
import { APPOINTMENT_DISPATCH_QUEUE, AppointmentDispatcher } from './appointment-dispatcher';
import { sendCommandId } from './appointment-rules';

const A = 1;
const B = 2;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** The schedules' clock: fixed at a given instant until told otherwise (or following the system's). */
const clock = {
  fixed: new Date('2026-03-02T12:00:00Z') as Date | null,
  now: () => (clock.fixed ? new Date(clock.fixed) : new Date()),
  set(iso: string) {
    clock.fixed = new Date(iso);
  },
};

const contact = (companyId: number, id: number, name: string, number: string): Contact => {
  const at = new Date().toISOString();
  return {
    id,
    uuid: '6f1c2b1e-8d1a-4a55-9c7e-0a1b2c3d4e5f',
    name,
    number,
    email: '',
    profilePicUrl: '',
    active: true,
    isGroup: false,
    whatsappId: null,
    extraInfo: [],
    companyId,
    lastInteractionAt: null,
    createdAt: at,
    updatedAt: at,
  };
};

/**
 * Schedules (spec 2) over HTTP with a fixed clock: appointments with their validation texts, the
 * booking rules (blocks, days, hours, slots, overlaps), calendars, settings, time zones across
 * daylight-saving changes, the sends of messages and reminders as whatsapp commands, their answers,
 * crash reconciliation, and another company's ids answering 404.
 */
describe('schedules over HTTP', () => {
  let t: OutboundTestApp;
  let dispatcher: AppointmentDispatcher;
  const plan = ['useSchedules'] as const;
  const admin = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: [...plan] });
  const user = () => t.token({ userId: 2, companyId: A, profile: 'user', plan: [...plan] });
  const outsider = () => t.token({ userId: 20, companyId: B, profile: 'admin', plan: [...plan] });
  const noPlan = () => t.token({ userId: 1, companyId: A, profile: 'admin', plan: [] });
  const api = () => request(t.http);
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const book = async (body: object, token = user(), path = '/api/schedules') =>
    expectAnswer(scheduleSchema, await api().post(path).set(as(token)).send(body).expect(201));
  const refused = async (body: object, status: number, code: Parameters<typeof expectErrorAnswer>[1], token = user()) =>
    expectErrorAnswer(await api().post('/api/schedules').set(as(token)).send(body).expect(status), code);
  const settings = async (body: object, token = admin(), path = '/api/schedule-settings') =>
    expectAnswer(scheduleSettingsSchema, await api().post(path).set(as(token)).send(body).expect(200));
  const commands = (): EventEnvelope[] => t.events.filter((e) => e.type === messageSendRequested.type);
  const commandsOf = (scheduleId: number) =>
    commands()
      .map((e) => readEvent(messageSendRequested, e)!)
      .filter((c) => {
        const reference = readOutboundSendReference(c.reference);
        return reference?.kind === 'appointment' && reference.appointment === scheduleId;
      });
  /** The `outbound.schedule.saved` events of an appointment, oldest first, and the last one's appointment. */
  const savedOf = (scheduleId: number) =>
    t.events.map((e) => readEvent(scheduleSaved, e)).filter((saved) => saved?.schedule.id === scheduleId);
  const lastSaved = (scheduleId: number) => savedOf(scheduleId).at(-1)?.schedule;
  const get = async (id: number, token = user()) =>
    expectAnswer(scheduleSchema, await api().get(`/api/schedules/${id}`).set(as(token)).expect(200));
  const dispatch = async (companyId = A) => {
    const handed = await dispatcher.dispatchDue(companyId);
    await t.published();
    return handed;
  };
  const answer = async (
    command: { commandId: string; connectionId: number; reference: Record<string, string | number> | null },
    fail?: string,
  ) => {
    if (fail) {
      await t.publish(messageSendFailed, A, command.connectionId, {
        connectionId: command.connectionId,
        commandId: command.commandId,
        error: 'ERR_SENDING_WAPP_MSG',
        reason: fail,
        reference: command.reference,
      });
    } else {
      await t.publish(messageSent, A, command.connectionId, {
        connectionId: command.connectionId,
        commandId: command.commandId,
        messageId: `3EB0${command.commandId.replace(/-/g, '').slice(0, 16).toUpperCase()}`,
        reference: command.reference,
      });
    }
    await t.published();
  };
  /** Monday 2 March 2026, 09:00 in São Paulo (UTC-3, no daylight saving since 2019). */
  const monday = '2026-03-02T12:00:00Z';
  const base = { body: 'Sua consulta está confirmada', contactId: 100 };

  beforeAll(async () => {
    t = await startOutboundTestApp({ now: clock.now });
    dispatcher = t.app.get(AppointmentDispatcher);
    await t.publish(connectionUpdated, A, 10, { connection: connectionFixture(A, 10, { isDefault: true }) });
    await t.publish(connectionUpdated, A, 11, { connection: connectionFixture(A, 11) });
    await t.publish(connectionUpdated, B, 30, { connection: connectionFixture(B, 30, { isDefault: true }) });
    await t.publish(contactSaved, A, 'contact-100', { contact: contact(A, 100, 'Ana', '5511999998888'), created: true });
    await t.publish(contactSaved, A, 'contact-101', { contact: contact(A, 101, 'Bruno', '5511988887777'), created: true });
    await t.publish(contactSaved, B, 'contact-200', { contact: contact(B, 200, 'Carla', '5521977776666'), created: true });
    await t.published();
    await waitFor(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM outbound.contacts`))[0].n === 3, {
      what: 'contacts known to outbound',
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(() => {
    clock.set(monday);
  });

  it("refuses an appointment with the spec's texts: body at least 5, contact and time required, duration at least 5", async () => {
    expect((await refused({}, 400, 'ERR_VALIDATION')).fields).toEqual([
      { path: 'body', message: 'Obrigatório' },
      { path: 'contactId', message: 'Obrigatório' },
      { path: 'sendAt', message: 'Obrigatório' },
    ]);
    expect((await refused({ ...base, body: 'Oi', sendAt: '2026-03-03T10:00', duration: 4 }, 400, 'ERR_VALIDATION')).fields).toEqual([
      { path: 'body', message: 'Mensagem muito curta' },
      { path: 'duration', message: 'Duração mínima de 5 minutos' },
    ]);
    expect((await refused({ ...base, sendAt: 'amanhã às dez' }, 400, 'ERR_VALIDATION')).fields).toEqual([
      { path: 'sendAt', message: 'Data/hora inválida' },
    ]);
    expect((await refused({ ...base, sendAt: '2026-03-02T08:59' }, 400, 'ERR_VALIDATION')).fields).toEqual([
      { path: 'sendAt', message: 'A data/hora de envio deve ser no futuro' },
    ]);
  });

  it('books in the default calendar with 60 minutes, a wall time read in São Paulo, and announces it', async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-03T10:00', reminder1HourEnabled: true });
    expect(schedule).toMatchObject({
      body: 'Sua consulta está confirmada',
      contact: { id: 100, name: 'Ana', number: '5511999998888' },
      sendAt: '2026-03-03T13:00:00.000Z',
      duration: 60,
      status: 'PENDENTE',
      sentAt: null,
      userId: 2,
      WhatsappSenderId: null,
      reminders: [{ kind: '1h', at: '2026-03-03T12:00:00.000Z', status: 'PENDENTE', sentAt: null, errorReason: null }],
    });
    const { calendars } = expectAnswer(calendarListResponseSchema, await api().get('/api/calendars').set(as(user())).expect(200));
    expect(calendars[0]).toMatchObject({ isDefault: true, color: '#3498db', name: 'Calendário padrão', isActive: true });
    expect(schedule.calendarId).toBe(calendars[0]!.id);
    await t.published();
    expect(t.events.some((e) => readEvent(scheduleSaved, e)?.schedule.id === schedule.id && readEvent(scheduleSaved, e)?.created)).toBe(
      true,
    );
    const page = expectAnswer(
      schedulePageResponseSchema,
      await api().get('/api/schedules').query({ startDate: '2026-03-03T00:00', endDate: '2026-03-04T00:00' }).set(as(user())).expect(200),
    );
    expect(page.schedules.map((s) => s.id)).toContain(schedule.id);
    const found = expectAnswer(
      schedulePageResponseSchema,
      await api().get('/api/schedules').query({ searchParam: 'ANA' }).set(as(user())).expect(200),
    );
    expect(found.schedules.map((s) => s.id)).toContain(schedule.id);
    await api().delete(`/api/schedules/${schedule.id}`).set(as(user())).expect(200);
  });

  it("sends the message at sendAt through the default connection, once, with the contact's variables filled in, and records sentAt on the answer", async () => {
    // Decision 0040: {{variable}}, and the older {variable} still read.
    const schedule = await book({ ...base, body: 'Lembre de trazer os exames, {{primeiroNome}} ({numero})', sendAt: '2026-03-02T14:00' });
    await dispatch();
    clock.set('2026-03-02T16:59:59Z');
    await dispatch();
    expect(commandsOf(schedule.id)).toEqual([]);
    clock.set('2026-03-02T17:00:00Z');
    await dispatch();
    const [command, ...more] = commandsOf(schedule.id);
    expect(more).toEqual([]);
    expect(command).toMatchObject({
      connectionId: 10,
      to: '5511999998888',
      content: { type: 'text', body: 'Lembre de trazer os exames, Ana (5511999998888)' },
    });
    expect((await get(schedule.id)).status).toBe('ENVIANDO');
    // A second wake-up, or the same one run again, hands nothing more.
    await dispatch();
    expect(commandsOf(schedule.id)).toHaveLength(1);
    clock.set('2026-03-02T17:00:02Z');
    await answer(command!);
    const sent = await get(schedule.id);
    expect(sent).toMatchObject({ status: 'ENVIADA', sentAt: '2026-03-02T17:00:02.000Z', errorReason: null });
    expect(lastSaved(schedule.id)).toEqual(sent);
    // The same answer again changes nothing.
    clock.set('2026-03-02T17:30:00Z');
    await answer(command!);
    expect((await get(schedule.id)).sentAt).toBe('2026-03-02T17:00:02.000Z');
    // Sent: no more changes, no new attachment.
    const blocked = expectErrorAnswer(
      await api()
        .put(`/api/schedules/${schedule.id}`)
        .set(as(user()))
        .send({ ...base, sendAt: '2026-03-03T10:00' })
        .expect(409),
      'ERR_SCHEDULE_SENT',
    );
    expect(blocked.message).toBe('Agendamento já enviado não pode ser alterado');
    expectErrorAnswer(
      await api().post(`/api/schedules/${schedule.id}/media-upload`).set(as(user())).attach('file', png, 'foto.png').expect(409),
      'ERR_SCHEDULE_SENT',
    );
  });

  it('through a Cloud API connection the message goes as its template, filled from the contact; elsewhere the body as text', async () => {
    await t.publish(connectionUpdated, A, 12, { connection: connectionFixture(A, 12, { provider: 'cloud' }) });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM outbound.connections WHERE id = 12 AND provider = 'cloud'`)).length === 1,
      {
        what: 'the Cloud connection known',
      },
    );
    const template = {
      name: 'lembrete_consulta',
      language: 'pt_BR',
      headerParameters: [],
      bodyParameters: ['{{primeiroNome}}', 'Clínica Sul'],
    };
    const cloud = await book({ ...base, sendAt: '2026-03-02T16:00', WhatsappSenderId: 12, template });
    expect(cloud.template).toEqual(template);
    const baileys = await book({ ...base, contactId: 101, sendAt: '2026-03-02T17:00', WhatsappSenderId: 11, template });
    // another company's reader does not see it
    await api().get(`/api/schedules/${cloud.id}`).set(as(outsider())).expect(404);
    // an edit that leaves the template out (the web's dialog) keeps it; null removes it
    const edit = { ...base, sendAt: '2026-03-02T16:00', WhatsappSenderId: 12, extraInfo: 'retorno' };
    await api().put(`/api/schedules/${cloud.id}`).set(as(user())).send(edit).expect(200);
    expect((await get(cloud.id)).template).toEqual(template);
    await api()
      .put(`/api/schedules/${baileys.id}`)
      .set(as(user()))
      .send({ ...base, contactId: 101, sendAt: '2026-03-02T17:00', WhatsappSenderId: 11, template: null })
      .expect(200);
    expect((await get(baileys.id)).template).toBeNull();
    clock.set('2026-03-02T20:00:00Z');
    await dispatch();
    expect(commandsOf(cloud.id)).toHaveLength(1);
    expect(commandsOf(cloud.id)[0]).toMatchObject({
      connectionId: 12,
      to: '5511999998888',
      content: {
        type: 'template',
        name: 'lembrete_consulta',
        language: 'pt_BR',
        bodyParameters: ['Ana', 'Clínica Sul'],
        headerParameters: [],
      },
    });
    expect(commandsOf(baileys.id)[0]).toMatchObject({ connectionId: 11, content: { type: 'text', body: base.body } });
    for (const command of [...commandsOf(cloud.id), ...commandsOf(baileys.id)]) await answer(command);
    await api().delete(`/api/schedules/${cloud.id}`).set(as(user())).expect(200);
    await api().delete(`/api/schedules/${baileys.id}`).set(as(user())).expect(200);
  });

  it('a failed send becomes ERRO with its reason; saved again, it goes out as a new command', async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-02T15:00', WhatsappSenderId: 11 });
    clock.set('2026-03-02T18:00:00Z');
    await dispatch();
    const [first] = commandsOf(schedule.id);
    expect(first!.connectionId).toBe(11);
    await answer(first!, 'not on WhatsApp');
    expect(await get(schedule.id)).toMatchObject({ status: 'ERRO', errorReason: 'not on WhatsApp', sentAt: null });
    expect(lastSaved(schedule.id)).toMatchObject({ status: 'ERRO', errorReason: 'not on WhatsApp', sentAt: null });
    const again = expectAnswer(
      scheduleSchema,
      await api()
        .put(`/api/schedules/${schedule.id}`)
        .set(as(user()))
        .send({ ...base, sendAt: '2026-03-02T16:00', WhatsappSenderId: 11 })
        .expect(200),
    );
    expect(again).toMatchObject({ status: 'PENDENTE', errorReason: null });
    clock.set('2026-03-02T19:00:00Z');
    await dispatch();
    const second = commandsOf(schedule.id)[1]!;
    expect(second.commandId).not.toBe(first!.commandId);
    // A late answer to the first command does not settle the second.
    await answer(first!);
    expect((await get(schedule.id)).status).toBe('ENVIANDO');
    await answer(second);
    expect((await get(schedule.id)).status).toBe('ENVIADA');
  });

  it('each enabled reminder goes out at its time before the appointment, in Portuguese with the local time', async () => {
    const service = expectAnswer(
      serviceSchema,
      await api().post('/api/services').set(as(admin())).send({ name: 'Limpeza de pele', price: 120, duration: 60 }).expect(201),
    );
    const schedule = await book({
      ...base,
      serviceId: service.id,
      sendAt: '2026-03-04T10:00',
      reminder1DayEnabled: true,
      reminder3HoursEnabled: true,
      reminder1HourEnabled: true,
      reminder5MinutesEnabled: true,
    });
    expect(schedule.service).toEqual({ id: service.id, name: 'Limpeza de pele', price: 120, duration: 60 });
    expect(schedule.reminders.map((r) => [r.kind, r.at])).toEqual([
      ['1d', '2026-03-03T13:00:00.000Z'],
      ['3h', '2026-03-04T10:00:00.000Z'],
      ['1h', '2026-03-04T12:00:00.000Z'],
      ['5m', '2026-03-04T12:55:00.000Z'],
    ]);
    const texts = async (iso: string) => {
      clock.set(iso);
      await dispatch();
      return commandsOf(schedule.id).map((c) => (c.content.type === 'text' ? c.content.body : c.content.type));
    };
    expect(await texts('2026-03-03T12:59:59Z')).toEqual([]);
    expect(await texts('2026-03-03T13:00:00Z')).toEqual([
      'Olá, Ana! Lembrete: seu agendamento (Limpeza de pele) é quarta-feira, 04/03/2026 às 10:00 (em 1 dia).',
    ]);
    expect((await texts('2026-03-04T12:00:00Z')).length).toBe(3);
    expect((await texts('2026-03-04T12:55:00Z')).at(-1)).toBe(
      'Olá, Ana! Lembrete: seu agendamento (Limpeza de pele) é quarta-feira, 04/03/2026 às 10:00 (em 5 minutos).',
    );
    expect(await texts('2026-03-04T13:00:00Z')).toHaveLength(5);
    expect((await get(schedule.id)).reminders.map((r) => r.status)).toEqual(['ENVIANDO', 'ENVIANDO', 'ENVIANDO', 'ENVIANDO']);
    const [reminder, threeHours] = commandsOf(schedule.id);
    clock.set('2026-03-04T13:00:03Z');
    await answer(reminder!);
    const after = await get(schedule.id);
    expect(after.reminders[0]).toMatchObject({ kind: '1d', status: 'ENVIADA', sentAt: '2026-03-04T13:00:03.000Z' });
    // A reminder is not the message.
    expect(after.status).toBe('ENVIANDO');
    // Each settled reminder is announced live with the appointment as it now is.
    expect(lastSaved(schedule.id)).toEqual(after);
    await answer(threeHours!, 'Número não está no WhatsApp');
    const failed = lastSaved(schedule.id)!;
    expect(failed.reminders.slice(0, 2)).toMatchObject([
      { kind: '1d', status: 'ENVIADA' },
      { kind: '3h', status: 'ERRO', sentAt: null, errorReason: 'Número não está no WhatsApp' },
    ]);
    expect(failed).toEqual(await get(schedule.id));
    // The same answer again is not a change, and is not announced again.
    const announced = savedOf(schedule.id).length;
    await answer(threeHours!, 'Número não está no WhatsApp');
    expect(savedOf(schedule.id)).toHaveLength(announced);
  });

  it('a reminder that cannot go out (its contact deleted) fails at once as ERRO with its reason, announced live', async () => {
    await t.publish(contactSaved, A, 'contact-102', { contact: contact(A, 102, 'Dora', '5511977776666'), created: true });
    await t.published();
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.contacts WHERE id = 102`)).length === 1, {
      what: 'contact 102 known to outbound',
    });
    const schedule = await book({ ...base, contactId: 102, sendAt: '2026-03-05T10:00', reminder1HourEnabled: true });
    await t.publish(contactDeleted, A, 'contact-102', { contactId: 102 });
    await t.published();
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.contacts WHERE id = 102`)).length === 0, {
      what: 'contact 102 forgotten by outbound',
    });
    clock.set('2026-03-05T12:00:00Z');
    await dispatch();
    expect(commandsOf(schedule.id)).toEqual([]);
    const announced = lastSaved(schedule.id)!;
    expect(announced.reminders).toMatchObject([{ kind: '1h', status: 'ERRO', errorReason: 'Contato não encontrado' }]);
    expect(announced.status).toBe('PENDENTE');
    expect(announced).toEqual(await get(schedule.id));
  });

  it('a reminder whose time has passed when booking is not sent (IGNORADO)', async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-02T11:00', reminder1DayEnabled: true, reminder5MinutesEnabled: true });
    expect(schedule.reminders.map((r) => [r.kind, r.status])).toEqual([
      ['1d', 'IGNORADO'],
      ['5m', 'PENDENTE'],
    ]);
    clock.set('2026-03-02T14:00:00Z');
    await dispatch();
    expect(commandsOf(schedule.id)).toHaveLength(2);
  });

  it('refuses a time in a block, on a day off, outside the work hours or slots, or over another appointment, unless overlaps are allowed', async () => {
    const block = expectAnswer(
      scheduleBlockSchema,
      await api()
        .post('/api/schedule-blocks')
        .set(as(user()))
        .send({ title: 'Reunião de equipe', startDateTime: '2026-03-10T14:00', endDateTime: '2026-03-10T16:00' })
        .expect(201),
    );
    expect(block).toMatchObject({ color: '#ff5722', startDateTime: '2026-03-10T17:00:00.000Z', endDateTime: '2026-03-10T19:00:00.000Z' });
    const conflict = async (sendAt: string, duration = 60) =>
      (await refused({ ...base, contactId: 101, sendAt, duration }, 409, 'ERR_SCHEDULE_CONFLICT')).message;
    expect(await conflict('2026-03-10T15:00')).toBe('O horário está bloqueado: Reunião de equipe');
    expect(await conflict('2026-03-10T13:30')).toBe('O horário está bloqueado: Reunião de equipe');
    await book({ ...base, contactId: 101, sendAt: '2026-03-10T13:00' });
    expect(await conflict('2026-03-14T10:00')).toBe('Não há atendimento neste dia da semana');
    expect(await conflict('2026-03-11T07:00')).toBe('Fora do horário de atendimento (08:00 às 18:00)');
    expect(await conflict('2026-03-11T17:30')).toBe('Fora do horário de atendimento (08:00 às 18:00)');
    await book({ ...base, contactId: 101, sendAt: '2026-03-11T09:00' });
    expect(await conflict('2026-03-11T09:30')).toBe('Já existe um agendamento neste horário');
    // An all-day block takes the whole local day.
    const allDay = expectAnswer(
      scheduleBlockSchema,
      await api()
        .post('/api/schedule-blocks')
        .set(as(user()))
        .send({ title: 'Feriado', startDateTime: '2026-03-12T15:00', isAllDay: true })
        .expect(201),
    );
    expect([allDay.startDateTime, allDay.endDateTime]).toEqual(['2026-03-12T03:00:00.000Z', '2026-03-13T03:00:00.000Z']);
    expect(await conflict('2026-03-12T08:00')).toBe('O horário está bloqueado: Feriado');
    const { scheduleBlocks } = expectAnswer(
      scheduleBlockListResponseSchema,
      await api()
        .get('/api/schedule-blocks')
        .query({ startDate: '2026-03-12T00:00', endDate: '2026-03-13T00:00' })
        .set(as(user()))
        .expect(200),
    );
    expect(scheduleBlocks.map((b) => b.title)).toEqual(['Feriado']);
    // Slots: Wednesday only in the morning; then the whole day toggled off.
    const current = expectAnswer(scheduleSettingsSchema, await api().get('/api/schedule-settings').set(as(user())).expect(200));
    const wednesday = current.timeSlots.find((slot) => slot.dayOfWeek === 3)!;
    await settings({
      ...current,
      timeSlots: current.timeSlots.map((slot) => (slot.id === wednesday.id ? { ...slot, endTime: '12:00' } : slot)),
    });
    expect(await conflict('2026-03-11T13:00')).toBe('Fora dos horários disponíveis deste dia');
    await settings({ ...current, timeSlots: current.timeSlots.map((slot) => (slot.dayOfWeek === 3 ? { ...slot, enabled: false } : slot)) });
    expect(await conflict('2026-03-11T10:00')).toBe('Fora dos horários disponíveis deste dia');
    // Overlaps allowed: every one of these is booked.
    await settings({ ...current, allowOverlaps: true });
    for (const sendAt of ['2026-03-10T15:00', '2026-03-14T10:00', '2026-03-11T07:00', '2026-03-11T09:30', '2026-03-12T08:00']) {
      await book({ ...base, contactId: 101, sendAt });
    }
    await settings({ ...current, allowOverlaps: false });
  });

  it("blocks: title required, end after start (the spec's texts); changed and deleted", async () => {
    const post = (body: object) => api().post('/api/schedule-blocks').set(as(user())).send(body);
    expect(
      expectErrorAnswer(await post({ startDateTime: '2026-03-20T09:00', endDateTime: '2026-03-20T17:00' }).expect(400)).fields,
    ).toEqual([{ path: 'title', message: 'Título é obrigatório' }]);
    const backwards = expectErrorAnswer(
      await post({ title: 'Almoço', startDateTime: '2026-03-20T13:00', endDateTime: '2026-03-20T12:00' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(backwards.fields).toEqual([{ path: 'endDateTime', message: 'Data/hora de fim deve ser posterior ao início' }]);
    const block = expectAnswer(
      scheduleBlockSchema,
      await post({
        title: 'Almoço',
        startDateTime: '2026-03-20T12:00',
        endDateTime: '2026-03-20T13:00',
        reason: '',
        color: '#00AA00',
      }).expect(201),
    );
    expect(block).toMatchObject({ reason: null, color: '#00aa00', isAllDay: false, userId: 2 });
    const changed = expectAnswer(
      scheduleBlockSchema,
      await api()
        .put(`/api/schedule-blocks/${block.id}`)
        .set(as(user()))
        .send({ title: 'Almoço longo', startDateTime: '2026-03-20T12:00', endDateTime: '2026-03-20T14:00' })
        .expect(200),
    );
    expect(changed.endDateTime).toBe('2026-03-20T17:00:00.000Z');
    await api().delete(`/api/schedule-blocks/${block.id}`).set(as(user())).expect(200);
    await t.published();
    expect(t.events.filter((e) => readEvent(schedulesChanged, e)?.scope === 'blocks').length).toBeGreaterThanOrEqual(3);
  });

  it("blocks are edited with PUT under the rules of a new one: the spec's texts, all day, #ff5722 by default; announced", async () => {
    const put = (id: number, body: object) => api().put(`/api/schedule-blocks/${id}`).set(as(user())).send(body);
    const block = expectAnswer(
      scheduleBlockSchema,
      await api()
        .post('/api/schedule-blocks')
        .set(as(user()))
        .send({ title: 'Curso', startDateTime: '2026-03-23T09:00', endDateTime: '2026-03-23T11:00', color: '#2ecc71', reason: 'Interno' })
        .expect(201),
    );
    expect(
      expectErrorAnswer(await put(block.id, { title: ' ', startDateTime: '2026-03-23T09:00', endDateTime: '2026-03-23T11:00' }).expect(400))
        .fields,
    ).toEqual([{ path: 'title', message: 'Título é obrigatório' }]);
    expect(expectErrorAnswer(await put(block.id, { startDateTime: '2026-03-23T09:00' }).expect(400), 'ERR_VALIDATION').fields).toEqual([
      { path: 'title', message: 'Título é obrigatório' },
      { path: 'endDateTime', message: 'Obrigatório' },
    ]);
    const backwards = expectErrorAnswer(
      await put(block.id, { title: 'Curso', startDateTime: '2026-03-23T11:00', endDateTime: '2026-03-23T11:00' }).expect(400),
      'ERR_VALIDATION',
    );
    expect(backwards.fields).toEqual([{ path: 'endDateTime', message: 'Data/hora de fim deve ser posterior ao início' }]);
    // Refused edits changed nothing.
    const listed = async () =>
      expectAnswer(
        scheduleBlockListResponseSchema,
        await api()
          .get('/api/schedule-blocks')
          .query({ startDate: '2026-03-23T00:00', endDate: '2026-03-24T00:00' })
          .set(as(user()))
          .expect(200),
      ).scheduleBlocks.find((b) => b.id === block.id);
    expect(await listed()).toEqual(block);
    const before = t.events.filter((e) => readEvent(schedulesChanged, e)?.scope === 'blocks').length;
    // An all-day edit takes the whole local day; the colour left out is the default again.
    const allDay = expectAnswer(
      scheduleBlockSchema,
      await put(block.id, { title: 'Curso externo', startDateTime: '2026-03-23T15:00', isAllDay: true }).expect(200),
    );
    expect(allDay).toMatchObject({
      id: block.id,
      title: 'Curso externo',
      startDateTime: '2026-03-23T03:00:00.000Z',
      endDateTime: '2026-03-24T03:00:00.000Z',
      isAllDay: true,
      reason: null,
      color: '#ff5722',
      userId: 2,
      createdAt: block.createdAt,
    });
    expect(await listed()).toEqual(allDay);
    expect((await refused({ ...base, contactId: 101, sendAt: '2026-03-23T16:00' }, 409, 'ERR_SCHEDULE_CONFLICT')).message).toBe(
      'O horário está bloqueado: Curso externo',
    );
    await t.published();
    expect(t.events.filter((e) => readEvent(schedulesChanged, e)?.scope === 'blocks').length).toBe(before + 1);
    expectErrorAnswer(
      await put(999_999, { title: 'X', startDateTime: '2026-03-23T09:00', endDateTime: '2026-03-23T10:00' }).expect(404),
      'ERR_NOT_FOUND',
    );
    await api().delete(`/api/schedule-blocks/${block.id}`).set(as(user())).expect(200);
  });

  it("calendars: name required, palette colour by default, the default cannot be deleted, a deleted one's appointments move to the default", async () => {
    expect(expectErrorAnswer(await api().post('/api/calendars').set(as(user())).send({ name: ' ' }).expect(400)).fields).toEqual([
      { path: 'name', message: 'Nome do calendário é obrigatório' },
    ]);
    const team = expectAnswer(
      calendarSchema,
      await api().post('/api/calendars').set(as(user())).send({ name: 'Equipe B', description: '' }).expect(201),
    );
    expect(team).toMatchObject({ color: '#3498db', isDefault: false, isActive: true, description: null });
    const inTeam = await book({ ...base, contactId: 101, sendAt: '2026-03-16T10:00' }, user(), `/api/calendars/${team.id}/schedules`);
    expect(inTeam.calendarId).toBe(team.id);
    const listed = expectAnswer(
      schedulePageResponseSchema,
      await api().get(`/api/calendars/${team.id}/schedules`).set(as(user())).expect(200),
    );
    expect(listed.schedules.map((s) => s.id)).toEqual([inTeam.id]);
    const inactive = expectAnswer(
      calendarSchema,
      await api()
        .put(`/api/calendars/${team.id}`)
        .set(as(user()))
        .send({ name: 'Equipe B', color: '#e74c3c', isActive: false })
        .expect(200),
    );
    expect(inactive).toMatchObject({ isActive: false, color: '#e74c3c' });
    const { calendars } = expectAnswer(calendarListResponseSchema, await api().get('/api/calendars').set(as(user())).expect(200));
    const fallback = calendars.find((c) => c.isDefault)!;
    const refusedDelete = expectErrorAnswer(
      await api().delete(`/api/calendars/${fallback.id}`).set(as(user())).expect(400),
      'ERR_DEFAULT_CALENDAR',
    );
    expect(refusedDelete.message).toBe('Não é possível deletar o calendário padrão');
    expect(expectAnswer(calendarDeleteResponseSchema, await api().delete(`/api/calendars/${team.id}`).set(as(user())).expect(200))).toEqual(
      {
        message: 'Calendar deleted',
      },
    );
    expect((await get(inTeam.id)).calendarId).toBe(fallback.id);
    // Making another calendar the default moves the mark.
    const main = expectAnswer(
      calendarSchema,
      await api().post('/api/calendars').set(as(user())).send({ name: 'Principal', isDefault: true }).expect(201),
    );
    const after = expectAnswer(calendarListResponseSchema, await api().get('/api/calendars').set(as(user())).expect(200)).calendars;
    expect(after.filter((c) => c.isDefault).map((c) => c.id)).toEqual([main.id]);
    await api().put(`/api/calendars/${fallback.id}`).set(as(user())).send({ name: fallback.name, isDefault: true }).expect(200);
  });

  it('settings: defaults, a new slot 09:00 to 17:00, a day keeps its single slot, a calendar inherits until it has its own', async () => {
    const company = 5;
    const admin5 = t.token({ userId: 50, companyId: company, profile: 'admin', plan: [...plan] });
    const defaults = expectAnswer(scheduleSettingsSchema, await api().get('/api/schedule-settings').set(as(admin5)).expect(200));
    expect(defaults).toMatchObject({
      calendarId: null,
      inherited: false,
      allowOverlaps: false,
      activeDays: [1, 2, 3, 4, 5],
      workHoursStart: '08:00',
      workHoursEnd: '18:00',
      timeZone: 'America/Sao_Paulo',
    });
    expect(defaults.timeSlots.map((slot) => [slot.dayOfWeek, slot.enabled, slot.startTime, slot.endTime])).toEqual([
      [0, false, '08:00', '18:00'],
      [1, true, '08:00', '18:00'],
      [2, true, '08:00', '18:00'],
      [3, true, '08:00', '18:00'],
      [4, true, '08:00', '18:00'],
      [5, true, '08:00', '18:00'],
      [6, false, '08:00', '18:00'],
    ]);
    const added = await settings({ ...defaults, timeSlots: [...defaults.timeSlots, { dayOfWeek: 1 }] }, admin5);
    expect(added.timeSlots.filter((slot) => slot.dayOfWeek === 1).map((slot) => [slot.startTime, slot.endTime])).toEqual([
      ['08:00', '18:00'],
      ['09:00', '17:00'],
    ]);
    // Monday has two: one may go; Sunday's single slot may not.
    const monday1 = added.timeSlots.find((slot) => slot.dayOfWeek === 1)!;
    const fewer = await settings({ ...added, timeSlots: added.timeSlots.filter((slot) => slot.id !== monday1.id) }, admin5);
    expect(fewer.timeSlots.filter((slot) => slot.dayOfWeek === 1)).toHaveLength(1);
    const lastSlot = expectErrorAnswer(
      await api()
        .post('/api/schedule-settings')
        .set(as(admin5))
        .send({ ...fewer, timeSlots: fewer.timeSlots.filter((slot) => slot.dayOfWeek !== 0) })
        .expect(400),
      'ERR_VALIDATION',
    );
    expect(lastSlot.fields).toEqual([{ path: 'timeSlots', message: 'Não é possível excluir o único horário do dia' }]);
    const invalid = expectErrorAnswer(
      await api()
        .post('/api/schedule-settings')
        .set(as(admin5))
        .send({ workHoursStart: '8h', workHoursEnd: '07:00', timeZone: 'Lua/Base' })
        .expect(400),
    );
    // The zone is no longer the schedule settings' own (decision 0037): a sent one is not even read.
    expect(invalid.fields).toEqual([{ path: 'workHoursStart', message: 'Horário inválido (HH:mm, de 5 em 5 minutos)' }]);
    const calendar = expectAnswer(calendarSchema, await api().post('/api/calendars').set(as(admin5)).send({ name: 'Sala 2' }).expect(201));
    const path = `/api/calendars/${calendar.id}/schedule-settings`;
    const inherited = expectAnswer(scheduleSettingsSchema, await api().get(path).set(as(admin5)).expect(200));
    expect(inherited).toMatchObject({ calendarId: calendar.id, inherited: true, workHoursStart: '08:00' });
    const own = await settings({ ...inherited, workHoursStart: '10:00' }, admin5, path);
    expect(own).toMatchObject({ calendarId: calendar.id, inherited: false, workHoursStart: '10:00' });
    expect(own.timeSlots).toHaveLength(7);
    expect(own.timeSlots.map((slot) => slot.id)).not.toContain(inherited.timeSlots[0]!.id);
    expect(expectAnswer(scheduleSettingsSchema, await api().get('/api/schedule-settings').set(as(admin5)).expect(200)).workHoursStart).toBe(
      '08:00',
    );
  });

  it('time zones: a wall time is read with the offset of its own day, across a daylight-saving change (New York, 2026)', async () => {
    const company = 6;
    const admin6 = t.token({ userId: 60, companyId: company, profile: 'admin', plan: [...plan] });
    await t.publish(contactSaved, company, 'contact-600', { contact: contact(company, 600, 'Dana', '12125550123'), created: true });
    await t.publish(connectionUpdated, company, 60, { connection: connectionFixture(company, 60, { isDefault: true }) });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.contacts WHERE id = 600`)).length === 1, {
      what: 'contact 600',
    });
    // The company's zone is identity's setting, as its event tells; the schedule settings only show it.
    await t.publish(settingUpdated, company, `${company}:timezone`, { companyId: company, key: 'timezone', value: 'America/New_York' });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM outbound.company_settings WHERE company_id = $1 AND key = 'timezone'`, [company]))
          .length === 1,
      { what: "company 6's zone known" },
    );
    const current = expectAnswer(scheduleSettingsSchema, await api().get('/api/schedule-settings').set(as(admin6)).expect(200));
    expect(current.timeZone).toBe('America/New_York');
    // An older client's zone in the body changes nothing; another company's schedules stay in São Paulo.
    expect((await settings({ ...current, timeZone: 'Asia/Tokyo' }, admin6)).timeZone).toBe('America/New_York');
    expect(expectAnswer(scheduleSettingsSchema, await api().get('/api/schedule-settings').set(as(admin())).expect(200)).timeZone).toBe(
      'America/Sao_Paulo',
    );
    clock.set('2026-03-05T12:00:00Z');
    const post = (sendAt: string, extra: object = {}) => book({ body: 'Consulta marcada', contactId: 600, sendAt, ...extra }, admin6);
    // Friday 6 March: EST (UTC-5); Monday 9 March: EDT (UTC-4), clocks went forward on Sunday 8 March.
    expect((await post('2026-03-06T10:00')).sendAt).toBe('2026-03-06T15:00:00.000Z');
    const afterChange = await post('2026-03-09T10:00', { reminder1DayEnabled: true });
    expect(afterChange.sendAt).toBe('2026-03-09T14:00:00.000Z');
    // 24 hours before: Sunday 8 March 10:00 EDT, already on the new offset.
    expect(afterChange.reminders[0]!.at).toBe('2026-03-08T14:00:00.000Z');
    // Work hours are the local 08:00 to 18:00 of each day, before and after the change.
    expect(
      (await refused({ body: 'Consulta marcada', contactId: 600, sendAt: '2026-03-09T07:30' }, 409, 'ERR_SCHEDULE_CONFLICT', admin6))
        .message,
    ).toBe('Fora do horário de atendimento (08:00 às 18:00)');
    expect((await post('2026-03-09T17:00')).sendAt).toBe('2026-03-09T21:00:00.000Z');
    // An all-day block on the day of the change is 23 hours long.
    const block = expectAnswer(
      scheduleBlockSchema,
      await api()
        .post('/api/schedule-blocks')
        .set(as(admin6))
        .send({ title: 'Fechado', startDateTime: '2026-03-08T12:00', isAllDay: true })
        .expect(201),
    );
    expect([block.startDateTime, block.endDateTime]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
    clock.set('2026-03-08T14:00:00Z');
    await dispatch(company);
    const reminder = commandsOf(afterChange.id)[0]!;
    expect(reminder.content).toEqual({
      type: 'text',
      body: 'Olá, Dana! Lembrete: seu agendamento é segunda-feira, 09/03/2026 às 10:00 (em 1 dia).',
    });
    expect(reminder.connectionId).toBe(60);
  });

  it("time zones: Brazil's historical daylight saving (São Paulo, November 2018)", async () => {
    const company = 7;
    const admin7 = t.token({ userId: 70, companyId: company, profile: 'admin', plan: [...plan] });
    await t.publish(contactSaved, company, 'contact-700', { contact: contact(company, 700, 'Eva', '5511977776666'), created: true });
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM outbound.contacts WHERE id = 700`)).length === 1, {
      what: 'contact 700',
    });
    clock.set('2018-10-30T12:00:00Z');
    const post = (sendAt: string) => book({ body: 'Consulta marcada', contactId: 700, sendAt }, admin7);
    // Thursday 1 November: BRT (UTC-3); daylight saving began at midnight on Sunday 4 November (UTC-2).
    expect((await post('2018-11-01T10:00')).sendAt).toBe('2018-11-01T13:00:00.000Z');
    expect((await post('2018-11-05T10:00')).sendAt).toBe('2018-11-05T12:00:00.000Z');
    // The 4th began at 01:00 (midnight did not exist): its all-day block is 23 hours.
    const block = expectAnswer(
      scheduleBlockSchema,
      await api()
        .post('/api/schedule-blocks')
        .set(as(admin7))
        .send({ title: 'Domingo', startDateTime: '2018-11-04T12:00', isAllDay: true })
        .expect(201),
    );
    expect([block.startDateTime, block.endDateTime]).toEqual(['2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z']);
  });

  it('an attachment: one file (its type from its bytes), sent with the body as its caption; removed on DELETE', async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-02T17:00', duration: 30 });
    const withFile = expectAnswer(
      scheduleSchema,
      await api().post(`/api/schedules/${schedule.id}/media-upload`).set(as(user())).attach('file', png, 'exame.png').expect(201),
    );
    expect(withFile.mediaName).toBe('exame.png');
    expect(withFile.mediaPath).toMatch(/^\/api\/whatsapp-media\/companies\/1\/outbound\/schedules\//);
    expectErrorAnswer(
      await api()
        .post(`/api/schedules/${schedule.id}/media-upload`)
        .set(as(user()))
        .attach('file', Buffer.from('not an image'), 'exame.png')
        .expect(400),
    );
    expectErrorAnswer(await api().post(`/api/schedules/${schedule.id}/media-upload`).set(as(user())).expect(400), 'ERR_VALIDATION');
    clock.set('2026-03-02T20:00:00Z');
    await dispatch();
    expect(commandsOf(schedule.id)[0]!.content).toMatchObject({
      type: 'media',
      mediaType: 'image',
      mediaUrl: withFile.mediaPath,
      caption: 'Sua consulta está confirmada',
    });
    const other = await book({ ...base, sendAt: '2026-03-02T17:30', duration: 30 });
    await api().post(`/api/schedules/${other.id}/media-upload`).set(as(user())).attach('file', png, 'a.png').expect(201);
    const without = expectAnswer(scheduleSchema, await api().delete(`/api/schedules/${other.id}/media-upload`).set(as(user())).expect(200));
    expect([without.mediaPath, without.mediaName]).toEqual([null, null]);
  });

  it('crash reconciliation: a dispatch that dies before its commit sends nothing; run again, each send goes once with its own command id', async () => {
    // The test dispatches by hand, alone: the pg-boss wake-ups of these sends are a year ahead of the
    // real clock, the minute's sweep is held, and the wake-ups earlier tests left (due at once, since
    // their dates are behind the real clock) are dropped and let finish, as a worker running one
    // would dispatch these sends beside the test by the same fixed clock.
    const sweep = jest.spyOn(dispatcher, 'sweep').mockResolvedValue(undefined);
    await t.dataSource.query(`DELETE FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')`, [APPOINTMENT_DISPATCH_QUEUE]);
    await waitFor(
      async () =>
        (
          await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'active'`, [
            APPOINTMENT_DISPATCH_QUEUE,
          ])
        )[0].n === 0,
      { what: 'no wake-up running' },
    );
    const ids: number[] = [];
    for (const minute of ['00', '05', '10']) {
      ids.push((await book({ ...base, contactId: 101, sendAt: `2027-03-17T15:${minute}`, duration: 5 })).id);
    }
    clock.set('2027-03-17T18:30:00Z');
    // The batch has written its commands to the outbox and dies before marking its sends.
    const repository = t.app.get(AppointmentRepository);
    const spy = jest.spyOn(repository, 'markSending').mockRejectedValueOnce(new Error('the process died here'));
    try {
      await expect(dispatcher.dispatchDue(A)).rejects.toThrow('the process died here');
    } finally {
      spy.mockRestore();
    }
    await t.published();
    expect(ids.flatMap(commandsOf)).toEqual([]);
    for (const id of ids) expect((await get(id)).status).toBe('PENDENTE');
    await dispatch();
    await dispatch();
    const sent = ids.map(commandsOf);
    expect(sent.map((list) => list.length)).toEqual([1, 1, 1]);
    const rows: { id: number; generation: number; schedule_id: number }[] = await t.dataSource.query(
      `SELECT id, generation, schedule_id FROM outbound.schedule_sends WHERE schedule_id = ANY($1) AND kind = 'message' ORDER BY schedule_id`,
      [ids],
    );
    expect(sent.map((list) => list[0]!.commandId)).toEqual(rows.map((row) => sendCommandId(row.id, row.generation)));
    // The answers, delivered twice, settle each once.
    for (const [command] of sent) {
      await answer(command!);
      await answer(command!);
    }
    for (const id of ids) expect((await get(id)).status).toBe('ENVIADA');
    sweep.mockRestore();
  });

  it('sends on pg-boss at the real time, with no call from the test', async () => {
    clock.fixed = null;
    try {
      const current = expectAnswer(scheduleSettingsSchema, await api().get('/api/schedule-settings').set(as(admin())).expect(200));
      await settings({ ...current, allowOverlaps: true });
      const soon = new Date(Date.now() + 2_000).toISOString();
      const schedule = await book({ ...base, sendAt: soon });
      await waitFor(async () => commandsOf(schedule.id).length === 1, { what: 'the message sent by its job', timeoutMs: 15_000 });
      await settings({ ...current, allowOverlaps: false });
    } finally {
      clock.set(monday);
    }
  });

  it('an appointment is deleted with its pending sends, and announced', async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-18T10:00', reminder1HourEnabled: true });
    expect(
      expectAnswer(scheduleDeleteResponseSchema, await api().delete(`/api/schedules/${schedule.id}`).set(as(user())).expect(200)),
    ).toEqual({
      message: 'Schedule deleted',
    });
    expectErrorAnswer(await api().get(`/api/schedules/${schedule.id}`).set(as(user())).expect(404), 'ERR_NOT_FOUND');
    clock.set('2026-03-18T14:00:00Z');
    await dispatch();
    expect(commandsOf(schedule.id)).toEqual([]);
    expect(t.events.some((e) => readEvent(scheduleDeleted, e)?.scheduleId === schedule.id)).toBe(true);
  });

  it('GET /services/list gives the whole catalogue, by name, to every user', async () => {
    for (const name of ['Zumba', 'Acupuntura']) {
      await api().post('/api/services').set(as(admin())).send({ name, price: 10, duration: 30 }).expect(201);
    }
    const { services } = expectAnswer(serviceListResponseSchema, await api().get('/api/services/list').set(as(user())).expect(200));
    const names = services.map((s) => s.name);
    expect(names.indexOf('Acupuntura')).toBeLessThan(names.indexOf('Zumba'));
    expect(services.every((s) => s.companyId === A)).toBe(true);
  });

  it('needs the plan flag useSchedules on every schedules endpoint', async () => {
    for (const [method, path] of [
      ['get', '/api/schedules'],
      ['post', '/api/schedules'],
      ['get', '/api/calendars'],
      ['get', '/api/schedule-blocks'],
      ['get', '/api/schedule-settings'],
      ['post', '/api/schedule-settings'],
    ] as const) {
      expectErrorAnswer(await api()[method](path).set(as(noPlan())).send({}).expect(403), 'ERR_PLAN_FEATURE_DISABLED');
    }
  });

  it("another company's user gets 404 for every id of the company, and never sees its appointments", async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-19T10:00' });
    const calendar = expectAnswer(calendarSchema, await api().post('/api/calendars').set(as(user())).send({ name: 'Privado' }).expect(201));
    const block = expectAnswer(
      scheduleBlockSchema,
      await api()
        .post('/api/schedule-blocks')
        .set(as(user()))
        .send({ title: 'Treino', startDateTime: '2026-03-25T09:00', endDateTime: '2026-03-25T10:00' })
        .expect(201),
    );
    const b = outsider();
    const body = { body: 'Mensagem de outra empresa', contactId: 200, sendAt: '2026-03-19T11:00' };
    const notFound: [string, string, object?][] = [
      ['get', `/api/schedules/${schedule.id}`],
      ['put', `/api/schedules/${schedule.id}`, body],
      ['delete', `/api/schedules/${schedule.id}`],
      ['delete', `/api/schedules/${schedule.id}/media-upload`],
      ['put', `/api/calendars/${calendar.id}`, { name: 'Meu' }],
      ['delete', `/api/calendars/${calendar.id}`],
      ['get', `/api/calendars/${calendar.id}/schedules`],
      ['post', `/api/calendars/${calendar.id}/schedules`, body],
      ['put', `/api/calendars/${calendar.id}/schedules/${schedule.id}`, body],
      ['get', `/api/calendars/${calendar.id}/schedule-settings`],
      ['post', `/api/calendars/${calendar.id}/schedule-settings`, {}],
      ['put', `/api/schedule-blocks/${block.id}`, { title: 'X', startDateTime: '2026-03-25T09:00', endDateTime: '2026-03-25T10:00' }],
      ['delete', `/api/schedule-blocks/${block.id}`],
      ['get', `/api/schedule-blocks?calendarId=${calendar.id}`],
      [
        'post',
        '/api/schedule-blocks',
        { title: 'X', startDateTime: '2026-03-25T09:00', endDateTime: '2026-03-25T10:00', calendarId: calendar.id },
      ],
    ];
    for (const [method, path, payload] of notFound) {
      const answer = await (api() as unknown as Record<string, (p: string) => request.Test>)[method]!(path)
        .set(as(b))
        .send(payload ?? {});
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const upload = await api().post(`/api/schedules/${schedule.id}/media-upload`).set(as(b)).attach('file', png, 'x.png');
    expect(upload.status).toBe(404);
    // Company A's contact, service and connection named by B: not found.
    expectErrorAnswer(
      await api()
        .post('/api/schedules')
        .set(as(b))
        .send({ ...body, contactId: 100 })
        .expect(404),
      'ERR_NO_CONTACT_FOUND',
    );
    expectErrorAnswer(
      await api()
        .post('/api/schedules')
        .set(as(b))
        .send({ ...body, WhatsappSenderId: 10 })
        .expect(404),
      'ERR_NO_WAPP_FOUND',
    );
    const serviceOfA = (await api().get('/api/services/list').set(as(user()))).body.services[0].id as number;
    expectErrorAnswer(
      await api()
        .post('/api/schedules')
        .set(as(b))
        .send({ ...body, serviceId: serviceOfA })
        .expect(404),
      'ERR_NOT_FOUND',
    );
    const page = expectAnswer(schedulePageResponseSchema, await api().get('/api/schedules').set(as(b)).expect(200));
    expect(page.schedules.every((s) => s.companyId === B)).toBe(true);
    const blocks = expectAnswer(scheduleBlockListResponseSchema, await api().get('/api/schedule-blocks').set(as(b)).expect(200));
    expect(blocks.scheduleBlocks.map((x) => x.id)).not.toContain(block.id);
    const calendars = expectAnswer(calendarListResponseSchema, await api().get('/api/calendars').set(as(b)).expect(200));
    expect(calendars.calendars.map((c) => c.id)).not.toContain(calendar.id);
    // Untouched for its own company.
    expect((await get(schedule.id)).body).toBe(base.body);
    const own = expectAnswer(
      scheduleBlockListResponseSchema,
      await api()
        .get('/api/schedule-blocks')
        .query({ startDate: '2026-03-25T00:00', endDate: '2026-03-26T00:00' })
        .set(as(user()))
        .expect(200),
    );
    expect(own.scheduleBlocks.find((x) => x.id === block.id)).toEqual(block);
  });

  it("settles a send whose command carried the reference written before the typed contract ({service: 'outbound-schedules'})", async () => {
    const schedule = await book({ ...base, sendAt: '2026-03-20T10:00' });
    clock.set('2026-03-20T13:00:00Z');
    await dispatch();
    const [command] = commandsOf(schedule.id);
    expect(command!.reference).toEqual({ service: 'outbound', kind: 'appointment', send: expect.any(Number), appointment: schedule.id });
    // A command written by the previous release, answered after the upgrade.
    const legacy = { service: 'outbound-schedules', send: command!.reference!.send!, schedule: schedule.id };
    await answer({ ...command!, reference: legacy });
    expect(await get(schedule.id)).toMatchObject({ status: 'ENVIADA', sentAt: '2026-03-20T13:00:00.000Z' });
  });
});
