import { AppError, zodFields } from '@app/platform';
import type { z } from 'zod';

/** The value read by the contract's schema, or 400 ERR_VALIDATION naming each field and its problem. */
export function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = zodFields(result.error);
  throw new AppError('ERR_VALIDATION', fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; '), { fields });
}
