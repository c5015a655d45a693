import { companySocketEvent } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { contactListsQueryKey } from '../api/get-contact-lists';

/**
 * The contact-list screens follow `company-{id}-ContactList` and `company-{id}-ContactListItem`: a
 * list or item created, changed, imported or checked anywhere refreshes them (counts, validity icons).
 */
export function useContactListsRealtime(companyId: number | null | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: contactListsQueryKey });
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'ContactList'), refresh);
  useSocketEvent(companyId == null ? null : companySocketEvent(companyId, 'ContactListItem'), refresh);
}
