import {
  type Prompt,
  PROMPT_DEFAULTS,
  PROMPT_LIMITS,
  PROMPT_TEXT_VOICE,
  PROMPT_VOICES,
  type PromptCreateBody,
  type PromptVoice,
} from '@app/contracts';
import { z } from 'zod';

const L = PROMPT_LIMITS;

/** '0,7' (the Brazilian way) or '0.7'; null when it is not a number. */
export function parseDecimal(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

const between = (min: number, max: number, int: boolean) =>
  z
    .string()
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .refine((text) => {
      const value = parseDecimal(text);
      return value !== null && value >= min && value <= max && (!int || Number.isInteger(value));
    }, 'validation.invalidValue');

/**
 * The prompt dialog (spec 3, 'Prompt: queue required, otherwise the error Informe o setor'), with what
 * the server also refuses: a name, the training text, the API key, and for a spoken voice the Azure
 * key and region. Messages are i18n keys.
 */
export const promptFormSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'validation.required', abort: true }).max(L.nameMax, 'prompts.validation.tooLong'),
    apiKey: z.string().trim().min(1, 'prompts.validation.apiKeyRequired'),
    prompt: z.string().trim().min(1, 'prompts.validation.promptRequired'),
    queueId: z.string().min(1, 'prompts.validation.queueRequired'),
    voice: z.enum(PROMPT_VOICES),
    voiceKey: z.string().trim(),
    voiceRegion: z.string().trim(),
    temperature: between(L.temperatureMin, L.temperatureMax, false),
    maxTokens: between(L.maxTokensMin, L.maxTokensMax, true),
    maxMessages: between(L.maxMessagesMin, L.maxMessagesMax, true),
  })
  .superRefine((values, context) => {
    if (values.voice === PROMPT_TEXT_VOICE) return;
    if (!values.voiceKey) context.addIssue({ code: 'custom', path: ['voiceKey'], message: 'prompts.validation.voiceKeyRequired' });
    if (!values.voiceRegion) context.addIssue({ code: 'custom', path: ['voiceRegion'], message: 'prompts.validation.voiceRegionRequired' });
  });
export type PromptFormValues = z.infer<typeof promptFormSchema>;

/** The dialog's fields for a prompt, or the spec's defaults for a new one (voice texto, 1, 100, 10). */
export function promptFormDefaults(prompt: Prompt | null): PromptFormValues {
  return {
    name: prompt?.name ?? '',
    // An edit shows the key as the API gives it (the mask and its last 4 characters); sent back unchanged, it stays.
    apiKey: prompt?.apiKey ?? '',
    prompt: prompt?.prompt ?? '',
    queueId: prompt?.queueId ? String(prompt.queueId) : '',
    voice: (prompt?.voice ?? PROMPT_DEFAULTS.voice) as PromptVoice,
    voiceKey: prompt?.voiceKey ?? '',
    voiceRegion: prompt?.voiceRegion ?? '',
    temperature: String(prompt?.temperature ?? PROMPT_DEFAULTS.temperature),
    maxTokens: String(prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
    maxMessages: String(prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
  };
}

/** What the dialog sends: numbers for the limits and the queue; a text voice sends no Azure key or region. */
export function toPromptBody(values: PromptFormValues): PromptCreateBody {
  const spoken = values.voice !== PROMPT_TEXT_VOICE;
  return {
    name: values.name,
    apiKey: values.apiKey,
    prompt: values.prompt,
    queueId: Number(values.queueId),
    voice: values.voice,
    voiceKey: spoken ? values.voiceKey : '',
    voiceRegion: spoken ? values.voiceRegion : '',
    temperature: parseDecimal(values.temperature) ?? PROMPT_DEFAULTS.temperature,
    maxTokens: parseDecimal(values.maxTokens) ?? PROMPT_DEFAULTS.maxTokens,
    maxMessages: parseDecimal(values.maxMessages) ?? PROMPT_DEFAULTS.maxMessages,
  };
}
