import { z } from 'zod';

import { emailCodeSchema, M, messageAnswer, STRONG_PASSWORD_PATTERN } from './fields';

// ---------------------------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------------------------

/** POST /forgetpassword {email} (also /forgetpassword/:email): 404 ERR_NO_USER_FOUND when unknown. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: M.fieldRequired })
    .trim()
    .toLowerCase()
    .min(1, M.fieldRequired)
    .max(254, M.invalidEmail)
    .pipe(z.email(M.invalidEmail)),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;
export const forgotPasswordResponseSchema = z.object({ status: z.literal(200), message: z.string() });

/** POST /resetpasswords: the new password in the body, never in the path. */
export const resetPasswordSchema = z
  .object({
    email: forgotPasswordSchema.shape.email,
    token: emailCodeSchema,
    password: z
      .string({ error: M.fieldRequired })
      .min(1, M.fieldRequired)
      .max(100, M.passwordRule)
      .regex(STRONG_PASSWORD_PATTERN, M.passwordRule),
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;
export const resetPasswordResponseSchema = messageAnswer;
