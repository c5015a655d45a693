import { knowledgeDocumentListSchema, knowledgeDocumentSchema } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

export const knowledgeQueryKey = (agentId: number) => ['agents', agentId, 'knowledge'] as const;

/** `GET /api/agents/{id}/knowledge`: the agent's documents, newest first. */
export function useKnowledgeDocuments(agentId: number) {
  return useQuery({
    queryKey: knowledgeQueryKey(agentId),
    queryFn: () => api.get(`/agents/${agentId}/knowledge`, { schema: knowledgeDocumentListSchema }),
  });
}

function useKnowledgeMutation<TInput, TOutput>(agentId: number, mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeQueryKey(agentId) }) });
}

/** `POST /api/agents/{id}/knowledge` (multipart `file`): read before it answers, ready or failed with why. */
export function useUploadKnowledge(agentId: number) {
  return useKnowledgeMutation(agentId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post(`/agents/${agentId}/knowledge`, form, { schema: knowledgeDocumentSchema });
  });
}

/** `POST /api/agents/{id}/knowledge/url {url}`: a web page's text. */
export function useAddKnowledgeUrl(agentId: number) {
  return useKnowledgeMutation(agentId, (url: string) =>
    api.post(`/agents/${agentId}/knowledge/url`, { url }, { schema: knowledgeDocumentSchema }),
  );
}

export function useDeleteKnowledge(agentId: number) {
  return useKnowledgeMutation(agentId, (documentId: number) =>
    api.delete(`/agents/${agentId}/knowledge/${documentId}`, { schema: z.object({ message: z.string() }) }),
  );
}
