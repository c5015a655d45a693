import type { ChatbotSettings } from './protocols/chatbot-protocol';

/**
 * What answers POST /queueIntegration/testSession: one test message to the product through the same
 * guarded, timed, retried call the answering engine makes (provided by the answering feature).
 */
export interface ChatbotSessionTester {
  /** Null when the product answered; otherwise why not, in words that hold no secret. */
  test(settings: ChatbotSettings): Promise<string | null>;
}

export const CHATBOT_SESSION_TESTER = Symbol('CHATBOT_SESSION_TESTER');
