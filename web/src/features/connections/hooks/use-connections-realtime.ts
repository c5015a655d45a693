import { companySocketEvent, whatsappSessionSocketPayloadSchema, whatsappSocketPayloadSchema } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { connectionsListQueryKey } from '../api/get-connections';
import type { Connection } from '../types';
import { applyConnectionEvent, applySessionEvent } from '../utils/connections-cache';

export function connectionEventName(companyId: number) {
  return companySocketEvent(companyId, 'whatsapp');
}

export function sessionEventName(companyId: number) {
  return companySocketEvent(companyId, 'whatsappSession');
}

/**
 * Keeps the cached connections list current from the socket, without refetching. Payloads are
 * checked with the contract's schemas; one that does not match makes the list reload instead.
 */
export function useConnectionsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();

  function update(change: (list: readonly Connection[]) => Connection[]) {
    queryClient.setQueryData<Connection[]>(connectionsListQueryKey, (list) => (list ? change(list) : list));
  }

  function reload(payload: unknown) {
    console.warn('[connections] unexpected socket payload', payload);
    void queryClient.invalidateQueries({ queryKey: connectionsListQueryKey });
  }

  useSocketEvent(companyId == null ? null : connectionEventName(companyId), (payload) => {
    const parsed = whatsappSocketPayloadSchema.safeParse(payload);
    if (parsed.success) update((list) => applyConnectionEvent(list, parsed.data));
    else reload(payload);
  });

  useSocketEvent(companyId == null ? null : sessionEventName(companyId), (payload) => {
    const parsed = whatsappSessionSocketPayloadSchema.safeParse(payload);
    if (parsed.success) update((list) => applySessionEvent(list, parsed.data));
    else reload(payload);
  });
}
