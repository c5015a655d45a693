import { type SheetRefusalReason, sheetRefusalSchema } from '@app/contracts';
import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api-client';

/** Limits given in bytes, said as '50 MB' or '64 KB'. */
const BYTE_LIMITS: readonly SheetRefusalReason[] = ['unpackedTooLarge', 'sharedStringsTooLarge', 'lineTooLong'];

const byteSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * Why a sheet upload was refused as a whole, in the user's language: the answer's `sheet` reason and
 * limit, or the upload's own size limit (a 413 without a reason). Undefined for any other failure.
 */
export function sheetRefusalMessage(error: unknown, t: TFunction, maxUploadBytes: number): string | undefined {
  if (!isApiError(error)) return undefined;
  const refusal = sheetRefusalSchema.safeParse(error.details.sheet);
  if (refusal.success) {
    const { reason, limit } = refusal.data;
    const shown = limit === undefined ? '' : BYTE_LIMITS.includes(reason) ? byteSize(limit) : limit.toLocaleString();
    return t(`sheetRefusals.${reason}`, { limit: shown });
  }
  if (error.status === 413) return t('sheetRefusals.fileTooLarge', { limit: byteSize(maxUploadBytes) });
  return undefined;
}
