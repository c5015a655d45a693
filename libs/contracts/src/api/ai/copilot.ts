import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Copilot for staff (issue 23, beyond the spec): in an open chat a staff member asks for a summary
// of the conversation, a suggested reply (grounded in the company's knowledge documents when there
// are any) or a rewrite of their draft, with the company's configured provider. Nothing is sent:
// the answer goes into the composer's draft or is shown. Owned by the ai service, under /copilot.
// ---------------------------------------------------------------------------------------------

export const COPILOT_REWRITE_MODES = ['fix', 'friendlier', 'formal', 'translate'] as const;
export type CopilotRewriteMode = (typeof COPILOT_REWRITE_MODES)[number];
export const COPILOT_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type CopilotLanguage = (typeof COPILOT_LANGUAGES)[number];

export const COPILOT_MESSAGES = {
  draftRequired: 'Escreva um rascunho para reescrever',
  draftTooLong: 'Rascunho muito longo',
  languageRequired: 'Escolha o idioma da tradução',
  noProvider: 'Nenhum agente ou prompt ativo com chave de API nesta empresa: configure um para usar o Copiloto',
  providerFailed: 'O provedor de IA não respondeu. Tente novamente.',
  emptyConversation: 'Esta conversa ainda não tem mensagens para o Copiloto',
} as const;

/** POST /copilot/tickets/{ticketId}/suggestion: the language of the reply (default: the conversation's). */
export const copilotSuggestionSchema = z.object({
  language: z.enum(COPILOT_LANGUAGES).optional(),
});
export type CopilotSuggestionInput = z.infer<typeof copilotSuggestionSchema>;

/** POST /copilot/rewrite: the draft and what to do with it (translate needs the language). */
export const copilotRewriteSchema = z
  .object({
    draft: z.string().trim().min(1, COPILOT_MESSAGES.draftRequired).max(4000, COPILOT_MESSAGES.draftTooLong),
    mode: z.enum(COPILOT_REWRITE_MODES),
    language: z.enum(COPILOT_LANGUAGES).optional(),
  })
  .refine((input) => input.mode !== 'translate' || input.language !== undefined, {
    path: ['language'],
    message: COPILOT_MESSAGES.languageRequired,
  });
export type CopilotRewriteInput = z.infer<typeof copilotRewriteSchema>;

/** Every copilot answer: the text, what produced it, and the documents it drew on (suggestions). */
export const copilotAnswerSchema = z.object({
  text: z.string(),
  /** The agent or prompt whose provider and key answered. */
  assistant: z.object({ kind: z.enum(['prompt', 'agent']), id: z.number().int().positive(), name: z.string() }),
  /** Titles of the knowledge documents put before the model (suggestions only; empty otherwise). */
  sources: z.array(z.string()),
});
export type CopilotAnswer = z.infer<typeof copilotAnswerSchema>;
