import type { SheetRefusalReason } from '@app/contracts';

import { AppError } from '../errors/app-error';

/** Refusals about how big a sheet is (413); the others are about what it is (400). */
const TOO_LARGE: readonly SheetRefusalReason[] = [
  'unpackedTooLarge',
  'sharedStringsTooLarge',
  'tooManyParts',
  'tooManySheets',
  'tooManyRows',
  'tooManyColumns',
  'lineTooLong',
  'tooComplex',
];

/**
 * A sheet refused as a whole: the message for API clients, and `sheet: { reason, limit }` for the
 * web to say it in the user's language. No `fields`: the file is the whole request, not a field of it.
 */
export function refuseSheet(reason: SheetRefusalReason, message: string, limit?: number): AppError {
  const code = reason === 'busy' ? 'ERR_SERVICE_UNAVAILABLE' : TOO_LARGE.includes(reason) ? 'ERR_SHEET_TOO_LARGE' : 'ERR_VALIDATION';
  return new AppError(code, message, { sheet: limit === undefined ? { reason } : { reason, limit } });
}

/** '50 MB', '64 KB': a byte limit as a person reads it. */
export function byteSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
