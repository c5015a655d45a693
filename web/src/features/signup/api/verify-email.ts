import { type VerifyEmailRequest, verifyEmailResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type VerifyEmailInput = VerifyEmailRequest;

/** `POST /api/verify-email`: mails a verification code to the address. */
export function verifyEmail(input: VerifyEmailInput): Promise<unknown> {
  return api.post('/verify-email', input, { schema: verifyEmailResponseSchema, skipAuthRefresh: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
