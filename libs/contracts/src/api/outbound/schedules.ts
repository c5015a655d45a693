import { z } from 'zod';

import { ID_MESSAGE, looseBoolean } from '../primitives';
import { outboundTemplateSchema } from './campaigns';
import { id, isoDateTime, pageNumber, searchParam } from './fields';
import { serviceSchema } from './services';

// ---------------------------------------------------------------------------------------------
// Schedules (spec 2): appointments and scheduled messages with reminders, calendars, blocks and
// the working-hour settings with their time slots. Times travel as ISO instants in UTC; a date
// and time written without an offset ('2026-12-01T14:30' or '2026-12-01 14:30:00') is read as a
// wall time of the company's time zone (the company setting `timezone`, America/Sao_Paulo by default).
// The external calendar integration is shown disabled by the web ('Funcionalidade do Google
// Calendar temporariamente desabilitada'): it has no routes here, and no call leaves the machine.
// ---------------------------------------------------------------------------------------------

/** Spec 2 sections 5 and 8; the ones marked "ours" are for rules the spec states without a text. */
export const SCHEDULE_MESSAGES = {
  required: 'Obrigatório',
  bodyTooShort: 'Mensagem muito curta',
  durationMin: 'Duração mínima de 5 minutos',
  blockTitleRequired: 'Título é obrigatório',
  blockEndBeforeStart: 'Data/hora de fim deve ser posterior ao início',
  calendarNameRequired: 'Nome do calendário é obrigatório',
  defaultCalendarDelete: 'Não é possível deletar o calendário padrão',
  /** Ours: too long a text. */
  tooLong: 'Muito longo!',
  /** Ours: a date and time that cannot be read. */
  invalidDateTime: 'Data/hora inválida',
  /** Ours: a time that is not HH:mm on a 5-minute step (spec 2: time inputs step 5 minutes). */
  invalidTime: 'Horário inválido (HH:mm, de 5 em 5 minutos)',
  /** Ours: a colour that is not #rrggbb. */
  invalidColor: 'Cor inválida',
  /** Ours: a duration that is not a whole number of minutes up to a day. */
  invalidDuration: 'Duração inválida',
  /** Ours: an end of work hours or of a slot that is not after its start. */
  endBeforeStart: 'O horário de fim deve ser posterior ao de início',
  /** Ours: a settings POST that leaves a weekday without any slot (spec 2: a day's single slot cannot be deleted). */
  lastSlotOfDay: 'Não é possível excluir o único horário do dia',
  /** Ours: the answers of ERR_SCHEDULE_CONFLICT, with the time in the company's zone. */
  insideBlock: 'O horário está bloqueado: {title}',
  inactiveDay: 'Não há atendimento neste dia da semana',
  outsideWorkHours: 'Fora do horário de atendimento ({start} às {end})',
  outsideTimeSlots: 'Fora dos horários disponíveis deste dia',
  overlapping: 'Já existe um agendamento neste horário',
  /** Ours: ERR_SCHEDULE_SENT, a sent appointment is not changed (spec 2: no submit once sentAt is set). */
  alreadySent: 'Agendamento já enviado não pode ser alterado',
  /** Ours: ERR_VALIDATION on sendAt, a new or moved appointment must be in the future. */
  inThePast: 'A data/hora de envio deve ser no futuro',
} as const;
const S = SCHEDULE_MESSAGES;

/** Spec 2 section 9. */
export const SCHEDULE_DEFAULT_DURATION = 60;
export const SCHEDULE_DURATION_OPTIONS = [15, 30, 45, 60, 90, 120, 180] as const;
export const SCHEDULE_DURATION_MIN = 5;
export const SCHEDULE_DURATION_MAX = 1_440;
/** The dialog's default send time: this many minutes ahead. */
export const SCHEDULE_DEFAULT_SEND_AHEAD_MINUTES = 60;
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 10_000;
export const SCHEDULE_EXTRA_INFO_MAX = 2_000;
/** GET /schedules without a date range: this many a page (the table view). */
export const SCHEDULES_PAGE_SIZE = 40;
/** GET /schedules with `startDate` and `endDate` (the calendar views): up to this many in one answer. */
export const SCHEDULES_RANGE_MAX = 1_000;

/** The four reminders, how long before sendAt each goes out, and the schedule field that enables it. */
export const SCHEDULE_REMINDERS = [
  { kind: '1d', minutesBefore: 1_440, field: 'reminder1DayEnabled' },
  { kind: '3h', minutesBefore: 180, field: 'reminder3HoursEnabled' },
  { kind: '1h', minutesBefore: 60, field: 'reminder1HourEnabled' },
  { kind: '5m', minutesBefore: 5, field: 'reminder5MinutesEnabled' },
] as const;
export const SCHEDULE_REMINDER_KINDS = ['1d', '3h', '1h', '5m'] as const;
export type ScheduleReminderKind = (typeof SCHEDULE_REMINDER_KINDS)[number];

/**
 * PENDENTE: waiting for sendAt; ENVIANDO: handed to the connection, waiting for its answer;
 * ENVIADA: sent (sentAt set); ERRO: the send failed (`errorReason` says why; shown 'Erro de Envio').
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIANDO', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** A reminder that was not sent because its time had passed when the appointment was booked or moved is IGNORADO. */
export const SCHEDULE_REMINDER_STATUSES = ['PENDENTE', 'ENVIANDO', 'ENVIADA', 'ERRO', 'IGNORADO'] as const;

/** Spec 2: the preset palette of 15 calendar colours; #3498db by default. */
export const CALENDAR_COLORS = [
  '#3498db',
  '#2ecc71',
  '#e74c3c',
  '#f39c12',
  '#9b59b6',
  '#1abc9c',
  '#e67e22',
  '#34495e',
  '#16a085',
  '#27ae60',
  '#2980b9',
  '#8e44ad',
  '#c0392b',
  '#d35400',
  '#7f8c8d',
] as const;
export const DEFAULT_CALENDAR_COLOR = '#3498db';
export const DEFAULT_BLOCK_COLOR = '#ff5722';
/** The default calendar every company has (created with its first schedules call). */
export const DEFAULT_CALENDAR_NAME = 'Calendário padrão';
export const CALENDAR_NAME_MAX = 100;
export const CALENDAR_DESCRIPTION_MAX = 500;
export const BLOCK_TITLE_MAX = 200;
export const BLOCK_REASON_MAX = 1_000;
/** Spec 2 section 9: default block times and a new slot's times. */
export const DEFAULT_BLOCK_TIMES = { start: '09:00', end: '17:00' } as const;
export const DEFAULT_TIME_SLOT = { startTime: '09:00', endTime: '17:00' } as const;
/** Spec 2 section 9: Monday to Friday (0 is Sunday), 08:00 to 18:00. */
export const DEFAULT_SCHEDULE_SETTINGS = {
  allowOverlaps: false,
  activeDays: [1, 2, 3, 4, 5],
  workHoursStart: '08:00',
  workHoursEnd: '18:00',
} as const;
export const TIME_SLOTS_PER_DAY_MAX = 10;

// ---- shared field rules -----------------------------------------------------------------------

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const WALL_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;
/**
 * A date and time in a request: an ISO instant with its offset ('2026-12-01T17:30:00.000Z'), or a
 * wall time without one ('2026-12-01T14:30', '2026-12-01 14:30:00'), read in the company's zone.
 */
export const scheduleDateTime = z
  .string({ error: S.required })
  .trim()
  .min(1, { error: S.required, abort: true })
  .refine((value) => (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) || WALL_TIME.test(value), S.invalidDateTime);

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5][05]$/;
/** HH:mm from 00:00 to 23:55 on a 5-minute step. */
export const scheduleTime = z.string({ error: S.required }).regex(TIME_PATTERN, S.invalidTime);
export const colorHex = z.string({ error: S.invalidColor }).regex(/^#[0-9a-fA-F]{6}$/, S.invalidColor);

const optionalText = (max: number) =>
  z
    .string({ error: S.required })
    .trim()
    .max(max, S.tooLong)
    .nullish()
    .transform((value) => value || null);
/** An optional id a form sends as '' or null when nothing is chosen. */
const optionalId = z.preprocess((value) => (value === '' ? null : value), id.nullish()).transform((value) => value ?? null);

// ---- appointments ---------------------------------------------------------------------------

export const scheduleReminderSchema = z.object({
  kind: z.enum(SCHEDULE_REMINDER_KINDS),
  /** When it goes out (sendAt minus its lead). */
  at: isoDateTime,
  status: z.enum(SCHEDULE_REMINDER_STATUSES),
  sentAt: isoDateTime.nullable(),
  errorReason: z.string().nullable(),
});
export type ScheduleReminderRecord = z.infer<typeof scheduleReminderSchema>;

/**
 * An appointment (spec 2 "Schedule"): `sendAt` is the appointment's start and when its message
 * goes out; it lasts `duration` minutes. `WhatsappSenderId` is the connection it goes through (null:
 * the company's default connection at send time). `contact` and `service` are read-only. `reminders`
 * lists the enabled reminders with their state.
 */
export const scheduleSchema = z.object({
  id,
  body: z.string(),
  contactId: id,
  contact: z.object({ id, name: z.string(), number: z.string() }).nullable(),
  sendAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** Why the send failed, when status is ERRO. */
  errorReason: z.string().nullable(),
  WhatsappSenderId: id.nullable(),
  duration: z.number().int(),
  serviceId: id.nullable(),
  service: serviceSchema.pick({ id: true, name: true, price: true, duration: true }).nullable(),
  extraInfo: z.string().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** The Cloud API template its message goes as through a Cloud API connection (issue 27); null: the body as text. */
  template: outboundTemplateSchema.nullable(),
  reminder1DayEnabled: z.boolean(),
  reminder3HoursEnabled: z.boolean(),
  reminder1HourEnabled: z.boolean(),
  reminder5MinutesEnabled: z.boolean(),
  reminders: z.array(scheduleReminderSchema),
  userId: id.nullable(),
  calendarId: id.nullable(),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ScheduleRecord = z.infer<typeof scheduleSchema>;

const reminderFlag = looseBoolean.optional().default(false);

/**
 * POST /schedules, PUT /schedules/{id} (and the same under /calendars/{calendarId}/schedules, where
 * the path gives calendarId): body at least 5 ('Mensagem muito curta'), contactId and sendAt required
 * ('Obrigatório'), duration at least 5 ('Duração mínima de 5 minutos', 60 when absent). calendarId
 * null: the company's default calendar. A sent appointment is refused (ERR_SCHEDULE_SENT); one in a
 * block, on a day off, outside the work hours or slots, or over another appointment is refused
 * (ERR_SCHEDULE_CONFLICT, with the reason) unless the settings allow overlaps.
 */
export const scheduleBodySchema = z.object({
  body: z
    .string({ error: S.required })
    .trim()
    .min(1, { error: S.required, abort: true })
    .min(SCHEDULE_BODY_MIN, S.bodyTooShort)
    .max(SCHEDULE_BODY_MAX, S.tooLong),
  contactId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.number({ error: (issue) => (issue.input === undefined ? S.required : ID_MESSAGE) }).pipe(id),
  ),
  sendAt: scheduleDateTime,
  duration: z
    .number({ error: S.invalidDuration })
    .int(S.invalidDuration)
    .min(SCHEDULE_DURATION_MIN, S.durationMin)
    .max(SCHEDULE_DURATION_MAX, S.invalidDuration)
    .nullish()
    .transform((value) => value ?? SCHEDULE_DEFAULT_DURATION),
  serviceId: optionalId,
  extraInfo: optionalText(SCHEDULE_EXTRA_INFO_MAX),
  WhatsappSenderId: optionalId,
  calendarId: optionalId,
  /**
   * Through a Cloud API connection the message goes as this approved template, its variables filled
   * from the contact (outside the 24-hour window nothing else may go); the body is still what the
   * calendar shows. Ignored on other connections. Reminders go as text. Left out, an edit keeps the
   * appointment's template (null removes it).
   */
  template: outboundTemplateSchema.nullable().optional(),
  reminder1DayEnabled: reminderFlag,
  reminder3HoursEnabled: reminderFlag,
  reminder1HourEnabled: reminderFlag,
  reminder5MinutesEnabled: reminderFlag,
});
export type ScheduleBody = z.input<typeof scheduleBodySchema>;
export type ScheduleFields = z.output<typeof scheduleBodySchema>;

/**
 * GET /schedules/ (or /calendars/{id}/schedules) ?searchParam=&pageNumber= → {schedules, hasMore}
 * (also `count`). Without a range: 40 a page by sendAt, newest first; with `startDate` and `endDate`
 * (instants or wall times; the calendar's visible range) every appointment whose time meets the range,
 * by sendAt, up to 1,000. `contactId`, `status` and `calendarId` filter.
 */
export const schedulePageQuerySchema = z.object({
  searchParam,
  pageNumber,
  startDate: scheduleDateTime.optional(),
  endDate: scheduleDateTime.optional(),
  contactId: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(id).optional()),
  calendarId: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(id).optional()),
  status: z.enum(SCHEDULE_STATUSES).optional(),
});
export type SchedulePageQuery = z.input<typeof schedulePageQuerySchema>;
export type SchedulePageFilter = z.output<typeof schedulePageQuerySchema>;
export const schedulePageResponseSchema = z.object({
  schedules: z.array(scheduleSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type SchedulePageResponse = z.infer<typeof schedulePageResponseSchema>;

/** DELETE /schedules/{id}: its pending message and reminders are not sent. */
export const scheduleDeleteResponseSchema = z.object({ message: z.string() });

/**
 * POST /schedules/{id}/media-upload (multipart, field `file`, one file: the same types and size as
 * the other uploads) → the schedule with mediaPath and mediaName; DELETE /schedules/{id}/media-upload
 * → the schedule without it. A sent appointment's attachment is not changed (ERR_SCHEDULE_SENT).
 */
export const scheduleMediaResponseSchema = scheduleSchema;

// ---- calendars --------------------------------------------------------------------------------

export const calendarSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CalendarRecord = z.infer<typeof calendarSchema>;

/**
 * POST /calendars and PUT /calendars/{id} {name, description, color, isDefault, isActive}: name
 * required ('Nome do calendário é obrigatório'); color #rrggbb (#3498db when absent); isDefault true
 * makes it the company's default (the former one stops being it); isActive true when absent.
 */
export const calendarBodySchema = z.object({
  name: z.string({ error: S.calendarNameRequired }).trim().min(1, S.calendarNameRequired).max(CALENDAR_NAME_MAX, S.tooLong),
  description: optionalText(CALENDAR_DESCRIPTION_MAX),
  color: colorHex.nullish().transform((value) => (value ?? DEFAULT_CALENDAR_COLOR).toLowerCase()),
  isDefault: looseBoolean.optional().default(false),
  isActive: looseBoolean.optional().default(true),
});
export type CalendarBody = z.input<typeof calendarBodySchema>;
export type CalendarFields = z.output<typeof calendarBodySchema>;

/** GET /calendars → {calendars}: the default first, then by name; the company's default exists always. */
export const calendarListResponseSchema = z.object({ calendars: z.array(calendarSchema) });
export type CalendarListResponse = z.infer<typeof calendarListResponseSchema>;
/** DELETE /calendars/{id}: its appointments move to the default calendar; the default one is refused (ERR_DEFAULT_CALENDAR). */
export const calendarDeleteResponseSchema = z.object({ message: z.string() });

// ---- blocks -----------------------------------------------------------------------------------

export const scheduleBlockSchema = z.object({
  id,
  title: z.string(),
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  isAllDay: z.boolean(),
  reason: z.string().nullable(),
  color: z.string(),
  calendarId: id.nullable(),
  userId: id.nullable(),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ScheduleBlockRecord = z.infer<typeof scheduleBlockSchema>;

/**
 * POST /schedule-blocks {title, startDateTime, endDateTime, isAllDay, reason, color} (and PUT
 * /schedule-blocks/{id}): title required ('Título é obrigatório'); end after start ('Data/hora de fim
 * deve ser posterior ao início'); an all-day block covers the whole start day in the company's zone
 * (its end is then not read); color #ff5722 when absent; calendarId null: every calendar.
 */
export const scheduleBlockBodySchema = z
  .object({
    title: z.string({ error: S.blockTitleRequired }).trim().min(1, S.blockTitleRequired).max(BLOCK_TITLE_MAX, S.tooLong),
    startDateTime: scheduleDateTime,
    endDateTime: scheduleDateTime.nullish(),
    isAllDay: looseBoolean.optional().default(false),
    reason: optionalText(BLOCK_REASON_MAX),
    color: colorHex.nullish().transform((value) => (value ?? DEFAULT_BLOCK_COLOR).toLowerCase()),
    calendarId: optionalId,
  })
  .refine((block) => block.isAllDay || Boolean(block.endDateTime), {
    path: ['endDateTime'],
    message: S.required,
    // Also when the title is missing, so that the form shows both at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type ScheduleBlockBody = z.input<typeof scheduleBlockBodySchema>;
export type ScheduleBlockFields = z.output<typeof scheduleBlockBodySchema>;

/** GET /schedule-blocks ?startDate=&endDate=&calendarId= → {scheduleBlocks} by start (the range: those that meet it). */
export const scheduleBlockListQuerySchema = z.object({
  startDate: scheduleDateTime.optional(),
  endDate: scheduleDateTime.optional(),
  calendarId: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(id).optional()),
});
export const scheduleBlockListResponseSchema = z.object({ scheduleBlocks: z.array(scheduleBlockSchema) });
export type ScheduleBlockListResponse = z.infer<typeof scheduleBlockListResponseSchema>;
export const scheduleBlockDeleteResponseSchema = z.object({ message: z.string() });

// ---- settings and time slots ------------------------------------------------------------------

export const timeSlotSchema = z.object({
  id,
  /** 0 Sunday to 6 Saturday. */
  dayOfWeek: z.number().int().min(0).max(6),
  enabled: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
});
export type TimeSlotRecord = z.infer<typeof timeSlotSchema>;

/**
 * The settings of the company (GET /schedule-settings) or of one calendar (GET
 * /calendars/{id}/schedule-settings; `inherited` true while that calendar has none of its own and
 * the company's apply). An appointment may be booked when its weekday is active, it lies within the
 * work hours and inside one enabled slot of its weekday, meets no block and no other appointment;
 * `allowOverlaps` lifts all of these. `timeZone` is the zone the hours are read in: the company's
 * (the company setting `timezone`, decision 0037), the same for every calendar; read only here.
 */
export const scheduleSettingsSchema = z.object({
  calendarId: id.nullable(),
  inherited: z.boolean(),
  allowOverlaps: z.boolean(),
  activeDays: z.array(z.number().int().min(0).max(6)),
  workHoursStart: z.string(),
  workHoursEnd: z.string(),
  timeZone: z.string(),
  timeSlots: z.array(timeSlotSchema),
});
export type ScheduleSettingsRecord = z.infer<typeof scheduleSettingsSchema>;

const weekday = z.number({ error: S.required }).int().min(0).max(6);

/**
 * POST /schedule-settings or /calendars/{id}/schedule-settings: the whole settings with their slots.
 * A slot with an id keeps it, one without is new (09:00 to 17:00 when its times are absent), and one
 * left out is deleted; every weekday keeps at least one slot ('Não é possível excluir o único horário
 * do dia'). The day toggle is the web's: it sets `enabled` on every slot of the day. A `timeZone`
 * sent by an older client is ignored: the zone is the company's setting (decision 0037).
 */
export const scheduleSettingsBodySchema = z
  .object({
    allowOverlaps: looseBoolean.optional().default(DEFAULT_SCHEDULE_SETTINGS.allowOverlaps),
    activeDays: z
      .array(weekday)
      .max(7)
      .optional()
      .transform((days) => [...new Set(days ?? DEFAULT_SCHEDULE_SETTINGS.activeDays)].sort()),
    workHoursStart: scheduleTime.optional().default(DEFAULT_SCHEDULE_SETTINGS.workHoursStart),
    workHoursEnd: scheduleTime.optional().default(DEFAULT_SCHEDULE_SETTINGS.workHoursEnd),
    timeSlots: z
      .array(
        z.object({
          id: id.optional(),
          dayOfWeek: weekday,
          enabled: looseBoolean.optional().default(true),
          startTime: scheduleTime.optional().default(DEFAULT_TIME_SLOT.startTime),
          endTime: scheduleTime.optional().default(DEFAULT_TIME_SLOT.endTime),
        }),
      )
      .max(7 * TIME_SLOTS_PER_DAY_MAX)
      .optional(),
  })
  .superRefine((settings, ctx) => {
    // Compared only when both are times (a malformed one has its own message).
    const isTime = (value: string) => TIME_PATTERN.test(value);
    if (isTime(settings.workHoursStart) && isTime(settings.workHoursEnd) && settings.workHoursEnd <= settings.workHoursStart)
      ctx.addIssue({ code: 'custom', path: ['workHoursEnd'], message: S.endBeforeStart });
    settings.timeSlots?.forEach((slot, index) => {
      if (isTime(slot.startTime) && isTime(slot.endTime) && slot.endTime <= slot.startTime)
        ctx.addIssue({ code: 'custom', path: ['timeSlots', index, 'endTime'], message: S.endBeforeStart });
    });
  });
export type ScheduleSettingsBody = z.input<typeof scheduleSettingsBodySchema>;
export type ScheduleSettingsFields = z.output<typeof scheduleSettingsBodySchema>;

// ---- the services picker ----------------------------------------------------------------------

/** GET /services/list → {services}: every service of the company by name (the appointment dialog's picker). */
export const serviceListResponseSchema = z.object({ services: z.array(serviceSchema) });
export type ServiceListResponse = z.infer<typeof serviceListResponseSchema>;

// ---- live events ------------------------------------------------------------------------------

/**
 * `company-{id}-schedule` (spec 2: schedule events with action create, update, delete or reload), to
 * the whole company: an appointment created, changed (its status too) or deleted; `reload` when
 * calendars, blocks or settings changed (`scope` says which), or many appointments at once.
 */
export const scheduleSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), schedule: scheduleSchema }),
  z.object({ action: z.literal('update'), schedule: scheduleSchema }),
  z.object({ action: z.literal('delete'), scheduleId: id }),
  z.object({ action: z.literal('reload'), scope: z.enum(['schedules', 'calendars', 'blocks', 'settings']) }),
]);
export type ScheduleSocketPayload = z.infer<typeof scheduleSocketPayloadSchema>;

// ---- CSV export (built by the web: spec 2 names no endpoint) ----------------------------------

/** Spec 2 section 9: the export's columns, in order (headers in the web's locales). */
export const SCHEDULE_CSV_COLUMNS = ['date', 'time', 'service', 'client', 'phone', 'extraInfo', 'description'] as const;
