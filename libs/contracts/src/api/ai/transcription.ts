import { z } from 'zod';

import { idParamSchema, idSchema } from '../primitives';

// ---------------------------------------------------------------------------------------------
// Transcription and group summaries (spec 3 "Group summaries and transcription", "Group contact";
// spec 1's connection fields transcribe, transcribeme, transcribekey, transcribeprovider, sendme)
// ---------------------------------------------------------------------------------------------

/** The most characters of a transcript the chat shows (a long voice note's text fits). */
export const TRANSCRIPT_MAX_LENGTH = 20_000;

/** Spec 3 section 9: summary providers openai, gemini and openrouter, each also offering 'Outro'. */
export const SUMMARY_PROVIDERS = ['openai', 'gemini', 'openrouter'] as const;
export type SummaryProvider = (typeof SUMMARY_PROVIDERS)[number];
/** The models each summary provider offers (spec 3 section 9; gemini's and openrouter's as the spec describes them). */
export const SUMMARY_MODELS: Record<SummaryProvider, readonly string[]> = {
  openai: ['gpt-4o', 'gpt-4o-mini', 'o1-mini'],
  gemini: ['gemini-2.0-flash', 'gemini-1.5-flash', 'gemini-1.5-pro'],
  openrouter: ['deepseek/deepseek-chat', 'meta-llama/llama-3.3-70b-instruct:free', 'anthropic/claude-3.5-sonnet'],
};
/** The choice that shows a free-text model field. */
export const SUMMARY_OTHER_MODEL = 'Outro';

/** Spec 3 section 9: 'Summary defaults: max tokens 2000, temperature 0.7, provider openai'. */
export const SUMMARY_DEFAULTS = { provider: 'openai', maxTokens: 2000, temperature: 0.7, time: '00:00:00' } as const;
export const SUMMARY_LIMITS = { maxTokensMin: 50, maxTokensMax: 4000, temperatureMin: 0, temperatureMax: 2, promptMax: 5_000, keyMax: 500 };

/** The prompt a summary uses when the group has none. */
export const SUMMARY_DEFAULT_PROMPT =
  'Resuma as conversas do grupo nas últimas 24 horas em português, em tópicos curtos: assuntos tratados, decisões, pendências e quem ficou de fazer o quê.';

/** Spec 3 section 8 and 5: the summary's texts. */
export const SUMMARY_MESSAGES = {
  saved: 'Configurações de resumo salvas!',
  invalidState: 'Estado inválido',
  /** {{after}} is the earliest time allowed, HH:MM. */
  timeTooSoon: 'Selecione um horário com pelo menos 5 minutos de antecedência (após {{after}})',
  invalidValue: 'Valor inválido',
  modelRequired: 'Informe o modelo',
  keyRequired: 'Informe a chave da API',
} as const;

/** HH:MM:SS, or HH:MM (stored with :00). */
const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: SUMMARY_MESSAGES.invalidValue })
  .transform((value) => (value.length === 5 ? `${value}:00` : value));

/** A WhatsApp group contact as /transcribe shows it (spec 3 "Group contact"); `resumekey` is the mask and its last 4 characters. */
export const groupContactSchema = z.object({
  id: idSchema,
  name: z.string(),
  number: z.string(),
  isGroup: z.literal(true),
  profilePicUrl: z.string(),
  uuid: z.string(),
  activetranscribe: z.boolean(),
  resumegroup: z.boolean(),
  timeresume: z.string(),
  resumeprovider: z.enum(SUMMARY_PROVIDERS),
  resumemodel: z.string(),
  resumekey: z.string(),
  resumemaxtokens: z.number().int(),
  resumetemperature: z.number(),
  resumeprompt: z.string(),
  /** When the last summary was posted (ISO), null before the first. */
  lastSummaryAt: z.string().nullable(),
});
export type GroupContact = z.infer<typeof groupContactSchema>;

/** GET /groups?searchParam&pageNumber: the company's group contacts, 20 a page, by name. */
export const groupListQuerySchema = z.object({
  searchParam: z.string().max(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;
export const groupListResponseSchema = z.object({ contacts: z.array(groupContactSchema), hasMore: z.boolean(), count: z.number().int() });
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;
export const GROUPS_PAGE_SIZE = 20;

/**
 * PUT /groups/{id}: the transcription toggle alone (saved at once), or the summary settings. A key
 * sent back as the API showed it (the mask) keeps the stored one. `clientNow` is not taken: the
 * server's clock and the company's time zone decide whether the time is soon enough.
 */
export const groupUpdateSchema = z
  .object({
    activetranscribe: z.boolean({ error: SUMMARY_MESSAGES.invalidValue }).optional(),
    resumegroup: z.boolean({ error: SUMMARY_MESSAGES.invalidValue }).optional(),
    timeresume: timeOfDay.optional(),
    resumeprovider: z.enum(SUMMARY_PROVIDERS, { error: SUMMARY_MESSAGES.invalidValue }).optional(),
    resumemodel: z.string().trim().max(200).optional(),
    resumekey: z.string().trim().max(SUMMARY_LIMITS.keyMax).optional(),
    resumemaxtokens: z.coerce
      .number({ error: SUMMARY_MESSAGES.invalidValue })
      .int()
      .min(SUMMARY_LIMITS.maxTokensMin, { error: SUMMARY_MESSAGES.invalidValue })
      .max(SUMMARY_LIMITS.maxTokensMax, { error: SUMMARY_MESSAGES.invalidValue })
      .optional(),
    resumetemperature: z.coerce
      .number({ error: SUMMARY_MESSAGES.invalidValue })
      .min(SUMMARY_LIMITS.temperatureMin, { error: SUMMARY_MESSAGES.invalidValue })
      .max(SUMMARY_LIMITS.temperatureMax, { error: SUMMARY_MESSAGES.invalidValue })
      .optional(),
    resumeprompt: z.string().max(SUMMARY_LIMITS.promptMax).optional(),
  })
  .strict();
export type GroupUpdateBody = z.infer<typeof groupUpdateSchema>;
export const groupIdParamSchema = z.object({ id: idParamSchema });

/**
 * Spec 3 section 5: a summary time must be at least one minute ahead of now in the company's zone
 * (the message names 5 minutes, as the spec's text does). The earliest allowed time, HH:MM, for the message.
 */
export function summaryTimeProblem(time: string, nowMinutesOfDay: number): { after: string } | null {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const chosen = hours * 60 + minutes;
  const earliest = nowMinutesOfDay + 1;
  if (chosen >= earliest) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const shown = earliest % (24 * 60);
  return { after: `${pad(Math.floor(shown / 60))}:${pad(shown % 60)}` };
}
