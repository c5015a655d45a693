import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '@app/contracts';
import { api } from '@/lib/api-client';

export type VerifyEmailInput = VerifyEmailRequest;

/** `POST /api/verify-email`: mails a verification code to the address. */
export function verifyEmail(input: VerifyEmailInput): Promise<unknown> {
  return api.post('/verify-email', input, { skipAuthRefresh: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
