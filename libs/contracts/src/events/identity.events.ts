import { z } from 'zod';

import { defineEvent } from './define-event';

export const userProfileSchema = z.enum(['admin', 'supervisor', 'user']);

/** What other services may know of a user: never the password or tokens. */
export const userSnapshotSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  profile: userProfileSchema,
  super: z.boolean(),
  companyId: z.number().int().positive(),
  allTicket: z.enum(['enabled', 'desabled']),
  whatsappId: z.number().int().positive().nullable(),
  queueIds: z.array(z.number().int().positive()),
  /** As last reported by the user's browser (userStatus every 5 minutes). */
  online: z.boolean().default(false),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const planSnapshotSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  value: z.number(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  useInternal: z.boolean(),
});
export type PlanSnapshot = z.infer<typeof planSnapshotSchema>;

export const companySnapshotSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  planId: z.number().int().positive(),
  status: z.boolean(),
  approved: z.boolean(),
  dueDate: z.string().nullable(),
  recurrence: z.string(),
  schedules: z.array(z.object({ weekday: z.string(), weekdayEn: z.string(), startTime: z.string(), endTime: z.string() })),
});
export type CompanySnapshot = z.infer<typeof companySnapshotSchema>;

export const announcementSnapshotSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  text: z.string(),
  priority: z.number().int().min(1).max(3),
  status: z.boolean(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AnnouncementSnapshot = z.infer<typeof announcementSnapshotSchema>;

const identityEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'identity.events', payload });

export const userCreated = identityEvent('identity.user.created', z.object({ user: userSnapshotSchema }));
export const userUpdated = identityEvent('identity.user.updated', z.object({ user: userSnapshotSchema }));
export const userDeleted = identityEvent(
  'identity.user.deleted',
  z.object({ userId: z.number().int().positive(), companyId: z.number().int().positive() }),
);

/** A login: the gateway tells the user's other sessions (`company-{id}-auth`) they were replaced. */
export const sessionStarted = identityEvent(
  'identity.session.started',
  z.object({
    userId: z.number().int().positive(),
    companyId: z.number().int().positive(),
    sessionId: z.uuid(),
  }),
);

/**
 * A login session ended before its time: the user logged out, or a refresh token presented twice
 * revoked its family. Every service stops accepting the session's access tokens, and the gateway
 * disconnects its sockets.
 */
export const sessionEnded = identityEvent(
  'identity.session.ended',
  z.object({
    userId: z.number().int().positive(),
    companyId: z.number().int().positive(),
    sessionId: z.uuid(),
    reason: z.enum(['logout', 'refresh-token-reused']),
  }),
);

/**
 * A browser's userStatus ping (or its socket going away), published by the gateway straight on the
 * transport, not through an outbox: presence is refreshed every 5 minutes, so a lost one costs
 * nothing. Identity turns it into the user's `online` state.
 */
export const presenceReported = identityEvent(
  'identity.presence.reported',
  z.object({
    userId: z.number().int().positive(),
    companyId: z.number().int().positive(),
    online: z.boolean(),
    at: z.iso.datetime({ offset: true }),
  }),
);

export const companyCreated = identityEvent('identity.company.created', z.object({ company: companySnapshotSchema }));
export const companyUpdated = identityEvent('identity.company.updated', z.object({ company: companySnapshotSchema }));
export const companyDeleted = identityEvent('identity.company.deleted', z.object({ companyId: z.number().int().positive() }));

export const planCreated = identityEvent('identity.plan.created', z.object({ plan: planSnapshotSchema }));
export const planUpdated = identityEvent('identity.plan.updated', z.object({ plan: planSnapshotSchema }));
export const planDeleted = identityEvent('identity.plan.deleted', z.object({ planId: z.number().int().positive() }));

/** A company setting (companyId set) or a global one (companyId null) took a value. */
export const settingUpdated = identityEvent(
  'identity.setting.updated',
  z.object({ companyId: z.number().int().positive().nullable(), key: z.string(), value: z.string() }),
);

export const announcementCreated = identityEvent('identity.announcement.created', z.object({ announcement: announcementSnapshotSchema }));
export const announcementUpdated = identityEvent('identity.announcement.updated', z.object({ announcement: announcementSnapshotSchema }));
export const announcementDeleted = identityEvent(
  'identity.announcement.deleted',
  z.object({ announcementId: z.number().int().positive() }),
);

export const IDENTITY_EVENTS = [
  userCreated,
  userUpdated,
  userDeleted,
  sessionStarted,
  sessionEnded,
  presenceReported,
  companyCreated,
  companyUpdated,
  companyDeleted,
  planCreated,
  planUpdated,
  planDeleted,
  settingUpdated,
  announcementCreated,
  announcementUpdated,
  announcementDeleted,
] as const;
