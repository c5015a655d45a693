import { z } from 'zod';

/**
 * Why a sheet was refused as a whole, for the web to say in the user's language (with `limit` when a
 * limit was passed): in the error body as `sheet: { reason, limit }`.
 */
export const SHEET_REFUSAL_REASONS = [
  'extension',
  'notASheet',
  'empty',
  'noNumberColumn',
  'unpackedTooLarge',
  'sharedStringsTooLarge',
  'tooManyParts',
  'tooManySheets',
  'tooManyRows',
  'tooManyColumns',
  'lineTooLong',
  'tooComplex',
  'busy',
] as const;
export type SheetRefusalReason = (typeof SHEET_REFUSAL_REASONS)[number];

export const sheetRefusalSchema = z.object({ reason: z.enum(SHEET_REFUSAL_REASONS), limit: z.number().optional() });
export type SheetRefusal = z.infer<typeof sheetRefusalSchema>;
