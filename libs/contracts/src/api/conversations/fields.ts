import { z } from 'zod';

import { dateOnlySchema, idSchema } from '../primitives';
import { CONVERSATIONS_MESSAGES, MAX_PAGE_NUMBER } from './constants';

/** Field schemas the conversations resources share (not re-exported by ./index). */
export const M = CONVERSATIONS_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Shared field schemas
// ---------------------------------------------------------------------------------------------

export const id = idSchema;
export const isoDateTime = z.string();
export const dateOnly = dateOnlySchema;
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1);
export const searchParam = z.string().trim().max(200).default('');

export const booleanQuery = z.preprocess(
  (value) => (value === undefined || value === '' ? undefined : value === true || value === 'true' || value === '1'),
  z.boolean().optional(),
);

export const colour = z
  .string({ error: M.genericRequired })
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'Cor inválida');
