import { loginResponseSchema } from '@app/contracts';
import { z } from 'zod';

import { api } from '@/lib/api-client';

import type { LoginResponse } from '../types';

/** Messages are i18n keys; the form translates them. */
export const loginInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'validation.required')
    .regex(/^[^\s@]+@[^\s@]+$/, 'validation.invalidEmail'),
  password: z.string().min(1, 'validation.required'),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

/** `POST /api/auth/login`. A 403 here is an answer, not an expired token: no refresh. */
export function loginWithEmailAndPassword(input: LoginInput): Promise<LoginResponse> {
  return api.post('/auth/login', input, { skipAuthRefresh: true, schema: loginResponseSchema });
}
