import type { i18n as I18n } from 'i18next';

import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

type Translator = Pick<I18n, 't' | 'exists' | 'language' | 'resolvedLanguage'>;

/**
 * The text shown for a failed request (spec section 8): the translation of the response's `error`
 * code when one exists, else the raw text, a plain string as is, else the generic message.
 */
export function getErrorMessage(error: unknown, i18n: Translator): string {
  const fallback = i18n.t('errors.generic');
  if (typeof error === 'string') return error || fallback;

  if (isApiError(error)) {
    const code = error.code;
    if (code && i18n.exists(`errors.${code}`)) {
      if (code === 'ERR_SUBSCRIPTION_EXPIRED') {
        const language = i18n.resolvedLanguage ?? i18n.language;
        const date = formatDate(error.details.dueDate ?? error.details.date, language);
        return date ? i18n.t('errors.ERR_SUBSCRIPTION_EXPIRED', { date }) : i18n.t('errors.ERR_SUBSCRIPTION_EXPIRED_nodate');
      }
      const { current, max } = error.details;
      if (code === 'ERR_QUEUE_LIMIT_REACHED' && typeof current === 'number' && typeof max === 'number') {
        return i18n.t('errors.ERR_QUEUE_LIMIT_REACHED_detail', { current, max });
      }
      return i18n.t(`errors.${code}` as 'errors.generic');
    }
    if (error.status === 0) return i18n.t('errors.network');
    return error.message || code || fallback;
  }

  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The validation messages of an `ERR_VALIDATION` answer, one line each, or undefined. */
export function getErrorDetails(error: unknown): string | undefined {
  if (!isApiError(error) || !error.fields?.length) return undefined;
  return error.fields.map((field) => (field.path ? `${field.path}: ${field.message}` : field.message)).join('\n');
}
