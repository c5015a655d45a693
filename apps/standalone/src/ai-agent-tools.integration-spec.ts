import { randomBytes } from 'node:crypto';

import { AiModule } from '@app/ai';
import { FakeModelServer, type ModelBehaviour, type ModelRequest } from '@app/ai/testing';
import {
  agentSchema,
  connectionSchema,
  queueSchema,
  SCHEDULE_MESSAGES,
  schedulePageResponseSchema,
  serviceSchema,
  simulatorOutboundResponseSchema,
  ticketListResponseSchema,
  ticketSchema,
} from '@app/contracts';
import { ConversationsModule } from '@app/conversations';
import { OutboundModule } from '@app/outbound';
import { JOBS, type Jobs } from '@app/platform';
import { expectAnswer, waitFor } from '@app/platform/testing';
import { WhatsappModule } from '@app/whatsapp';
import { DataSource } from 'typeorm';

import { type ModulesTestApp, startModulesTestApp } from './testing/standalone-test-app';

jest.setTimeout(120_000);

const A = 21;
const B = 22;
const KEY = 'sk-proj-agent-tools-0000000000007777';

/** A day at least two days ahead that is a Monday, and the Sunday before it ('YYYY-MM-DD', UTC dates: São Paulo's days there). */
function nextMonday(): { monday: string; sunday: string } {
  const today = new Date();
  for (let ahead = 2; ; ahead++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + ahead));
    if (day.getUTCDay() === 1) {
      return { monday: day.toISOString().slice(0, 10), sunday: new Date(day.getTime() - 86_400_000).toISOString().slice(0, 10) };
    }
  }
}

/** What the tools answered in this request, oldest first, parsed. */
const toolResults = (received: ModelRequest) =>
  received.body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content) as Record<string, unknown>);
const lastCustomerText = (received: ModelRequest) =>
  received.body.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';

/**
 * An agent's tools end to end in one process (issue 23): the simulated phone's customer talks to an
 * agent with canSetTags and canSchedule; the model (a local server speaking OpenAI's protocol) calls
 * apply_tag, list_services, find_free_slots and book_appointment; the tag lands on the ticket, the
 * appointment in outbound's /schedules with its reminders, and a refused booking is answered as refused.
 */
describe("an agent's tools: tags and booking (simulator, real PostgreSQL)", () => {
  let services: ModulesTestApp;
  let model: FakeModelServer;
  const { monday, sunday } = nextMonday();
  const as = (companyId = A) => services.as(companyId, ['useOpenAi', 'useIntegrations', 'useSchedules'], companyId * 10);
  const api = () => services.api();
  let connectionId: number;
  let haircutId: number;
  let otherCompanysServiceId: number;

  const phone = async (customer: string) =>
    expectAnswer(
      simulatorOutboundResponseSchema,
      await api().get(`/api/simulator/connections/${connectionId}/outbound`).set(as()).expect(200),
    ).messages.filter((message) => message.to === customer && message.mediaType !== 'read');
  const answerOnPhone = async (customer: string) =>
    (
      await waitFor(async () => ((await phone(customer)).length > 0 ? phone(customer) : false), {
        what: "the agent's answer on the customer's phone",
        timeoutMs: 30_000,
      })
    )[0]!;
  const ticketOf = async (customer: string) => {
    const list = expectAnswer(ticketListResponseSchema, await api().get('/api/tickets').query({ showAll: 'true' }).set(as()).expect(200));
    return list.tickets.find((one) => one.contact.number === customer)!;
  };
  const customerWrites = (customer: string, body: string) =>
    api().post(`/api/simulator/connections/${connectionId}/inbound`).set(as()).send({ from: customer, body }).expect(200);
  const schedules = async () => expectAnswer(schedulePageResponseSchema, await api().get('/api/schedules').set(as()).expect(200)).schedules;

  beforeAll(async () => {
    model = await FakeModelServer.start();
    services = await startModulesTestApp(
      'ai_agent_tools',
      [
        WhatsappModule.forRoot({ simulatorEnabled: true, leaseTtlMs: 3_000 }),
        ConversationsModule.forRoot(),
        OutboundModule.forRoot(),
        AiModule.forRoot({ keysSecret: randomBytes(32).toString('hex'), providerBaseUrls: { openai: model.baseUrl } }),
      ],
      { platform: { outboundAllowedHosts: ['127.0.0.1'] } },
    );

    await api().post('/api/tags').set(as()).send({ name: 'Agendamento', color: '#22aa55' }).expect(201);
    haircutId = expectAnswer(
      serviceSchema,
      await api().post('/api/services').set(as()).send({ name: 'Corte de cabelo', price: 50, duration: 30 }).expect(201),
    ).id;
    otherCompanysServiceId = expectAnswer(
      serviceSchema,
      await api().post('/api/services').set(as(B)).send({ name: 'Serviço de outra empresa', price: 10, duration: 30 }).expect(201),
    ).id;
    const queue = expectAnswer(queueSchema, await api().post('/api/queue').set(as()).send({ name: 'Salão', color: '#aa3300' }).expect(201));
    const agent = expectAnswer(
      agentSchema,
      await api()
        .post('/api/agents')
        .set(as())
        .send({
          name: 'Bia',
          mode: 'template',
          companyName: 'Salão Azul',
          apiKey: KEY,
          questionnaireData: { businessType: 'Salão', businessDescription: 'Cortes e escovas', tone: 'amigavel', mainServices: 'Corte' },
          canSetTags: true,
          tagRules: [{ tag: 'Agendamento', condition: 'o cliente quer marcar um horário' }],
          canSchedule: true,
          schedulingInstructions: 'Ofereça o primeiro horário livre.',
        })
        .expect(201),
    );
    await api().put(`/api/queue/${queue.id}`).set(as()).send({ agentId: agent.id }).expect(200);
    connectionId = expectAnswer(
      connectionSchema,
      await api()
        .post('/api/whatsapp')
        .set(as())
        .send({ name: 'Salão', provider: 'simulator', queueIds: [queue.id], timeforagroup: 1 })
        .expect(201),
    ).id;
    await waitFor(async () => (await api().get(`/api/whatsapp/${connectionId}`).set(as())).body.status === 'qrcode', {
      what: 'the QR code',
    });
    await api().post(`/api/simulator/connections/${connectionId}/scan`).set(as()).send({}).expect(200);
  });

  afterAll(async () => {
    await services?.close();
    await model?.close();
  });

  it('applies its tag rule, offers the catalogue, finds free slots and books: the appointment is in /schedules with its reminders, the tag on the ticket', async () => {
    model.answerWith((received): ModelBehaviour => {
      const results = toolResults(received);
      const services = () => (results[1] as { services: { id: number; name: string }[] }).services;
      const slots = () => (results[2] as { slots: { start: string }[] }).slots;
      switch (results.length) {
        case 0:
          return { kind: 'tool', name: 'apply_tag', args: { tag: 'Agendamento' } };
        case 1:
          return { kind: 'tool', name: 'list_services', args: {} };
        case 2:
          return { kind: 'tool', name: 'find_free_slots', args: { serviceId: services()[0]!.id, fromDay: monday } };
        case 3:
          return { kind: 'tool', name: 'book_appointment', args: { serviceId: services()[0]!.id, start: slots()[0]!.start } };
        default: {
          const booked = results[3] as { ok: boolean; appointment?: { start: string; serviceName: string } };
          return {
            kind: 'reply',
            text: booked.ok ? `Agendado: ${booked.appointment!.serviceName} em ${booked.appointment!.start}` : 'Falhou',
          };
        }
      }
    });
    const customer = '5511955551001';
    await customerWrites(customer, 'Quero marcar um corte');
    const answer = await answerOnPhone(customer);
    expect(answer.body).toBe(`Agendado: Corte de cabelo em ${monday}T08:00`);

    // What the model saw: its tools, the catalogue, the slots of the default calendar's settings (Monday 08:00 on).
    const requests = model.requests.filter((one) => lastCustomerText(one) === 'Quero marcar um corte');
    expect(requests).toHaveLength(5);
    expect(requests[0]!.body.tools!.map((one) => one.function.name).sort()).toEqual(
      ['apply_tag', 'book_appointment', 'find_free_slots', 'list_services', 'transferir_para_humano'].sort(),
    );
    expect(requests[0]!.body.messages[0]!.content).toContain('- Agendamento: o cliente quer marcar um horário');
    const [, listed, found] = toolResults(requests[4]!);
    expect(listed).toMatchObject({
      ok: true,
      timeZone: 'America/Sao_Paulo',
      services: [{ id: haircutId, name: 'Corte de cabelo', duration: 30 }],
    });
    expect((found as { slots: { start: string; end: string }[] }).slots.slice(0, 2)).toEqual([
      { start: `${monday}T08:00`, end: `${monday}T08:30` },
      { start: `${monday}T08:30`, end: `${monday}T09:00` },
    ]);

    const ticket = await ticketOf(customer);
    const [appointment] = (await schedules()).filter((one) => one.contactId === ticket.contactId);
    expect(appointment).toMatchObject({ serviceId: haircutId, duration: 30, sendAt: `${monday}T11:00:00.000Z`, userId: null });
    expect(appointment!.extraInfo).toContain(`ticket #${ticket.id}`);
    expect(appointment!.reminders.map((reminder) => [reminder.kind, reminder.status]).sort()).toEqual([
      ['1d', 'PENDENTE'],
      ['1h', 'PENDENTE'],
    ]);
    await waitFor(
      async () =>
        expectAnswer(ticketSchema, await api().get(`/api/tickets/${ticket.id}`).set(as()).expect(200)).tags.some(
          (tag) => tag.name === 'Agendamento',
        ),
      { what: 'the tag on the ticket' },
    );
  });

  it("a refused booking is answered as refused: another company's service, a day off and a tag outside its rules change nothing", async () => {
    const before = (await schedules()).length;
    model.answerWith((received): ModelBehaviour => {
      const results = toolResults(received) as { ok: boolean; error?: string }[];
      switch (results.length) {
        case 0:
          return { kind: 'tool', name: 'apply_tag', args: { tag: 'VIP' } };
        case 1:
          return { kind: 'tool', name: 'book_appointment', args: { serviceId: otherCompanysServiceId, start: `${monday}T10:00` } };
        case 2:
          return { kind: 'tool', name: 'book_appointment', args: { serviceId: haircutId, start: `${sunday}T10:00` } };
        default:
          return { kind: 'reply', text: `Não consegui agendar: ${results.map((result) => result.error ?? 'ok').join(' | ')}` };
      }
    });
    const customer = '5511955551002';
    await customerWrites(customer, 'Me encaixa no domingo?');
    const answer = await answerOnPhone(customer);
    expect(answer.body).toBe(
      `Não consegui agendar: Esta etiqueta não está nas suas regras. | Service not found | ${SCHEDULE_MESSAGES.inactiveDay}`,
    );
    expect(await schedules()).toHaveLength(before);
    const ticket = await ticketOf(customer);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(expectAnswer(ticketSchema, await api().get(`/api/tickets/${ticket.id}`).set(as()).expect(200)).tags).toEqual([]);
  });
  it('a retried answer books nothing twice: the job answering the same message again gets the appointment it made', async () => {
    model.answerWith((received): ModelBehaviour => {
      const [booked] = toolResults(received) as { ok: boolean; alreadyBooked?: boolean; appointment?: { id: number; start: string } }[];
      if (!booked) return { kind: 'tool', name: 'book_appointment', args: { serviceId: haircutId, start: `${monday}T09:00` } };
      if (!booked.ok) return { kind: 'reply', text: 'Falhou' };
      return {
        kind: 'reply',
        text: `Agendado #${booked.appointment!.id} ${booked.appointment!.start}${booked.alreadyBooked ? ' (já feito)' : ''}`,
      };
    });
    const customer = '5511955551003';
    await customerWrites(customer, 'Pode ser às 9?');
    const first = await answerOnPhone(customer);
    const ticket = await ticketOf(customer);
    const booked = (await schedules()).filter((one) => one.contactId === ticket.contactId);
    expect(booked).toHaveLength(1);
    expect(first.body).toBe(`Agendado #${booked[0]!.id} ${monday}T09:00`);

    // The answer's last transaction lost (a crash after the booking, before the answer was kept): the
    // job runs again for the same customer message, and the model books again.
    const db = new DataSource({ type: 'postgres', url: services.databaseUrl });
    await db.initialize();
    try {
      await db.query(`UPDATE ai.conversations SET answered_through = 0 WHERE ticket_id = $1`, [ticket.id]);
    } finally {
      await db.destroy();
    }
    const jobs = services.app.get<Jobs>(JOBS);
    await jobs.schedule(null, 'ai-answer', { ticketId: ticket.id, companyId: A }, { singletonKey: `answer-${ticket.id}` });
    jobs.wake('ai-answer');
    await waitFor(async () => (await phone(customer)).length === 2, { what: 'the retried answer', timeoutMs: 30_000 });
    expect((await phone(customer)).map((message) => message.body)).toContain(`Agendado #${booked[0]!.id} ${monday}T09:00 (já feito)`);
    expect((await schedules()).filter((one) => one.contactId === ticket.contactId)).toHaveLength(1);
  });
});
