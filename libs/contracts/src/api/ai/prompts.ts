import { z } from 'zod';

import { idParamSchema, idSchema } from '../primitives';

// ---------------------------------------------------------------------------------------------
// Prompts (spec 3 "Prompt", "Prompts page"): a company's text or voice assistant, bound to a queue,
// answering with OpenAI; owned by the ai service
// ---------------------------------------------------------------------------------------------

/**
 * Spec 3 section 5, 'Prompt: queue required, otherwise the error Informe o setor'; the other texts
 * are the Whaticket prompt form's (the spec's "further schema"), for what a prompt cannot work without.
 */
export const PROMPT_MESSAGES = {
  queueRequired: 'Informe o setor',
  nameRequired: 'Obrigatório',
  tooLong: 'Muito longo!',
  promptRequired: 'Descreva o treinamento para Inteligência Artificial',
  apiKeyRequired: 'Informe a API Key',
  voiceInvalid: 'Informe o modo para Voz',
  voiceKeyRequired: 'Informe a chave do serviço de voz',
  voiceRegionRequired: 'Informe a região do serviço de voz',
  invalidValue: 'Valor inválido',
  deleted: 'Prompt excluído',
} as const;

/** A text reply: no speech synthesis. */
export const PROMPT_TEXT_VOICE = 'texto';

/** Azure Speech's 16 Brazilian Portuguese neural voices (spec 3 section 9: texto plus 16). */
export const PROMPT_AZURE_VOICES = [
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-FranciscaNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ThalitaNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export const PROMPT_VOICES = [PROMPT_TEXT_VOICE, ...PROMPT_AZURE_VOICES] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Spec 3 section 9: 'Prompt defaults: voice texto, maxTokens 100, temperature 1, maxMessages 10'. */
export const PROMPT_DEFAULTS = { voice: PROMPT_TEXT_VOICE, maxTokens: 100, temperature: 1, maxMessages: 10 } as const;
/** The bounds OpenAI's chat completions and the agents' form use (spec 3 section 9, agent limits). */
export const PROMPT_LIMITS = {
  nameMax: 100,
  promptMax: 20_000,
  apiKeyMax: 500,
  temperatureMin: 0,
  temperatureMax: 2,
  maxTokensMin: 1,
  maxTokensMax: 4_000,
  maxMessagesMin: 1,
  maxMessagesMax: 50,
} as const;
export const PROMPTS_PAGE_SIZE = 20;

const M = PROMPT_MESSAGES;
const L = PROMPT_LIMITS;

/**
 * A prompt as the API shows it: `apiKey` and `voiceKey` are never whole, only the mask and their last
 * 4 characters (SECRET_MASK); `queue` is null once its queue was deleted (an edit must choose another).
 */
export const promptSchema = z.object({
  id: idSchema,
  name: z.string(),
  apiKey: z.string(),
  prompt: z.string(),
  voice: z.enum(PROMPT_VOICES),
  voiceKey: z.string(),
  voiceRegion: z.string(),
  temperature: z.number(),
  maxTokens: z.number().int(),
  maxMessages: z.number().int(),
  queueId: idSchema.nullable(),
  queue: z.object({ id: idSchema, name: z.string() }).nullable(),
  companyId: idSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, M.tooLong);

/** A number, also as a form's text ('0.7'); anything else: 'Valor inválido'. */
const numberBetween = (min: number, max: number, int: boolean) => {
  const base = z.number({ error: M.invalidValue }).min(min, M.invalidValue).max(max, M.invalidValue);
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
    int ? base.int(M.invalidValue) : base,
  );
};

/** The prompt's queue: missing, null or '' is 'Informe o setor'; otherwise an id (a number or its digits). */
const queueIdField = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .any()
    .superRefine((value, context) => {
      if (value === undefined || value === null) context.addIssue({ code: 'custom', message: M.queueRequired, abort: true });
    })
    .pipe(idParamSchema),
);

const promptFields = {
  name: requiredText(M.nameRequired, L.nameMax),
  apiKey: requiredText(M.apiKeyRequired, L.apiKeyMax),
  prompt: requiredText(M.promptRequired, L.promptMax),
  voice: z.enum(PROMPT_VOICES, { error: M.voiceInvalid }),
  voiceKey: z.string({ error: M.invalidValue }).trim().max(L.apiKeyMax, M.tooLong),
  voiceRegion: z
    .string({ error: M.invalidValue })
    .trim()
    .regex(/^[a-z0-9-]*$/i, M.invalidValue)
    .max(50, M.tooLong),
  temperature: numberBetween(L.temperatureMin, L.temperatureMax, false),
  maxTokens: numberBetween(L.maxTokensMin, L.maxTokensMax, true),
  maxMessages: numberBetween(L.maxMessagesMin, L.maxMessagesMax, true),
  queueId: queueIdField,
};

/** A voice other than 'texto' is spoken by Azure Speech, which needs the key and the region. */
const voiceNeedsAzure = (body: { voice?: string; voiceKey?: string; voiceRegion?: string }, context: z.RefinementCtx) => {
  if (!body.voice || body.voice === PROMPT_TEXT_VOICE) return;
  if (!body.voiceKey) context.addIssue({ code: 'custom', path: ['voiceKey'], message: M.voiceKeyRequired });
  if (!body.voiceRegion) context.addIssue({ code: 'custom', path: ['voiceRegion'], message: M.voiceRegionRequired });
};

/**
 * POST /prompt: name, apiKey, prompt and a queue ('Informe o setor') required; voice 'texto' (the
 * default) or an Azure voice with its voiceKey and voiceRegion; temperature 0 to 2 (default 1),
 * maxTokens 1 to 4,000 (default 100), maxMessages 1 to 50 (default 10).
 */
export const promptCreateBodySchema = z
  .object({
    ...promptFields,
    voice: promptFields.voice.default(PROMPT_DEFAULTS.voice),
    voiceKey: promptFields.voiceKey.default(''),
    voiceRegion: promptFields.voiceRegion.default(''),
    temperature: promptFields.temperature.default(PROMPT_DEFAULTS.temperature),
    maxTokens: promptFields.maxTokens.default(PROMPT_DEFAULTS.maxTokens),
    maxMessages: promptFields.maxMessages.default(PROMPT_DEFAULTS.maxMessages),
  })
  .superRefine((body, context) => voiceNeedsAzure(body, context));
export type PromptCreateBody = z.input<typeof promptCreateBodySchema>;
export type PromptCreateFields = z.output<typeof promptCreateBodySchema>;

/**
 * PUT /prompt/{id}: the fields that change. A key sent back as GET showed it (the mask and its last
 * 4 characters), or left out, keeps the stored key; the queue cannot be taken away ('Informe o setor').
 */
export const promptUpdateBodySchema = z.object({
  name: promptFields.name.optional(),
  apiKey: promptFields.apiKey.optional(),
  prompt: promptFields.prompt.optional(),
  voice: promptFields.voice.optional(),
  voiceKey: promptFields.voiceKey.optional(),
  voiceRegion: promptFields.voiceRegion.optional(),
  temperature: promptFields.temperature.optional(),
  maxTokens: promptFields.maxTokens.optional(),
  maxMessages: promptFields.maxMessages.optional(),
  queueId: promptFields.queueId.optional(),
});
export type PromptUpdateBody = z.input<typeof promptUpdateBodySchema>;
export type PromptUpdateFields = z.output<typeof promptUpdateBodySchema>;

/** GET /prompt?searchParam=&pageNumber= → {prompts, count, hasMore}: by name, 20 a page. */
export const promptPageQuerySchema = z.object({
  searchParam: z.string().trim().max(200).default(''),
  pageNumber: z.coerce.number().int().min(1).max(2_500).default(1),
});
export const promptPageResponseSchema = z.object({
  prompts: z.array(promptSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type PromptPageResponse = z.infer<typeof promptPageResponseSchema>;

export const promptDeleteResponseSchema = z.object({ message: z.string() });

/**
 * `company-{id}-prompt`: create and update carry the prompt (keys masked); delete its id, also as
 * `intelligenceId` (the Whaticket web's name for it).
 */
export type PromptSocketPayload =
  { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number; intelligenceId: number };
