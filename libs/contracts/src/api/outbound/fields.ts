import { z } from 'zod';

import { idSchema } from '../primitives';
import { OUTBOUND_MESSAGES } from './constants';

/** Field schemas the outbound resources share (not re-exported by ./index). */
export const M = OUTBOUND_MESSAGES;
export const id = idSchema;
export const isoDateTime = z.string();
export const pageNumber = z.coerce.number().int().min(1).max(2_500).default(1);
export const searchParam = z.string().trim().max(200).default('');
