import { z } from 'zod';

import { idSchema, looseBoolean } from '../primitives';
import { CAMPAIGN_MESSAGE_MAX, CAMPAIGN_NAME_MAX, CAMPAIGN_NAME_MIN } from './constants';
import { id, isoDateTime, M, pageNumber, searchParam } from './fields';

// ---------------------------------------------------------------------------------------------
// Campaigns (spec 2): up to 5 alternative messages (and 5 confirmation messages) sent to a contact
// list or to the contacts of a tag, through up to 5 connections, on a schedule, inside allowed hours
// and weekdays of the company's time zone; stopped, restarted, and followed on a report.
// ---------------------------------------------------------------------------------------------

/** Spec 2 section 4: INATIVA (default), PROGRAMADA, EM_ANDAMENTO, CANCELADA, FINALIZADA. */
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);

/** The five message fields, the five confirmation fields and the five connection fields, by name. */
export const CAMPAIGN_MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export const CAMPAIGN_CONFIRMATION_FIELDS = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;
export const CAMPAIGN_WHATSAPP_FIELDS = ['whatsappId', 'whatsappId2', 'whatsappId3', 'whatsappId4', 'whatsappId5'] as const;

/** `YYYY-MM-DD HH:mm:ss`, the form in which the web sends scheduledAt (spec 2 section 5), in the company's time zone. */
export const CAMPAIGN_SCHEDULED_AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Whether `YYYY-MM-DD HH:mm:ss` names a moment of the calendar (not 2025-02-30 10:00:00, nor 24:00:00). */
export function isCampaignScheduledAt(value: string): boolean {
  const match = CAMPAIGN_SCHEDULED_AT_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/**
 * An approved message template of a Cloud API number (issue 27): its name and language
 * as Meta lists them, and its variables in order ({{1}}, {{2}} ...). Each variable is text in which the
 * message variables are filled per recipient (`{{nome}}`, `{{primeiroNome}}`, `{{numero}}`, `{{email}}`,
 * the settings' own), so a variable is a contact field, fixed text, or both. A campaign or a schedule
 * on a Cloud API connection sends it as its first message (outside the 24-hour window nothing else may go).
 */
export const outboundTemplateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(512)
    .regex(/^[a-z0-9_]+$/, M.invalidTemplateName),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Za-z0-9]{2,8})?$/, M.invalidTemplateLanguage),
  bodyParameters: z.array(z.string().trim().min(1, M.required).max(1_024, M.genericTooLong)).max(50).default([]),
  headerParameters: z.array(z.string().trim().min(1, M.required).max(60, M.genericTooLong)).max(1).default([]),
});
export type OutboundTemplate = z.output<typeof outboundTemplateSchema>;

/** The connection and list names the campaign shows beside its ids (read only). */
const namedRef = z.object({ id, name: z.string() });

/**
 * A campaign as the API shows it. Times are ISO 8601 in UTC (`scheduledAt`, `completedAt`); the web
 * shows them in the company's time zone and sends scheduledAt back as `YYYY-MM-DD HH:mm:ss` in it.
 * Empty messages are null. `whatsapp` is the first connection's name (spec: whatsapp.name);
 * `whatsapps` every chosen connection in order.
 */
export const campaignSchema = z.object({
  id,
  name: z.string(),
  status: campaignStatusSchema,
  contactListId: id.nullable(),
  tagListId: id.nullable(),
  fileListId: id.nullable(),
  whatsappId: id.nullable(),
  whatsappId2: id.nullable(),
  whatsappId3: id.nullable(),
  whatsappId4: id.nullable(),
  whatsappId5: id.nullable(),
  scheduledAt: isoDateTime.nullable(),
  startHour: z.number().int().min(0).max(23),
  endHour: z.number().int().min(1).max(24),
  allowSaturday: z.boolean(),
  allowSunday: z.boolean(),
  confirmation: z.boolean(),
  message1: z.string().nullable(),
  message2: z.string().nullable(),
  message3: z.string().nullable(),
  message4: z.string().nullable(),
  message5: z.string().nullable(),
  confirmationMessage1: z.string().nullable(),
  confirmationMessage2: z.string().nullable(),
  confirmationMessage3: z.string().nullable(),
  confirmationMessage4: z.string().nullable(),
  confirmationMessage5: z.string().nullable(),
  /** The attachment's media URL (null without one) and its file name. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** The Cloud API template its Cloud connections send (null: none; required when one of its connections is a Cloud API one). */
  template: outboundTemplateSchema.nullable(),
  completedAt: isoDateTime.nullable(),
  companyId: id,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  contactList: namedRef.nullable(),
  tagList: namedRef.nullable(),
  fileList: namedRef.nullable(),
  whatsapp: namedRef.nullable(),
  whatsapps: z.array(namedRef),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** One shipping record (one recipient of the campaign), as GET /campaigns/{id} lists them. */
export const campaignShippingSchema = z.object({
  id,
  /** The contact list's item, or the tag's contact, this record sends to. */
  contactListItemId: id.nullable(),
  contactId: id.nullable(),
  name: z.string(),
  number: z.string(),
  whatsappId: id.nullable(),
  confirmationRequestedAt: isoDateTime.nullable(),
  confirmedAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  failedAt: isoDateTime.nullable(),
  failureReason: z.string().nullable(),
});
export type CampaignShipping = z.infer<typeof campaignShippingSchema>;

/**
 * GET /campaigns/{id}: the campaign with the read-only related data the spec names: its shipping
 * list, and its contact list's name and contacts (each with isWhatsappValid).
 */
export const campaignDetailSchema = campaignSchema.extend({
  contactList: namedRef
    .extend({ contacts: z.array(z.object({ id, name: z.string(), number: z.string(), isWhatsappValid: z.boolean().nullable() })) })
    .nullable(),
  shipping: z.array(campaignShippingSchema),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** GET /campaigns/?searchParam=&pageNumber= → {records, count, hasMore} (search by name, case-insensitive). */
export const campaignPageQuerySchema = z.object({ searchParam, pageNumber });
export const campaignPageResponseSchema = z.object({
  records: z.array(campaignSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type CampaignPageResponse = z.infer<typeof campaignPageResponseSchema>;

// ---- create and update ----------------------------------------------------------------------

/** '' and null are "none" (spec: empty strings are sent as null); other values follow their rule. */
const blankToNull = (value: unknown) =>
  value === '' || value === undefined ? null : typeof value === 'string' && value.trim() === '' ? null : value;

const optionalId = z.preprocess((value) => {
  const blank = blankToNull(value);
  return typeof blank === 'string' && /^\s*\d{1,20}\s*$/.test(blank) ? Number(blank) : blank;
}, idSchema.nullable());

const optionalMessage = z.preprocess(blankToNull, z.string().max(CAMPAIGN_MESSAGE_MAX, M.genericTooLong).nullable());

const hour = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: M.invalidHour }).int(M.invalidHour).min(min, M.invalidHour).max(max, M.invalidHour),
  );

/**
 * POST /campaigns and PUT /campaigns/{id}: every field of the dialog. Name 2 to 50 ('Too Short!',
 * 'Too Long!', 'Required'); messages and ids '' or null for none; scheduledAt `YYYY-MM-DD HH:mm:ss`
 * in the company's time zone, or null (the campaign stays INATIVA); startHour 0 to 23, endHour 1 to
 * 24 and after startHour; allowSaturday and allowSunday true by default. A campaign with a
 * scheduledAt becomes PROGRAMADA and must be sendable: a message, a connection, a contact list or a
 * tag (not both), a confirmation message when confirmation is on, and a time still to come (checked by
 * the server, which knows the time zone and the clock). Repeated connections are refused. A campaign
 * with a Cloud API connection needs `template` (400 ERR_CAMPAIGN_TEMPLATE_REQUIRED, checked by the
 * server, which knows the connections); a template alone is a message.
 * `status`, `companyId`, `mediaPath` and `mediaName` are the server's: sent here they are ignored.
 */
export const campaignBodySchema = z
  .object({
    name: z
      .string({ error: M.required })
      .trim()
      .min(1, { error: M.required, abort: true })
      .min(CAMPAIGN_NAME_MIN, M.tooShort)
      .max(CAMPAIGN_NAME_MAX, M.tooLong),
    message1: optionalMessage.default(null),
    message2: optionalMessage.default(null),
    message3: optionalMessage.default(null),
    message4: optionalMessage.default(null),
    message5: optionalMessage.default(null),
    confirmationMessage1: optionalMessage.default(null),
    confirmationMessage2: optionalMessage.default(null),
    confirmationMessage3: optionalMessage.default(null),
    confirmationMessage4: optionalMessage.default(null),
    confirmationMessage5: optionalMessage.default(null),
    whatsappId: optionalId.default(null),
    whatsappId2: optionalId.default(null),
    whatsappId3: optionalId.default(null),
    whatsappId4: optionalId.default(null),
    whatsappId5: optionalId.default(null),
    contactListId: optionalId.default(null),
    tagListId: optionalId.default(null),
    fileListId: optionalId.default(null),
    scheduledAt: z.preprocess(blankToNull, z.string().refine(isCampaignScheduledAt, M.invalidScheduledAt).nullable()).default(null),
    startHour: hour(0, 23).default(0),
    endHour: hour(1, 24).default(24),
    allowSaturday: looseBoolean.default(true),
    allowSunday: looseBoolean.default(true),
    confirmation: looseBoolean.default(false),
    template: outboundTemplateSchema.nullable().default(null),
    status: z.unknown().optional(),
    companyId: z.unknown().optional(),
    mediaPath: z.unknown().optional(),
    mediaName: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    const hoursValid =
      Number.isInteger(body.startHour) &&
      body.startHour >= 0 &&
      body.startHour <= 23 &&
      Number.isInteger(body.endHour) &&
      body.endHour >= 1 &&
      body.endHour <= 24;
    if (hoursValid && body.endHour <= body.startHour)
      context.addIssue({ code: 'custom', path: ['endHour'], message: M.endHourBeforeStart });
    const connections = CAMPAIGN_WHATSAPP_FIELDS.map((field) => body[field]);
    connections.forEach((value, index) => {
      if (value !== null && connections.indexOf(value) !== index) {
        context.addIssue({ code: 'custom', path: [CAMPAIGN_WHATSAPP_FIELDS[index]], message: M.repeatedConnection });
      }
    });
    if (body.contactListId !== null && body.tagListId !== null) {
      context.addIssue({ code: 'custom', path: ['tagListId'], message: M.listOrTag });
    }
    if (body.scheduledAt === null || !isCampaignScheduledAt(body.scheduledAt)) return;
    if (CAMPAIGN_MESSAGE_FIELDS.every((field) => body[field] === null) && body.template === null) {
      context.addIssue({ code: 'custom', path: ['message1'], message: M.messageRequired });
    }
    if (body.confirmation && CAMPAIGN_CONFIRMATION_FIELDS.every((field) => body[field] === null)) {
      context.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: M.confirmationMessageRequired });
    }
    if (connections.every((value) => value === null)) {
      context.addIssue({ code: 'custom', path: ['whatsappId'], message: M.connectionRequired });
    }
    if (body.contactListId === null && body.tagListId === null) {
      context.addIssue({ code: 'custom', path: ['contactListId'], message: M.recipientsRequired });
    }
  });
export type CampaignBody = z.input<typeof campaignBodySchema>;
export type CampaignFields = z.output<typeof campaignBodySchema>;

/** DELETE /campaigns/{id}: its message. */
export const campaignDeleteResponseSchema = z.object({ message: z.string() });

/**
 * POST /campaigns/{id}/cancel (EM_ANDAMENTO or PROGRAMADA → CANCELADA) and POST /campaigns/{id}/restart
 * (CANCELADA → EM_ANDAMENTO: what was not sent yet is sent, nothing twice) answer the campaign; a
 * campaign in another status answers 409 ERR_CAMPAIGN_STATUS with the reason in `message`.
 * POST /campaigns/{id}/media-upload (multipart `file`) and DELETE /campaigns/{id}/media-upload answer
 * the campaign with its mediaPath and mediaName.
 */
export const campaignActionResponseSchema = campaignSchema;

// ---- report ---------------------------------------------------------------------------------

/**
 * Why a connection's share of a campaign does not go out: `disconnected` (the connection is not
 * connected), `refused` (WhatsApp refuses it: several failures in a row, or a reach-out refusal),
 * `missing` (the connection was deleted).
 */
export const CAMPAIGN_PAUSE_REASONS = ['disconnected', 'refused', 'missing'] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/** The campaign's figures, also sent live with every change. */
export const campaignProgressSchema = z.object({
  campaignId: id,
  status: campaignStatusSchema,
  /** Recipients with a valid WhatsApp number (the list's valid items, or the tag's contacts). */
  validContacts: z.number().int().min(0),
  /** Shipping records written so far (recipients claimed for sending). */
  recipients: z.number().int().min(0),
  delivered: z.number().int().min(0),
  confirmationRequested: z.number().int().min(0),
  confirmed: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Outside the allowed hours or weekdays right now: sending waits until `resumesAt`. */
  outsideWindow: z.boolean(),
  resumesAt: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** GET /campaigns/{id}/report: the figures, failures by reason, a time series and each connection's state. */
export const campaignReportSchema = z.object({
  campaign: campaignSchema,
  progress: campaignProgressSchema,
  /** Failed recipients grouped by WhatsApp's reason. */
  failures: z.array(z.object({ reason: z.string(), count: z.number().int().min(1) })),
  /** Counts per minute (`at` the minute's start, UTC), oldest first: the report's chart. */
  series: z.array(
    z.object({
      at: isoDateTime,
      delivered: z.number().int().min(0),
      confirmationRequested: z.number().int().min(0),
      confirmed: z.number().int().min(0),
      failed: z.number().int().min(0),
    }),
  ),
  /** Each chosen connection: what it sent, and why it is paused (null when it is not). */
  connections: z.array(
    z.object({
      whatsappId: id,
      name: z.string(),
      delivered: z.number().int().min(0),
      failed: z.number().int().min(0),
      pauseReason: z.enum(CAMPAIGN_PAUSE_REASONS).nullable(),
      /** WhatsApp's last refusal, when pauseReason is `refused`. */
      pauseDetail: z.string().nullable(),
      pausedAt: isoDateTime.nullable(),
    }),
  ),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

// ---- socket payload -------------------------------------------------------------------------

/**
 * `company-{id}-campaign` (admins): a campaign was created, changed (fields, status) or deleted;
 * `progress` as its shipping records advance (at most one every few seconds per campaign): the list
 * and the open report replace their figures with it, and the report reloads 5 s after FINALIZADA.
 */
export const campaignSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), record: campaignSchema }),
  z.object({ action: z.literal('update'), record: campaignSchema }),
  z.object({ action: z.literal('delete'), id }),
  z.object({ action: z.literal('progress'), progress: campaignProgressSchema }),
]);
export type CampaignSocketPayload = z.infer<typeof campaignSocketPayloadSchema>;
