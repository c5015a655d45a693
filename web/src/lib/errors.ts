import { apiMediaInUseSchema } from '@app/contracts';
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
      const { current, max, retryAfterSeconds } = error.details;
      if (code === 'ERR_RATE_LIMITED' && typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0) {
        return i18n.t('errors.ERR_RATE_LIMITED_wait', { wait: waitText(retryAfterSeconds, i18n) });
      }
      if (code === 'ERR_QUEUE_LIMIT_REACHED' && typeof current === 'number' && typeof max === 'number') {
        return i18n.t('errors.ERR_QUEUE_LIMIT_REACHED_detail', { current, max });
      }
      if (code === 'ERR_API_MEDIA_IN_USE') {
        const inUse = apiMediaInUseSchema.safeParse(error.details);
        if (inUse.success && inUse.data.connections.length > 0) return apiMediaInUseMessage(inUse.data.connections, i18n);
      }
      return i18n.t(`errors.${code}` as 'errors.generic');
    }
    if (error.status === 0) return i18n.t('errors.network');
    return error.message || code || fallback;
  }

  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** How long a 429 says to wait, in whole minutes from two minutes up ('5 minutos'), else in seconds ('45 segundos'). */
function waitText(seconds: number, i18n: Translator): string {
  const whole = Math.ceil(seconds);
  if (whole < 120) return i18n.t('errors.waitSeconds', { count: whole });
  return i18n.t('errors.waitMinutes', { count: Math.ceil(whole / 60) });
}

/** 'Esta mídia está em uso em Loja (API 1, posição 2), ...': each connection with the positions that hold the media. */
function apiMediaInUseMessage(connections: { name: string; positions: string[] }[], i18n: Translator): string {
  const where = (path: string) => {
    const match = /^api(\d)_medias\.(\d+)$/.exec(path);
    return match ? i18n.t('connections.settings.apiMediaWhere', { api: Number(match[1]), position: Number(match[2]) + 1 }) : path;
  };
  const places = connections.map((connection) => `${connection.name} (${connection.positions.map(where).join('; ')})`).join(', ');
  return i18n.t('errors.ERR_API_MEDIA_IN_USE_detail', { places });
}

/** The validation messages of an `ERR_VALIDATION` answer, one line each, or undefined. */
export function getErrorDetails(error: unknown): string | undefined {
  if (!isApiError(error) || !error.fields?.length) return undefined;
  return error.fields.map((field) => (field.path ? `${field.path}: ${field.message}` : field.message)).join('\n');
}
