export const AI_OPTIONS = Symbol('AI_OPTIONS');

export interface AiOptions {
  /**
   * The secret the providers' keys (OpenAI, Azure Speech) are encrypted with at rest: AI_KEYS_SECRET,
   * at least 32 characters. Changing it makes the stored keys unreadable (each must be entered again).
   */
  keysSecret: string;
  /** Consumer group of conversations.events for the queues' projection (default ai-queues); tests may isolate theirs. */
  queuesGroupId?: string;
}
