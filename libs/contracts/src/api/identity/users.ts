import { z } from 'zod';

import { idOrBlankSchema, idParamSchema } from '../primitives';
import { allTicketEnum, userProfileEnum, type UserProfileName } from './constants';
import { isoDateTime, M, positiveId, userEmail, userName, userPassword } from './fields';
import { planResponseSchema } from './plans';

// ---------------------------------------------------------------------------------------------
// Login answers and users
// ---------------------------------------------------------------------------------------------

export const userCompanySchema = z.object({
  id: positiveId,
  name: z.string(),
  dueDate: z.string().nullable(),
  status: z.boolean(),
  approved: z.boolean(),
  planId: positiveId,
  plan: planResponseSchema.optional(),
  settings: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});

export const userResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  email: z.string(),
  profile: userProfileEnum,
  super: z.boolean(),
  allTicket: allTicketEnum,
  whatsappId: positiveId.nullable(),
  /** Seen by a userStatus ping within the last 6 minutes. */
  online: z.boolean(),
  lastSeenAt: isoDateTime.nullable(),
  companyId: positiveId,
  /** Queue ids; names come from the queues list (conversations service). */
  queues: z.array(z.object({ id: positiveId })),
  company: userCompanySchema.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** POST /users (admins). */
export const userCreateSchema = z.object({
  name: userName,
  email: userEmail,
  password: userPassword,
  profile: userProfileEnum.default('user'),
  allTicket: allTicketEnum.default('desabled'),
  /** '' (the Whaticket user modal's "no connection") is null. */
  whatsappId: idOrBlankSchema.default(null),
  queueIds: z.array(positiveId).max(500).default([]),
  /** Only a super user may grant it. */
  super: z.boolean().optional(),
});
export type UserCreateRequest = z.input<typeof userCreateSchema>;

/**
 * PUT /users/:id. A user may change only their own name and password; only admins change profile,
 * queues, connection and allTicket; only a super user grants or removes super. An empty password
 * keeps the current one.
 */
export const userUpdateSchema = z.object({
  name: userName.optional(),
  email: userEmail.optional(),
  password: z
    .string()
    .max(50, M.tooLong)
    .refine((value) => value === '' || value.length >= 5, M.tooShort)
    .optional(),
  profile: userProfileEnum.optional(),
  allTicket: allTicketEnum.optional(),
  whatsappId: idOrBlankSchema.optional(),
  queueIds: z.array(positiveId).max(500).optional(),
  super: z.boolean().optional(),
});
export type UserUpdateRequest = z.input<typeof userUpdateSchema>;

/** GET /users?searchParam=&pageNumber= (admins and supervisors): 20 a page. */
export const userPageResponseSchema = z.object({
  users: z.array(userResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type UserPageResponse = z.infer<typeof userPageResponseSchema>;

/** GET /users/list?companyId= (any user of the company; another companyId only for super users). */
export const userListQuerySchema = z.object({ companyId: idParamSchema.optional() });
export const userListItemSchema = z.object({
  id: positiveId,
  name: z.string(),
  email: z.string(),
  profile: userProfileEnum,
  online: z.boolean(),
  queues: z.array(z.object({ id: positiveId })),
  whatsappId: positiveId.nullable(),
});
export const userListResponseSchema = z.array(userListItemSchema);
export type UserListItem = z.infer<typeof userListItemSchema>;

// ---------------------------------------------------------------------------------------------
// Socket payloads
// ---------------------------------------------------------------------------------------------

/** `company-{id}-user`. */
export type UserSocketPayload = { action: 'create' | 'update'; user: UserSocketUser } | { action: 'delete'; userId: number };
export type UserSocketUser = {
  id: number;
  name: string;
  email: string;
  profile: UserProfileName;
  super: boolean;
  companyId: number;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  queueIds: number[];
  online: boolean;
};
