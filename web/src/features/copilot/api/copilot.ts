import { copilotAnswerSchema, type CopilotLanguage, type CopilotRewriteMode } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** What the copilot is asked for in one chat. */
export type CopilotRequest =
  | { kind: 'summary' }
  | { kind: 'suggestion'; language?: CopilotLanguage }
  | { kind: 'rewrite'; draft: string; mode: CopilotRewriteMode; language?: CopilotLanguage };

/** `POST /api/copilot/...`: a summary, a suggested reply or a rewrite; text only, nothing is sent. */
export function askCopilot(ticketId: number, request: CopilotRequest) {
  if (request.kind === 'summary') return api.post(`/copilot/tickets/${ticketId}/summary`, {}, { schema: copilotAnswerSchema });
  if (request.kind === 'suggestion') {
    return api.post(`/copilot/tickets/${ticketId}/suggestion`, { language: request.language }, { schema: copilotAnswerSchema });
  }
  return api.post(
    '/copilot/rewrite',
    { draft: request.draft, mode: request.mode, language: request.language },
    { schema: copilotAnswerSchema },
  );
}

export function useCopilot(ticketId: number) {
  return useMutation({ mutationFn: (request: CopilotRequest) => askCopilot(ticketId, request) });
}
