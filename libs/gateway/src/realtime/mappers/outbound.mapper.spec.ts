import { randomUUID } from 'node:crypto';

import {
  campaignDeleted,
  campaignProgressed,
  contactListItemsChanged,
  contactListSaved,
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
  fileListDeleted,
  scheduleDeleted,
  scheduleSaved,
  schedulesChanged,
} from '@app/contracts';

import { outboundSocketMapper } from './outbound.mapper';

const envelope = <D extends EventDefinition>(definition: D, companyId: number, payload: EventPayload<D>): EventEnvelope => ({
  id: randomUUID(),
  type: definition.type,
  version: definition.version,
  companyId,
  key: 'k',
  occurredAt: new Date().toISOString(),
  payload,
});
const at = new Date().toISOString();

describe('outbound socket events', () => {
  it("a contact list's events reach only the company's admins, on the spec's channel names", () => {
    const contactList = {
      id: 4,
      name: 'VIP',
      contactsCount: 1,
      validCount: 0,
      pendingCount: 1,
      companyId: 7,
      createdAt: at,
      updatedAt: at,
    };
    expect(outboundSocketMapper.map(envelope(contactListSaved, 7, { contactList, created: true }))).toEqual([
      {
        target: { kind: 'room', room: 'company:7:admins' },
        event: 'company-7-ContactList',
        payload: { action: 'create', record: contactList },
      },
    ]);
    expect(
      outboundSocketMapper
        .map(envelope(contactListItemsChanged, 7, { contactListId: 4, reason: 'checked' }))
        .map((emit) => [emit.target, emit.event]),
    ).toEqual([
      [{ kind: 'room', room: 'company:7:admins' }, 'company-7-ContactListItem'],
      [{ kind: 'room', room: 'company:7:admins' }, 'company-7-ContactListItem-4'],
    ]);
  });

  it("a file list's events reach the whole company on company-{id}-file", () => {
    expect(outboundSocketMapper.map(envelope(fileListDeleted, 7, { fileListId: 9 }))).toEqual([
      { target: { kind: 'company', companyId: 7 }, event: 'company-7-file', payload: { action: 'delete', fileId: 9 } },
    ]);
  });

  it("a campaign's events and progress reach only the company's admins on company-{id}-campaign", () => {
    expect(outboundSocketMapper.map(envelope(campaignDeleted, 7, { campaignId: 3 }))).toEqual([
      { target: { kind: 'room', room: 'company:7:admins' }, event: 'company-7-campaign', payload: { action: 'delete', id: 3 } },
    ]);
    const progress = {
      campaignId: 3,
      status: 'EM_ANDAMENTO' as const,
      validContacts: 10,
      recipients: 10,
      delivered: 4,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 1,
      outsideWindow: false,
      resumesAt: null,
      completedAt: null,
    };
    expect(outboundSocketMapper.map(envelope(campaignProgressed, 7, { progress }))).toEqual([
      { target: { kind: 'room', room: 'company:7:admins' }, event: 'company-7-campaign', payload: { action: 'progress', progress } },
    ]);
  });
});

describe('schedule socket events', () => {
  const company = { kind: 'company', companyId: 7 };
  const pending = {
    id: 5,
    body: 'Consulta amanhã',
    contactId: 3,
    contact: { id: 3, name: 'Ana', number: '5511999998888' },
    sendAt: '2026-03-04T13:00:00.000Z',
    sentAt: null,
    status: 'PENDENTE' as const,
    errorReason: null,
    WhatsappSenderId: null,
    template: null,
    duration: 60,
    serviceId: null,
    service: null,
    extraInfo: null,
    mediaPath: null,
    mediaName: null,
    reminder1DayEnabled: true,
    reminder3HoursEnabled: true,
    reminder1HourEnabled: false,
    reminder5MinutesEnabled: false,
    reminders: [
      { kind: '1d' as const, at: '2026-03-03T13:00:00.000Z', status: 'PENDENTE' as const, sentAt: null, errorReason: null },
      { kind: '3h' as const, at: '2026-03-04T10:00:00.000Z', status: 'PENDENTE' as const, sentAt: null, errorReason: null },
    ],
    userId: 1,
    calendarId: 2,
    companyId: 7,
    createdAt: at,
    updatedAt: at,
  };

  it("a settled send (a reminder sent, a reminder failed, the message sent) reaches the company as an update with the send's new state", () => {
    const reminderSent = {
      ...pending,
      reminders: [{ ...pending.reminders[0]!, status: 'ENVIADA' as const, sentAt: '2026-03-03T13:00:02.000Z' }, pending.reminders[1]!],
    };
    const reminderFailed = {
      ...reminderSent,
      reminders: [reminderSent.reminders[0]!, { ...pending.reminders[1]!, status: 'ERRO' as const, errorReason: 'Contato não encontrado' }],
    };
    const messageFailed = { ...reminderFailed, status: 'ERRO' as const, errorReason: 'Contato não encontrado' };
    const messageSent = { ...reminderFailed, status: 'ENVIADA' as const, sentAt: '2026-03-04T13:00:01.000Z' };
    for (const schedule of [reminderSent, reminderFailed, messageFailed, messageSent]) {
      expect(outboundSocketMapper.map(envelope(scheduleSaved, 7, { schedule, created: false }))).toEqual([
        { target: company, event: 'company-7-schedule', payload: { action: 'update', schedule } },
      ]);
    }
  });

  it("an event of another shape is not mapped to a schedule's channel", () => {
    const broken = envelope(scheduleSaved, 7, { schedule: pending, created: false });
    (broken.payload as { schedule: { reminders: unknown[] } }).schedule.reminders = [{ kind: '2d', status: 'ENVIADA' }];
    expect(() => outboundSocketMapper.map(broken)).toThrow();
  });

  it('reach the whole company on company-{id}-schedule with action create, update, delete or reload', () => {
    const schedule = {
      id: 5,
      body: 'Consulta amanhã',
      contactId: 3,
      contact: { id: 3, name: 'Ana', number: '5511999998888' },
      sendAt: at,
      sentAt: null,
      status: 'PENDENTE' as const,
      errorReason: null,
      WhatsappSenderId: null,
      template: null,
      duration: 60,
      serviceId: null,
      service: null,
      extraInfo: null,
      mediaPath: null,
      mediaName: null,
      reminder1DayEnabled: false,
      reminder3HoursEnabled: false,
      reminder1HourEnabled: false,
      reminder5MinutesEnabled: false,
      reminders: [],
      userId: 1,
      calendarId: 2,
      companyId: 7,
      createdAt: at,
      updatedAt: at,
    };
    expect(outboundSocketMapper.map(envelope(scheduleSaved, 7, { schedule, created: true }))).toEqual([
      { target: company, event: 'company-7-schedule', payload: { action: 'create', schedule } },
    ]);
    expect(outboundSocketMapper.map(envelope(scheduleSaved, 7, { schedule, created: false }))[0]?.payload).toEqual({
      action: 'update',
      schedule,
    });
    expect(outboundSocketMapper.map(envelope(scheduleDeleted, 7, { scheduleId: 5 }))).toEqual([
      { target: company, event: 'company-7-schedule', payload: { action: 'delete', scheduleId: 5 } },
    ]);
    expect(outboundSocketMapper.map(envelope(schedulesChanged, 7, { scope: 'blocks', calendarId: null }))).toEqual([
      { target: company, event: 'company-7-schedule', payload: { action: 'reload', scope: 'blocks' } },
    ]);
  });
});
