import { type ForgotPasswordRequest, forgotPasswordResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

export const requestCodeFormSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'validation.fieldRequired').pipe(z.email('validation.emailInvalid')),
});
export type RequestCodeFormValues = z.infer<typeof requestCodeFormSchema>;

/** `POST /api/forgetpassword` `{ email }`: mails a reset code, or a note that no account uses the e-mail; the answer is the same. */
export function requestResetCode(input: ForgotPasswordRequest): Promise<unknown> {
  return api.post('/forgetpassword', input, { schema: forgotPasswordResponseSchema, skipAuthRefresh: true });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode, meta: { silent: true } });
}
