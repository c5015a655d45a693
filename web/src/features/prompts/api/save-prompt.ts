import { type Prompt, type PromptCreateBody, promptSchema, type PromptUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { promptsQueryKey } from './get-prompts';

export type SavePromptInput = { id: number; body: PromptUpdateBody } | { id?: undefined; body: PromptCreateBody };

/** `POST /api/prompt` or `PUT /api/prompt/{id}`: an edit that sends a key back as shown keeps the stored one. */
export function savePrompt({ id, body }: SavePromptInput): Promise<Prompt> {
  return id ? api.put(`/prompt/${id}`, body, { schema: promptSchema }) : api.post('/prompt', body, { schema: promptSchema });
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrompt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQueryKey }),
  });
}
