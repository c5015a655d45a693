import { z } from 'zod';

import { idSchema } from '../primitives';
import { IDENTITY_MESSAGES } from './constants';

/** Field schemas the identity resources share; the public ones are re-exported by ./index. */
export const M = IDENTITY_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Shared field schemas
// ---------------------------------------------------------------------------------------------

export const positiveId = idSchema;
export const isoDateTime = z.string();

/** Sign-up and reset password rule: 8+ characters with an uppercase, a lowercase and a digit. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const strongPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(100, M.passwordRule)
  .regex(STRONG_PASSWORD_PATTERN, M.passwordRule);

export const signUpEmail = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

export const signUpName = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).min(2, M.nameTooShort).max(50, M.nameTooLong);

export const userName = z.string({ error: M.required }).trim().min(2, M.tooShort).max(50, M.tooLong);
export const userEmail = z
  .string({ error: M.required })
  .trim()
  .toLowerCase()
  .min(1, M.required)
  .max(254, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));
export const userPassword = z.string({ error: M.required }).min(5, M.tooShort).max(50, M.tooLong);

/** A code sent by e-mail: six digits. */
export const emailCodeSchema = z
  .string({ error: M.fieldRequired })
  .trim()
  .regex(/^\d{6}$/, 'O código tem 6 dígitos');

const searchParam = z.string().trim().max(100).default('');
const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageQuerySchema = z.object({ searchParam, pageNumber });
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const messageAnswer = z.object({ message: z.string() });
