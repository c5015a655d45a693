import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Answering (issue 23, "agents answer"): what the ai service asks of conversations when an AI
// assistant bound to a ticket's queue (a prompt, or an agent) answers the customer or hands over
// ---------------------------------------------------------------------------------------------

/** What answered: a prompt, an agent or a chatbot integration of the company. */
export const AI_AUTHOR_KINDS = ['prompt', 'agent', 'integration'] as const;
export const aiAuthorSchema = z.object({
  kind: z.enum(AI_AUTHOR_KINDS),
  id: z.number().int().positive(),
  name: z.string(),
});
/** The AI assistant a message of a ticket is from (the chat marks it as the assistant's). */
export type AiAuthor = z.infer<typeof aiAuthorSchema>;

/** Why the assistant hands a ticket to a human. */
/**
 * keyword: the customer asked; tool: the model decided; failure: the provider or integration failed;
 * transfer: a chatbot integration asked for a queue (and user) of its own choosing.
 */
export const AI_HANDOFF_REASONS = ['keyword', 'tool', 'failure', 'transfer'] as const;
export type AiHandoffReason = (typeof AI_HANDOFF_REASONS)[number];

/** Spec 3 Agent defaults: transferToHumanKeywords atendente, humano, pessoa. */
export const AI_DEFAULT_HANDOFF_KEYWORDS = ['atendente', 'humano', 'pessoa'] as const;
/** Spec 3 Agent fallbackMessage default: 'sorry, I did not understand, how can I help?'. */
export const AI_DEFAULT_FALLBACK_MESSAGE = 'Desculpe, não entendi. Como posso ajudar?';
/** Spec 3 Agent defaults (provider openai, model gpt-4o-mini): what a prompt answers with. */
export const AI_DEFAULT_MODEL = 'gpt-4o-mini';
/** Spec 3 connection settings: timeforagroup defaults to 5 seconds. */
export const AI_DEFAULT_GROUPING_SECONDS = 5;
