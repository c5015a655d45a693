import { type ResetPasswordRequest, resetPasswordResponseSchema, STRONG_PASSWORD_PATTERN } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

/** Phase two: the mailed code, the new password and its confirmation (spec 3 section 5). */
export const resetPasswordFormSchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1, 'validation.fieldRequired')
      .regex(/^\d{6}$/, 'validation.codeFormat'),
    password: z.string().min(1, 'validation.fieldRequired').regex(STRONG_PASSWORD_PATTERN, 'validation.passwordRule'),
    confirmPassword: z.string().min(1, 'validation.fieldRequired'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDontMatch',
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export type ResetPasswordInput = ResetPasswordRequest;

/**
 * `POST /api/resetpasswords` with `{ email, token, password }` in the JSON body: the spec puts them
 * in the path, which would leave the password in logs (see docs/api.md).
 */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.post('/resetpasswords', input, { schema: resetPasswordResponseSchema, skipAuthRefresh: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
