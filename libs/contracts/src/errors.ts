import { z } from 'zod';

/**
 * Error codes of the API. The spec's catalogue first; the ones after the marker are ours, listed in
 * docs/api.md. A code is added here and nowhere else: the HTTP status map in libs/platform is a Record
 * over this union, so an unmapped code fails to compile.
 */
export const ERROR_CODES = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_COMPANY_NOT_APPROVED',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_QUEUE_NAME_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_COMPANY_NAME_ALREADY_EXISTS',
  // ours
  'ERR_VALIDATION',
  'ERR_NOT_FOUND',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_INVALID_TOKEN',
  'ERR_INVALID_API_TOKEN',
  'ERR_EMAIL_ALREADY_EXISTS',
  'ERR_PLAN_FEATURE_DISABLED',
  'ERR_RATE_LIMITED',
  'ERR_INTERNAL',
  'ERR_INVALID_CODE',
  'ERR_PLAN_IN_USE',
  'ERR_USER_LIMIT_REACHED',
  'ERR_CONNECTION_LIMIT_REACHED',
  'ERR_LAST_ADMIN',
  'ERR_USER_DELETE_SELF',
  'ERR_TICKET_NOT_ALLOWED',
  'ERR_TICKET_CLOSED',
  'ERR_QUEUE_LIMIT_REACHED',
  'ERR_QUEUE_NOT_FOUND',
  'ERR_SERVICE_UNAVAILABLE',
  'ERR_API_MEDIA_IN_USE',
  'ERR_CAMPAIGN_NOT_EDITABLE',
  'ERR_CAMPAIGN_STATUS',
  'ERR_CAMPAIGN_TEMPLATE_REQUIRED',
  'ERR_SCHEDULE_CONFLICT',
  'ERR_SCHEDULE_SENT',
  'ERR_DEFAULT_CALENDAR',
  'ERR_SHEET_TOO_LARGE',
  'ERR_KNOWLEDGE_TOO_LARGE',
  'ERR_KNOWLEDGE_LIMIT_REACHED',
  'ERR_COPILOT_NO_PROVIDER',
  'ERR_COPILOT_PROVIDER_FAILED',
  'ERR_IDEMPOTENCY_IN_PROGRESS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  fields?: { path: string; message: string }[];
  [extra: string]: unknown;
}

/** {@link ErrorBody} as a schema: what tests parse error answers with. */
export const errorBodySchema = z.looseObject({
  error: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
