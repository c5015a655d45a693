import { z } from 'zod';

import { userResponseSchema } from './users';

/** Days left before the due date, and whether to warn (fewer than 5). Null when there is no due date. */
export const subscriptionInfoSchema = z.object({
  dueDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  warning: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** POST /auth/login and POST /auth/refresh_token. */
export const loginResponseSchema = z.object({
  token: z.string(),
  /** The login session; `company-{id}-auth` carries the new session's id so it can ignore its own. */
  sessionId: z.string(),
  user: userResponseSchema,
  subscription: subscriptionInfoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /auth/me: the signed-in user, with its company. */
export const meResponseSchema = userResponseSchema;

/**
 * `company-{id}-auth`, sent to the sockets of the user who just logged in: every session except
 * the one whose id is `sessionId` shows 'Sua conta foi acessada em outro computador.' and signs out.
 */
export type AuthSocketPayload = { action: 'update'; user: { id: number }; sessionId: string };
