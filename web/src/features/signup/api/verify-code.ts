import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { VerifyCodeRequest, VerifyCodeResponse } from '@app/contracts';
import { api } from '@/lib/api-client';

export type VerifyCodeInput = VerifyCodeRequest;
export type { VerifyCodeResponse };

/** The mailed code: six digits. */
export const verifyCodeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'validation.fieldRequired')
    .regex(/^\d{6}$/, 'validation.codeFormat'),
});
export type VerifyCodeFormValues = z.infer<typeof verifyCodeFormSchema>;

/** `POST /api/verify-code`: answers whether the code sent to the e-mail is right. */
export function verifyCode(input: VerifyCodeInput): Promise<VerifyCodeResponse> {
  return api.post<VerifyCodeResponse>('/verify-code', input, { skipAuthRefresh: true });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
