import { z } from 'zod';

import { MAX_ID } from '../primitives';
import { emailCodeSchema, M, positiveId, signUpEmail, signUpName, strongPasswordSchema } from './fields';
import { phoneSchema } from './phone-field';

// Sign-up
// ---------------------------------------------------------------------------------------------

/** POST /verify-email: step one; a code goes by e-mail. */
export const verifyEmailSchema = z.object({ email: signUpEmail, name: signUpName });
export type VerifyEmailRequest = z.infer<typeof verifyEmailSchema>;
export const verifyEmailResponseSchema = z.object({ sent: z.literal(true), message: z.string() });

/** POST /verify-code: step two; `valid: true` marks the e-mail verified for the sign-up that follows. */
export const verifyCodeSchema = z.object({ email: signUpEmail, code: emailCodeSchema });
export type VerifyCodeRequest = z.infer<typeof verifyCodeSchema>;
export const verifyCodeResponseSchema = z.object({ valid: z.boolean() });
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/**
 * POST /companies/cadastro: needs the e-mail verified by /verify-code within the hour. The server
 * decides recurrence (MENSAL), status (true), campaignsEnabled (true), dueDate (today + trial days)
 * and approved (false): those fields are accepted for compatibility and ignored.
 */
export const signUpSchema = z.object({
  name: signUpName,
  email: signUpEmail,
  phone: phoneSchema.optional(),
  password: strongPasswordSchema,
  planId: z.coerce.number({ error: M.planRequired }).int(M.planPlaceholder).positive(M.planPlaceholder).max(MAX_ID, M.planPlaceholder),
  recurrence: z.string().optional(),
  dueDate: z.string().nullable().optional(),
  status: z.unknown().optional(),
  campaignsEnabled: z.unknown().optional(),
});
export type SignUpRequest = z.input<typeof signUpSchema>;
export const signUpResponseSchema = z.object({
  message: z.string(),
  company: z.object({ id: positiveId, name: z.string(), dueDate: z.string().nullable(), approved: z.boolean() }),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
