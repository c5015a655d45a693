import { z } from 'zod';

import { bookableServiceSchema, bookingFreeSlotsCall, bookingWallTimeSchema } from '../../service-calls/booking-calls';
import {
  SCHEDULE_BODY_MAX,
  SCHEDULE_BODY_MIN,
  SCHEDULE_EXTRA_INFO_MAX,
  SCHEDULE_STATUSES,
  scheduleDateTime,
  scheduleSchema,
} from '../outbound/schedules';
import { CONTACT_NAME_MAX, CONTACT_NAME_MIN } from './constants';
import { id, isoDateTime, pageNumber } from './fields';
import { partnerNumber } from './partner-api';

/**
 * The partner API beyond sending (decision 0051, issue 26): contacts by number, scheduled messages,
 * the token's settings and the external agenda (the company's services, free times and appointments),
 * the tabs Agendamentos, Configurações and Agenda Externa of /messages-api. The same schemas validate
 * the requests and make the OpenAPI document.
 */

/** A query's optional id: '' is absent, digits are read as a number. */
const queryId = z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(id).optional());

const contactIdField = id.meta({ description: 'A contact id (as POST /messages/contacts answers it).' });

/** Either `number` or `contactId` names whom a schedule or an appointment is for. */
const oneRecipient = (value: { number?: string; contactId?: number }) => (value.number === undefined) !== (value.contactId === undefined);
const ONE_RECIPIENT = { message: 'Informe number ou contactId (um dos dois)', path: ['number'] };

// ---- contacts -------------------------------------------------------------------------------------

export const PARTNER_CONTACT_EXTRA_INFO_MAX = 50;

/** POST /messages/contacts: creates the number's contact, or updates the one the company has (name, e-mail, extra info given). */
export const partnerContactBodySchema = z.object({
  number: partnerNumber,
  name: z
    .string()
    .trim()
    .min(CONTACT_NAME_MIN, 'Nome muito curto')
    .max(CONTACT_NAME_MAX, 'Nome muito longo')
    .optional()
    .meta({ description: 'The name; a new contact without one is named by its number, an existing one keeps its name.' }),
  email: z.union([z.literal(''), z.email('E-mail inválido')]).optional(),
  extraInfo: z
    .array(z.object({ name: z.string().trim().min(1, 'Obrigatório').max(100, 'Muito longo'), value: z.string().max(1_000, 'Muito longo') }))
    .max(PARTNER_CONTACT_EXTRA_INFO_MAX)
    .optional()
    .meta({ description: 'Extra fields; given, they replace the contact’s.' }),
});
export type PartnerContactBody = z.input<typeof partnerContactBodySchema>;

export const partnerContactSchema = z.object({
  id,
  name: z.string(),
  number: z.string(),
  email: z.string(),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export const partnerContactResponseSchema = z.object({
  contact: partnerContactSchema,
  created: z.boolean().meta({ description: 'true when this request created the contact, false when it updated one.' }),
});
export type PartnerContactResponse = z.infer<typeof partnerContactResponseSchema>;

// ---- scheduled messages -------------------------------------------------------------------------------

/** POST /messages/schedules. */
export const partnerScheduleBodySchema = z
  .object({
    number: partnerNumber.optional(),
    contactId: contactIdField.optional(),
    body: z
      .string({ error: 'body é obrigatório' })
      .trim()
      .min(SCHEDULE_BODY_MIN, 'Mensagem muito curta')
      .max(SCHEDULE_BODY_MAX, 'Mensagem muito longa')
      .meta({ description: `The text, ${SCHEDULE_BODY_MIN} characters at least.` }),
    sendAt: scheduleDateTime.meta({
      description: "When to send: an ISO instant with its offset, or a wall time ('2026-12-01T14:30') in the company's time zone.",
    }),
    extraInfo: z.string().trim().max(SCHEDULE_EXTRA_INFO_MAX, 'Muito longo').optional(),
  })
  .refine(oneRecipient, ONE_RECIPIENT);
export type PartnerScheduleBody = z.input<typeof partnerScheduleBodySchema>;

export const partnerScheduleSchema = scheduleSchema.pick({
  id: true,
  body: true,
  contactId: true,
  contact: true,
  sendAt: true,
  sentAt: true,
  status: true,
  errorReason: true,
  WhatsappSenderId: true,
  serviceId: true,
  duration: true,
  createdAt: true,
});
export type PartnerSchedule = z.infer<typeof partnerScheduleSchema>;

/** GET /messages/schedules: 40 a page, newest first; `number` or `contactId` and `status` filter. */
export const partnerScheduleQuerySchema = z.object({
  number: partnerNumber.optional(),
  contactId: queryId,
  status: z.enum(SCHEDULE_STATUSES).optional(),
  pageNumber,
});
export const partnerScheduleListSchema = z.object({
  schedules: z.array(partnerScheduleSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type PartnerScheduleList = z.infer<typeof partnerScheduleListSchema>;

// ---- settings -------------------------------------------------------------------------------------------

/** GET /messages/settings: what this token does and may do. */
export const partnerSettingsSchema = z.object({
  token: z.object({ id, name: z.string(), preview: z.string(), createdAt: isoDateTime, lastUsedAt: isoDateTime.nullable() }),
  companyId: id,
  connection: z
    .object({ id, name: z.string(), status: z.string(), isDefault: z.boolean() })
    .nullable()
    .meta({ description: "The connection sends go through: the token's, or the company's default now; null when there is none." }),
  connectionFixed: z.boolean().meta({ description: 'true when the token is tied to that connection.' }),
  features: z.object({ messages: z.boolean(), schedules: z.boolean(), agenda: z.boolean() }),
  limits: z.object({
    requestsPerSecond: z.number(),
    messageBodyMax: z.number().int(),
    mediasPerRequest: z.number().int(),
    mediaMaxBytes: z.number().int(),
    idempotencyWindowHours: z.number().int(),
  }),
});
export type PartnerSettings = z.infer<typeof partnerSettingsSchema>;

// ---- the external agenda ------------------------------------------------------------------------------

export const partnerAgendaServicesSchema = z.object({
  services: z.array(bookableServiceSchema),
  timeZone: z.string().meta({ description: "The company's time zone: every wall time of the agenda is in it." }),
});
export type PartnerAgendaServices = z.infer<typeof partnerAgendaServicesSchema>;

/** GET /messages/agenda/slots: free times of the default calendar for a service (its duration) or `duration` minutes. */
export const partnerSlotsQuerySchema = z.object({
  serviceId: queryId,
  duration: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(5).max(1_440).optional()),
  fromDay: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Um dia como 2026-12-01')
    .optional()
    .meta({ description: "The first day (the company's zone); today when absent." }),
  days: z.coerce.number().int().min(1).max(31).default(7),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export const partnerSlotsSchema = bookingFreeSlotsCall.output;
export type PartnerSlots = z.infer<typeof partnerSlotsSchema>;

/** POST /messages/agenda/appointments: books a free time for the number's (or contact's) contact. */
export const partnerAppointmentBodySchema = z
  .object({
    number: partnerNumber.optional(),
    contactId: contactIdField.optional(),
    serviceId: id.optional().meta({ description: "A service of GET /messages/agenda/services; its duration is the appointment's." }),
    start: bookingWallTimeSchema.meta({
      description: "A free time of GET /messages/agenda/slots, in the company's zone: 2026-12-01T14:30.",
    }),
    note: z.string().trim().max(500, 'Muito longo').optional(),
  })
  .refine(oneRecipient, ONE_RECIPIENT);
export type PartnerAppointmentBody = z.input<typeof partnerAppointmentBodySchema>;

export const partnerAppointmentSchema = z.object({
  id,
  contactId: id,
  start: bookingWallTimeSchema,
  end: bookingWallTimeSchema,
  serviceName: z.string().nullable(),
  timeZone: z.string(),
});
export type PartnerAppointment = z.infer<typeof partnerAppointmentSchema>;
