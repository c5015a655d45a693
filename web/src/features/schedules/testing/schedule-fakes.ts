import type { CalendarRecord, ScheduleBlockRecord, ScheduleRecord, ScheduleSettingsRecord, ServiceRecord } from '@app/contracts';

/** Answers of the schedules API as the contracts shape them, with overrides, for the feature's tests. */

const AT = '2026-11-20T12:00:00.000Z';

export function aSchedule(overrides: Partial<ScheduleRecord> = {}): ScheduleRecord {
  return {
    id: 1,
    body: 'Olá, sua massagem está confirmada',
    contactId: 5,
    contact: { id: 5, name: 'Ana Souza', number: '5511999998888' },
    sendAt: '2026-11-26T17:30:00.000Z',
    sentAt: null,
    status: 'PENDENTE',
    errorReason: null,
    WhatsappSenderId: null,
    duration: 60,
    serviceId: null,
    service: null,
    extraInfo: null,
    mediaPath: null,
    mediaName: null,
    template: null,
    reminder1DayEnabled: false,
    reminder3HoursEnabled: false,
    reminder1HourEnabled: false,
    reminder5MinutesEnabled: false,
    reminders: [],
    userId: 1,
    calendarId: null,
    companyId: 7,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aCalendar(overrides: Partial<CalendarRecord> = {}): CalendarRecord {
  return {
    id: 1,
    name: 'Calendário padrão',
    description: null,
    color: '#3498db',
    isDefault: true,
    isActive: true,
    companyId: 7,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aBlock(overrides: Partial<ScheduleBlockRecord> = {}): ScheduleBlockRecord {
  return {
    id: 1,
    title: 'Feriado',
    startDateTime: '2026-12-25T03:00:00.000Z',
    endDateTime: '2026-12-26T03:00:00.000Z',
    isAllDay: true,
    reason: null,
    color: '#ff5722',
    calendarId: null,
    userId: 1,
    companyId: 7,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function aService(overrides: Partial<ServiceRecord> = {}): ServiceRecord {
  return {
    id: 3,
    name: 'Massagem',
    description: null,
    price: 150.5,
    duration: 90,
    additionalInfo: null,
    companyId: 7,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** The company's settings as a first GET answers them: Monday to Friday, 08:00 to 18:00, one 09:00-17:00 slot a day. */
export function someSettings(overrides: Partial<ScheduleSettingsRecord> = {}): ScheduleSettingsRecord {
  return {
    calendarId: null,
    inherited: false,
    allowOverlaps: false,
    activeDays: [1, 2, 3, 4, 5],
    workHoursStart: '08:00',
    workHoursEnd: '18:00',
    timeZone: 'America/Sao_Paulo',
    timeSlots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      id: 100 + day,
      dayOfWeek: day,
      enabled: day >= 1 && day <= 5,
      startTime: '09:00',
      endTime: '17:00',
    })),
    ...overrides,
  };
}
