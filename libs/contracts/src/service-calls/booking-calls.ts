import { z } from 'zod';

import { contactSchema } from '../api/conversations/contacts';
import {
  SCHEDULE_BODY_MAX,
  SCHEDULE_EXTRA_INFO_MAX,
  SCHEDULE_STATUSES,
  schedulePageResponseSchema,
  scheduleSchema,
} from '../api/outbound/schedules';
import { defineServiceCall } from './define-service-call';

const id = z.number().int().positive();
/** A wall time in the company's zone, to the minute: '2026-12-01T14:30'. */
export const bookingWallTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'a time like 2026-12-01T14:30');
/** A day in the company's zone: '2026-12-01'. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day like 2026-12-01');

export const bookableServiceSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  /** Minutes. */
  duration: z.number().int().positive(),
});
export type BookableService = z.infer<typeof bookableServiceSchema>;

/** The company's services an assistant may offer: all of them, or those of `serviceIds` when it names some. */
export const bookingServicesCall = defineServiceCall({
  owner: 'outbound',
  name: 'booking.services',
  input: z.object({ serviceIds: z.array(id).max(200).default([]) }),
  output: z.object({ services: z.array(bookableServiceSchema), timeZone: z.string() }),
});

/**
 * Free times of the company's default calendar for a service (its duration) or `duration` minutes,
 * from `fromDay` (today when absent) for `days` days, in the company's zone, at most `limit`: every
 * rule an appointment is booked under holds (work days and hours, enabled slots, blocks, overlaps).
 */
export const bookingFreeSlotsCall = defineServiceCall({
  owner: 'outbound',
  name: 'booking.free-slots',
  input: z.object({
    serviceId: id.nullable().default(null),
    duration: z.number().int().min(5).max(1_440).nullable().default(null),
    fromDay: daySchema.nullable().default(null),
    days: z.number().int().min(1).max(31).default(7),
    limit: z.number().int().min(1).max(50).default(12),
  }),
  output: z.object({
    timeZone: z.string(),
    duration: z.number().int().positive(),
    slots: z.array(z.object({ start: bookingWallTimeSchema, end: bookingWallTimeSchema })),
  }),
});

/**
 * Books an appointment for the ticket's contact at `start` (a wall time in the company's zone), with
 * the service's duration and the 1-day and 1-hour reminders, on the company's default calendar, sent
 * from `whatsappId`. Refused as a user's booking is: ERR_SCHEDULE_CONFLICT with the reason, ERR_VALIDATION
 * for a time past, ERR_NOT_FOUND for another company's service.
 */
export const bookingBookCall = defineServiceCall({
  owner: 'outbound',
  name: 'booking.book',
  input: z.object({
    contactId: id,
    /**
     * The contact as its owner (conversations) answers it, when the caller is its owner: outbound's
     * copy takes it when it lacks the contact (one created a moment ago; decision 0039), so the id is
     * usable at once.
     */
    contact: contactSchema.nullable().default(null),
    serviceId: id.nullable().default(null),
    start: bookingWallTimeSchema,
    whatsappId: id.nullable().default(null),
    /** Who booked, shown in the appointment's extra information ('Agendado pela assistente Bia, ticket #12'). */
    note: z.string().max(500).default(''),
  }),
  output: z.object({
    id,
    start: bookingWallTimeSchema,
    end: bookingWallTimeSchema,
    serviceName: z.string().nullable(),
    timeZone: z.string(),
  }),
});

/**
 * A scheduled message (an appointment without a service, spec 2 "Schedule") for `contact` at `sendAt`
 * (an instant, or a wall time in the company's zone), sent from `whatsappId` (null: the company's
 * default connection at send time): the partner API's POST /messages/schedules. Booked as a user's is
 * (ERR_VALIDATION for a time past, ERR_SCHEDULE_CONFLICT with the reason); `contact` is conversations'
 * record, which outbound's copy takes when it lacks it (decision 0039).
 */
export const bookingScheduleCall = defineServiceCall({
  owner: 'outbound',
  name: 'booking.schedule',
  input: z.object({
    contact: contactSchema,
    body: z.string().min(1).max(SCHEDULE_BODY_MAX),
    sendAt: z.string().min(1),
    extraInfo: z.string().max(SCHEDULE_EXTRA_INFO_MAX).nullable().default(null),
    whatsappId: id.nullable().default(null),
  }),
  output: scheduleSchema,
});

/** The company's scheduled messages and appointments, newest first, 40 a page; `contactId` and `status` filter. */
export const bookingScheduleListCall = defineServiceCall({
  owner: 'outbound',
  name: 'booking.schedule-list',
  input: z.object({
    contactId: id.nullable().default(null),
    status: z.enum(SCHEDULE_STATUSES).nullable().default(null),
    pageNumber: z.number().int().min(1).max(10_000).default(1),
  }),
  output: schedulePageResponseSchema,
});
