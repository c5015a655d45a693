import { z } from 'zod';

import { idParamSchema, MAX_ID } from '../primitives';
import { ticketStatusSchema } from './constants';
import { dateOnly, id } from './fields';

// ---------------------------------------------------------------------------------------------
// The admin dashboard (issue 13; decision 0031)
// ---------------------------------------------------------------------------------------------

/** The longest range the dashboard answers, in days (both ends included). */
export const DASHBOARD_MAX_DAYS = 366;

/**
 * GET /dashboard?dateFrom=YYYY-MM-DD&dateTo=YYYY-MM-DD&queueId=&userId=: business days in the company's time zone
 * (its setting `timezone`, America/Sao_Paulo by default),
 * both included; `queueId` 0 means tickets without a queue.
 */
const QUEUE_ID_MESSAGE = `Must be a whole number from 0 (no queue) to ${MAX_ID}`;

export const dashboardQuerySchema = z
  .object({
    dateFrom: dateOnly,
    dateTo: dateOnly,
    queueId: z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value),
      z.number().int(QUEUE_ID_MESSAGE).min(0, QUEUE_ID_MESSAGE).max(MAX_ID, QUEUE_ID_MESSAGE).optional(),
    ),
    userId: idParamSchema.optional(),
  })
  .refine((query) => query.dateFrom <= query.dateTo, { message: 'dateFrom must not be after dateTo', path: ['dateTo'] })
  .refine((query) => (Date.parse(query.dateTo) - Date.parse(query.dateFrom)) / 86_400_000 < DASHBOARD_MAX_DAYS, {
    message: `The range may span at most ${DASHBOARD_MAX_DAYS} days`,
    path: ['dateFrom'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A time's percentiles in seconds, estimated from the histogram (null without any). */
export const durationStatsSchema = z.object({
  count: z.number().int(),
  p50: z.number().nullable(),
  p90: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

/** Ratings (CSAT): how many, their average, how many gave each score 1..5, and the share of 4 and 5. */
export const ratingStatsSchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  distribution: z.array(z.number().int()).length(5),
  satisfied: z.number().nullable(),
});
export type RatingStats = z.infer<typeof ratingStatsSchema>;

export const dashboardFiguresSchema = z.object({
  created: z.number().int(),
  resolved: z.number().int(),
  firstResponse: durationStatsSchema,
  resolution: durationStatsSchema,
  rating: ratingStatsSchema,
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardResponseSchema = z.object({
  dateFrom: dateOnly,
  dateTo: dateOnly,
  /** Tickets now, not closed, by queue (null: none) and status. */
  live: z.array(z.object({ queueId: id.nullable(), status: ticketStatusSchema, count: z.number().int() })),
  /** Each day of the range: new and resolved tickets, and those pending (not closed) at its end. */
  days: z.array(z.object({ day: dateOnly, created: z.number().int(), resolved: z.number().int(), backlog: z.number().int() })),
  totals: dashboardFiguresSchema,
  byUser: z.array(dashboardFiguresSchema.extend({ userId: id, name: z.string() })),
  byQueue: z.array(dashboardFiguresSchema.extend({ queueId: id.nullable(), name: z.string() })),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
