import {
  type CloudTemplate,
  cloudTemplateListSchema,
  type CloudWindow,
  cloudWindowSchema,
  messageSendResponseSchema,
  type MessageTemplateSendBody,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Message } from '../types';

/** The window is asked again this often: it closes by itself 24 hours after the customer's last message. */
const WINDOW_RECHECK_MS = 60_000;

export function cloudWindowQueryOptions(connectionId: number, number: string) {
  return queryOptions({
    queryKey: ['tickets', 'cloud-window', connectionId, number] as const,
    queryFn: (): Promise<CloudWindow> =>
      api.get(`/whatsapp/${connectionId}/cloud/window?number=${encodeURIComponent(number)}`, { schema: cloudWindowSchema }),
    refetchInterval: WINDOW_RECHECK_MS,
  });
}

/** `GET /api/whatsapp/{id}/cloud/window?number=`: whether free-form messages reach the contact now. */
export function useCloudWindow(connectionId: number, number: string, enabled: boolean) {
  return useQuery({ ...cloudWindowQueryOptions(connectionId, number), enabled });
}

/** `GET /api/whatsapp/{id}/cloud/templates`: the number's templates; only approved ones can be sent. */
export function useCloudTemplates(connectionId: number) {
  return useQuery({
    queryKey: ['tickets', 'cloud-templates', connectionId] as const,
    queryFn: (): Promise<CloudTemplate[]> => api.get(`/whatsapp/${connectionId}/cloud/templates`, { schema: cloudTemplateListSchema }),
    select: (templates) => templates.filter((template) => template.status === 'APPROVED'),
    staleTime: 5 * 60_000,
  });
}

export type SendTemplateInput = { ticketId: number } & Pick<
  MessageTemplateSendBody,
  'name' | 'language' | 'body' | 'bodyParameters' | 'headerParameters'
>;

/** `POST /api/messages/{ticketId}/template`; the sent message reaches the chat on `company-{id}-appMessage`. */
export function sendTemplate({ ticketId, ...template }: SendTemplateInput): Promise<Message> {
  return api.post(`/messages/${ticketId}/template`, template, { schema: messageSendResponseSchema });
}

export function useSendTemplate() {
  return useMutation({ mutationFn: sendTemplate, meta: { silent: true } });
}
