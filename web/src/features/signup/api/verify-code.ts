import { type VerifyCodeRequest, type VerifyCodeResponse, verifyCodeResponseSchema } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

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
  return api.post('/verify-code', input, { schema: verifyCodeResponseSchema, skipAuthRefresh: true });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
