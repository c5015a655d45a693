import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ForgotPasswordRequest } from '@app/contracts';
import { api } from '@/lib/api-client';

export const requestCodeFormSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'validation.fieldRequired').pipe(z.email('validation.emailInvalid')),
});
export type RequestCodeFormValues = z.infer<typeof requestCodeFormSchema>;

/** `POST /api/forgetpassword` `{ email }`: mails a reset code; 404 when no user has that e-mail. */
export function requestResetCode(input: ForgotPasswordRequest): Promise<unknown> {
  return api.post('/forgetpassword', input, { skipAuthRefresh: true });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode, meta: { silent: true } });
}
