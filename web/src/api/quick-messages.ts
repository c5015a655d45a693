import { companySocketEvent, type QuickMessage, quickMessageListResponseSchema } from '@app/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';

/**
 * Quick messages are shown by two features (the quick messages screen and the chat's '/'
 * suggestions) under one cache key: a save, a delete or a `company-{id}-quickemessage` event
 * refreshes both.
 */
export const quickMessagesQueryKey = ['quickMessages'] as const;

/** `GET /api/quick-messages/list`: the user's own and the general active quick messages, by shortcode. */
export function getQuickMessageOptions(): Promise<QuickMessage[]> {
  return api.get('/quick-messages/list', { schema: quickMessageListResponseSchema });
}

export function quickMessageOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...quickMessagesQueryKey, 'list'],
    queryFn: getQuickMessageOptions,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function useQuickMessageOptions(enabled = true) {
  return useQuery({ ...quickMessageOptionsQueryOptions(), enabled });
}

/** Follows `company-{id}-quickemessage`: the event names a quick message, the lists load it again through the API. */
export function useQuickMessagesRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'quickemessage'), () => {
    void queryClient.invalidateQueries({ queryKey: quickMessagesQueryKey });
  });
}
