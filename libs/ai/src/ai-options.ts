import type { AgentProvider } from '@app/contracts';

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
  /** Failed answers in a row that open a provider key's circuit (default 5). */
  breakerFailures?: number;
  /** How long an open circuit answers with the fallback before one call tries the provider again (default 30 s). */
  breakerCooldownMs?: number;
  /** How long reading one knowledge document may take in its worker (default KNOWLEDGE_LIMITS.readSeconds). */
  knowledgeReadTimeoutMs?: number;
  /** How long fetching a knowledge web page may take (default 15 s). */
  knowledgeFetchTimeoutMs?: number;
}
