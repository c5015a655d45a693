import { z } from 'zod';

/**
 * Field schemas every API shares, so a rule about ids, dates or text is written once: what the
 * server stores (PostgreSQL `integer`, `date`, UTF-8 `text`) bounds what it accepts.
 */

/** PostgreSQL's `integer`: every id column. */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = `Must be a whole number from 1 to ${MAX_ID}`;

/** An id in a JSON body or a response: a positive `integer`. */
export const idSchema = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/**
 * An id from a path or a query string: digits only ('12', not '1e12', '0x10' or '1.0'), then the id
 * rule; a number (a JSON body) passes as is.
 */
export const idParamSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,20}\s*$/.test(value) ? Number(value) : value),
  idSchema,
);

/**
 * A list of ids in a query string: `[1,2]` (JSON, as the Whaticket web sends it), `1,2`, or the
 * parameter repeated. Empty means "no filter".
 */
export const idListQuerySchema = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((item): unknown[] => (typeof item === 'number' ? [item] : String(item).split(',')));
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch {
      return [text];
    }
  }
  return text.split(',');
}, z.array(idParamSchema).max(500));

/**
 * A flag in a request body as the Whaticket family's web clients send it: a boolean, `1`/`0` (the
 * chat sends `read: 1` with every reply), or `'1'`/`'0'`/`'true'`/`'false'` (form data and
 * query-string habits). Anything else ('maybe', 2, 'yes', null) is refused as "expected boolean".
 */
export const looseBoolean = z.preprocess((value) => {
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return value;
}, z.boolean());

/**
 * An optional id a web form sends as `''` when nothing is chosen (the Whaticket user modal's
 * connection select): `''` counts as null, any other value follows the id rule.
 */
export const idOrBlankSchema = z.preprocess((value) => (value === '' ? null : value), idSchema.nullable());

/** YYYY-MM-DD */
export const DATE_ONLY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A YYYY-MM-DD that names a day of the calendar: not 2024-02-30, 2023-02-29 or 2024-13-01. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_ONLY_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const DATE_MESSAGE = 'Must be a date of the calendar as YYYY-MM-DD';
/** One day, YYYY-MM-DD, that exists. */
export const dateOnlySchema = z.string().refine(isCalendarDate, DATE_MESSAGE);

/**
 * Text PostgreSQL cannot store or JSON cannot carry: a NUL byte, or half of a UTF-16 surrogate pair
 * (which no UTF-8 encodes). The server refuses it in every input (see decision 0022).
 */
// eslint-disable-next-line no-control-regex -- the NUL byte is what this refuses
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain NUL bytes or unpaired UTF-16 surrogates';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

// ---- the company's time zone ------------------------------------------------------------------

/**
 * The zone a company's clock is read in (campaign hours, schedules, business hours, the greeting's
 * hour, the dashboard's days) until the company setting `timezone` names another (decision 0037).
 */
export const DEFAULT_COMPANY_TIME_ZONE = 'America/Sao_Paulo';
/** The company setting that holds it. */
export const COMPANY_TIME_ZONE_SETTING = 'timezone';

/**
 * Whether the text names an IANA zone the runtime knows ('America/Sao_Paulo', 'Asia/Tokyo', 'UTC'):
 * a name, never an offset ('+03:00', which PostgreSQL would read with the opposite sign).
 */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone) || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The precise answer to a value that is not a known zone. */
export const invalidTimeZoneMessage = (zone: string): string =>
  `Fuso horário inválido: "${zone}" não é um fuso IANA conhecido (ex.: ${DEFAULT_COMPANY_TIME_ZONE})`;
