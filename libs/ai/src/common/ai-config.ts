import { z } from 'zod';

import type { AiOptions } from './ai-options';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const positiveInt = (max: number) => optional(z.coerce.number().int().min(1).max(max));

/** The ai service's settings from the environment (standalone and apps/ai alike; docs/configuration.md). */
export const aiConfigShape = {
  /** Another base URL for OpenAI's chat completions (a self-hosted gateway); the provider's own otherwise. */
  AI_OPENAI_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Another base URL for OpenRouter's. */
  AI_OPENROUTER_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Another Dialogflow API base (a benchmark's local server); https://dialogflow.googleapis.com otherwise. */
  AI_DIALOGFLOW_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
  /** Provider calls one company may have in flight at once in a process (default 4). */
  AI_COMPANY_CONCURRENCY: positiveInt(1_000),
  /** Provider calls a process has in flight at once, all companies together, in fair turns (default 256). */
  AI_ANSWERS_IN_FLIGHT: positiveInt(10_000),
  /** Chatbot integration turns a process runs at once, all companies together, apart from the assistants' answers (default 32). */
  AI_CHATBOT_CONCURRENCY: positiveInt(1_000),
  /** How long one provider call may take, in ms (default 30,000). */
  AI_MODEL_TIMEOUT_MS: positiveInt(600_000),
};

type AiConfig = z.infer<z.ZodObject<typeof aiConfigShape>>;

export function aiOptionsFrom(config: AiConfig, keysSecret: string): AiOptions {
  const providerBaseUrls = {
    ...(config.AI_OPENAI_BASE_URL && { openai: config.AI_OPENAI_BASE_URL }),
    ...(config.AI_OPENROUTER_BASE_URL && { openrouter: config.AI_OPENROUTER_BASE_URL }),
  };
  return {
    keysSecret,
    ...(Object.keys(providerBaseUrls).length > 0 && { providerBaseUrls }),
    ...(config.AI_COMPANY_CONCURRENCY && { companyConcurrency: config.AI_COMPANY_CONCURRENCY }),
    ...(config.AI_ANSWERS_IN_FLIGHT && { answersInFlight: config.AI_ANSWERS_IN_FLIGHT }),
    ...(config.AI_CHATBOT_CONCURRENCY && { chatbotConcurrency: config.AI_CHATBOT_CONCURRENCY }),
    ...(config.AI_MODEL_TIMEOUT_MS && { modelTimeoutMs: config.AI_MODEL_TIMEOUT_MS }),
    ...(config.AI_DIALOGFLOW_BASE_URL && { dialogflowBaseUrl: config.AI_DIALOGFLOW_BASE_URL }),
  };
}
