import { type AgentTemplate, type AgentTemplateBody, agentTemplateListResponseSchema, agentTemplateSchema } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';

export const agentTemplatesQueryKey = ['agent-templates'] as const;

/** `GET /api/agent-templates` → {templates}; a failed load shows an empty list (spec 3 section 8). */
export async function getAgentTemplates(): Promise<AgentTemplate[]> {
  try {
    return (await api.get('/agent-templates', { schema: agentTemplateListResponseSchema })).templates;
  } catch {
    return [];
  }
}

export function useAgentTemplates() {
  return useQuery({ queryKey: agentTemplatesQueryKey, queryFn: getAgentTemplates });
}

const savedSchema = z.object({ template: agentTemplateSchema, message: z.string() });

export function useSaveAgentTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AgentTemplateBody }) =>
      id ? api.put(`/agent-templates/${id}`, body, { schema: savedSchema }) : api.post('/agent-templates', body, { schema: savedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentTemplatesQueryKey }),
  });
}

export function useDeleteAgentTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/agent-templates/${id}`, { schema: z.object({ message: z.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentTemplatesQueryKey }),
  });
}
