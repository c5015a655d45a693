import { z } from 'zod';
import { defineEvent } from './define-event';

export const userProfileSchema = z.enum(['admin', 'user']);

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
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const userCreated = defineEvent({
  type: 'identity.user.created',
  version: 1,
  topic: 'identity.events',
  payload: z.object({ user: userSnapshotSchema }),
});
