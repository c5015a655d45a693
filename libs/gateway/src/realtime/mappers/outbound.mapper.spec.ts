import { randomUUID } from 'node:crypto';

import {
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
});

describe('schedule socket events', () => {
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
    const company = { kind: 'company', companyId: 7 };
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
