import { z } from 'zod';

import { scheduleSchema } from '../api/outbound/schedules';
import { defineEvent } from './define-event';

const id = z.number().int().positive();

const scheduleEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'outbound.events', payload });

/** An appointment was created or changed: by a user, or its message or a reminder sent or failed. */
export const scheduleSaved = scheduleEvent('outbound.schedule.saved', z.object({ schedule: scheduleSchema, created: z.boolean() }));
/** An appointment was deleted (its message and reminders will not go out). */
export const scheduleDeleted = scheduleEvent('outbound.schedule.deleted', z.object({ scheduleId: id }));
/**
 * Something the schedules screen shows besides one appointment changed: the calendars (and the
 * appointments a deleted calendar moved), the blocks, or the settings. The screen loads it again.
 */
export const schedulesChanged = scheduleEvent(
  'outbound.schedule.changed',
  z.object({ scope: z.enum(['schedules', 'calendars', 'blocks', 'settings']), calendarId: id.nullable() }),
);

/** The schedules' events, on outbound's topic. */
export const SCHEDULE_EVENTS = [scheduleSaved, scheduleDeleted, schedulesChanged];
