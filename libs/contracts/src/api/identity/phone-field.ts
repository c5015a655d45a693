import { z } from 'zod';

import { normalisePhoneNumber } from '../../phone';
import { M } from './fields';

/*
 * A module of its own so that what imports the other identity fields (the login, the session) does
 * not bring libphonenumber-js with it: the web's /login downloads only the modules whose exports it uses.
 */

/** Brazilian phone: the digits of what was typed (the mask (99) 99999-9999 read by normalisePhoneNumber), at most 11. */
export const phoneSchema = z
  .string()
  .transform(normalisePhoneNumber)
  .pipe(z.string().regex(/^\d*$/, M.invalidValue).max(11, M.genericTooLong));
