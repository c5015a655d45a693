import {
  QUEUE_INTEGRATION_DEFAULTS,
  QUEUE_INTEGRATION_TYPES,
  type QueueIntegration,
  type QueueIntegrationCreateBody,
  type QueueIntegrationType,
} from '@app/contracts';
import { z } from 'zod';

import { ApiError } from '@/lib/api-client';

/** Spec 3 section 9: the 6 colours of an agent's or integration's automatic queue, chosen by id modulo 6. */
export const AUTO_QUEUE_COLOURS = ['#2563EB', '#16A34A', '#DC2626', '#9333EA', '#EA580C', '#0891B2'] as const;
export const autoQueueColour = (id: number): string => AUTO_QUEUE_COLOURS[id % AUTO_QUEUE_COLOURS.length]!;

/** Spec 3 section 8: the warning (i18n key and values) when the automatic queue could not be made. */
export function queueWarning(error: unknown): { key: 'integrations.queueLimit' | 'integrations.queueFailed'; error: string } {
  const text = error instanceof Error ? error.message : String(error);
  if ((error instanceof ApiError && error.code === 'ERR_QUEUE_LIMIT_REACHED') || /m[áa]xim|limit/i.test(text))
    return { key: 'integrations.queueLimit', error: text };
  return { key: 'integrations.queueFailed', error: text };
}

export const INTEGRATION_TYPES = QUEUE_INTEGRATION_TYPES;

/** The fields each type shows in the modal (spec 3, integration modal). */
export const FIELDS_BY_TYPE: Record<QueueIntegrationType, readonly (keyof IntegrationFormValues)[]> = {
  typebot: [
    'urlN8N',
    'typebotSlug',
    'typebotExpires',
    'typebotDelayMessage',
    'typebotKeywordFinish',
    'typebotKeywordRestart',
    'typebotUnknownMessage',
    'typebotRestartMessage',
  ],
  n8n: ['urlN8N', 'signingSecret'],
  webhook: ['urlN8N', 'signingSecret'],
  // The spec's one API-key field (apidify) also holds a Flowise chatflow's key: optional, a public chatflow has none.
  flowise: ['urlflowise', 'apidify'],
  dify: ['urldify', 'apidify'],
  openaiassist: ['openaiid', 'openaikey'],
  dialogflow: ['projectName', 'language', 'jsonContent'],
};

/** What each type needs besides its name (spec 3 section 5; the server checks the same). */
const REQUIRED: Record<QueueIntegrationType, readonly (keyof IntegrationFormValues)[]> = {
  typebot: ['urlN8N', 'typebotSlug'],
  n8n: ['urlN8N'],
  webhook: ['urlN8N'],
  flowise: ['urlflowise'],
  dify: ['urldify', 'apidify'],
  openaiassist: ['openaiid', 'openaikey'],
  dialogflow: ['projectName', 'language', 'jsonContent'],
};

const URL_FIELDS = new Set(['urlN8N', 'urlflowise', 'urldify']);

/** The integration modal's form: name 2 to 50, one of the seven types, each type's URL or keys. Messages are i18n keys. */
export const integrationFormSchema = z
  .object({
    type: z.enum(QUEUE_INTEGRATION_TYPES, { message: 'integrations.validation.type' }),
    name: z
      .string()
      .trim()
      .min(1, { message: 'integrations.validation.required', abort: true })
      .min(2, 'integrations.validation.tooShort')
      .max(50, 'integrations.validation.tooLong'),
    projectName: z.string(),
    jsonContent: z.string(),
    language: z.string(),
    urlN8N: z.string().trim(),
    urlflowise: z.string().trim(),
    urldify: z.string().trim(),
    apidify: z.string(),
    openaiid: z.string(),
    openaikey: z.string(),
    typebotSlug: z.string().trim(),
    typebotExpires: z.string().regex(/^\d+$/, 'integrations.validation.number'),
    typebotDelayMessage: z.string().regex(/^\d+$/, 'integrations.validation.number'),
    typebotKeywordFinish: z.string(),
    typebotKeywordRestart: z.string(),
    typebotUnknownMessage: z.string(),
    typebotRestartMessage: z.string(),
    signingSecret: z.string(),
  })
  .superRefine((values, ctx) => {
    for (const field of REQUIRED[values.type]) {
      const value = String(values[field]).trim();
      if (!value) ctx.addIssue({ code: 'custom', path: [field], message: 'integrations.validation.required' });
      else if (URL_FIELDS.has(field) && !/^https?:\/\/\S+$/i.test(value))
        ctx.addIssue({ code: 'custom', path: [field], message: 'integrations.validation.url' });
    }
  });
export type IntegrationFormValues = z.infer<typeof integrationFormSchema>;

export function integrationFormDefaults(
  integration: QueueIntegration | null,
  start?: { type: QueueIntegrationType; name: string },
): IntegrationFormValues {
  return {
    type: integration?.type ?? start?.type ?? QUEUE_INTEGRATION_DEFAULTS.type,
    name: integration?.name ?? start?.name ?? '',
    projectName: integration?.projectName ?? '',
    jsonContent: integration?.jsonContent ?? '',
    language: integration?.language ?? QUEUE_INTEGRATION_DEFAULTS.language,
    urlN8N: integration?.urlN8N ?? '',
    urlflowise: integration?.urlflowise ?? '',
    urldify: integration?.urldify ?? '',
    apidify: integration?.apidify ?? '',
    openaiid: integration?.openaiid ?? '',
    openaikey: integration?.openaikey ?? '',
    typebotSlug: integration?.typebotSlug ?? '',
    typebotExpires: String(integration?.typebotExpires ?? QUEUE_INTEGRATION_DEFAULTS.typebotExpires),
    typebotDelayMessage: String(integration?.typebotDelayMessage ?? QUEUE_INTEGRATION_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: integration?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: integration?.typebotKeywordRestart ?? '',
    typebotUnknownMessage: integration?.typebotUnknownMessage ?? '',
    typebotRestartMessage: integration?.typebotRestartMessage ?? '',
    signingSecret: integration?.signingSecret ?? '',
  };
}

/** The body sent: the numbers as numbers (the secrets as shown are kept by the server). */
export function toIntegrationBody(values: IntegrationFormValues): QueueIntegrationCreateBody {
  return { ...values, typebotExpires: Number(values.typebotExpires), typebotDelayMessage: Number(values.typebotDelayMessage) };
}
