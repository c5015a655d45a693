import type { AgentProvider, TranscribeProvider } from '@app/contracts';

export const AI_OPTIONS = Symbol('AI_OPTIONS');

/** Where each provider's OpenAI-compatible chat-completions API lives (its /chat/completions is under it). */
export const PROVIDER_BASE_URLS: Record<AgentProvider, string> = {
  openai: 'https://api.openai.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
};

export interface AiOptions {
  /**
   * The secret the providers' keys (OpenAI, Azure Speech) are encrypted with at rest: AI_KEYS_SECRET,
   * at least 32 characters. Changing it makes the stored keys unreadable (each must be entered again).
   */
  keysSecret: string;
  /** Consumer group of conversations.events for the queues' projection (default ai-queues); tests may isolate theirs. */
  queuesGroupId?: string;
  /** Another base URL per provider (a self-hosted gateway, or a spec's local server); PROVIDER_BASE_URLS otherwise. */
  providerBaseUrls?: Partial<Record<AgentProvider, string>>;
  /** Another Dialogflow API base (a spec's local server); https://dialogflow.googleapis.com otherwise. */
  dialogflowBaseUrl?: string;
  /** How long a connection test waits for the provider's answer (default 15 s). */
  connectionTestTimeoutMs?: number;
  /** Consumer group of whatsapp.events for the connections' grouping windows (default ai-connections). */
  connectionsGroupId?: string;
  /** Consumer group of conversations.events for the messages the assistants answer (default ai-answering). */
  answeringGroupId?: string;
  /** Consumer group of conversations.events for the tickets that close (default ai-closed-tickets). */
  closedTicketsGroupId?: string;
  /** How long one call to a provider may take before it counts as failed (default 30 s). */
  modelTimeoutMs?: number;
  /** Retries of a call the provider refused with 429 or 5xx, or that timed out, with backoff (default 2). */
  modelRetries?: number;
  /** Calls to the providers one company may have in flight at once in this process (default 4). */
  companyConcurrency?: number;
  /**
   * Calls to the providers this process has in flight at once, all companies together (default 256),
   * handed out in fair turns between the companies waiting, each within its own limit.
   */
  answersInFlight?: number;
  /** Failed answers in a row that open a provider key's circuit (default 5). */
  breakerFailures?: number;
  /** How long an open circuit answers with the fallback before one call tries the provider again (default 30 s). */
  breakerCooldownMs?: number;
  /**
   * Chatbot integration turns this process runs at once, all companies together (default 32): their
   * own pg-boss queue and worker, apart from the assistants' answers; one company takes at most
   * `companyConcurrency` of them.
   */
  chatbotConcurrency?: number;
  /** How long one call to a chatbot integration may take before it counts as failed (default 15 s). */
  chatbotTimeoutMs?: number;
  /** Retries of a chatbot call refused with 429 or 5xx, or that timed out, with backoff (default 2). */
  chatbotRetries?: number;
  /** The first retry's wait; each next one doubles it (default 500 ms; a Retry-After up to 10 s is honoured). */
  chatbotBackoffMs?: number;
  /** Another base URL per transcription provider (openai .../v1, deepgram .../v1, assemblyai .../v2); tests use local servers. */
  transcriptionBaseUrls?: Partial<Record<TranscribeProvider, string>>;
  /** Gemini's OpenAI-compatible base URL for the group summaries (default Google's). */
  geminiBaseUrl?: string;
  /** ElevenLabs' API base (default https://api.elevenlabs.io). */
  elevenLabsBaseUrl?: string;
  /** Azure Speech's TTS URL, `{region}` replaced by the prompt's voiceRegion (default https://{region}.tts.speech.microsoft.com). */
  azureSpeechBaseUrl?: string;
  /** How long one call to a speech provider (transcription, TTS) may take (default 60 s). */
  speechTimeoutMs?: number;
  /** Retries of a speech call refused with 429 or 5xx or timed out, with backoff (default 2). */
  speechRetries?: number;
  /** How often an AssemblyAI transcript is asked for until it is done (default 3 s), and for how long at most (default 10 min). */
  assemblyPollIntervalMs?: number;
  assemblyPollTimeoutMs?: number;
  /** The largest audio transcribed (default 25 MB, OpenAI's limit); a larger one is left alone. */
  audioMaxBytes?: number;
  /** Consumer group of whatsapp.events for the connections' transcription settings (default ai-transcription-settings). */
  transcriptionSettingsGroupId?: string;
  /** Consumer group of conversations.events for audio messages and groups (default ai-transcription). */
  transcriptionGroupId?: string;
  /** Consumer group of identity.events for the companies' time zones (default ai-company-settings). */
  companySettingsGroupId?: string;
  /** The clock the daily summaries read (tests fix it); Date.now otherwise. */
  now?: () => Date;
  /** How long reading one knowledge document may take in its worker (default KNOWLEDGE_LIMITS.readSeconds). */
  knowledgeReadTimeoutMs?: number;
  /** How long fetching a knowledge web page may take (default 15 s). */
  knowledgeFetchTimeoutMs?: number;
}
