export const CONVERSATIONS_OPTIONS = Symbol('CONVERSATIONS_OPTIONS');

export interface ConversationsOptions {
  /** Consumer group of whatsapp.events (default conversations-whatsapp); tests may isolate theirs. */
  whatsappGroupId?: string;
}
