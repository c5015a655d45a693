import { useMemo, useState } from 'react';

import { useDebouncedValue } from '@/hooks/use-debounced-value';

import type { InboxUser, OpenSubTab, TicketsTab } from '../types';
import type { TicketListFilter } from '../utils/ticket-list-filter';

/** Spec 1 section 9: ticket searches are debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The list panel's state: tab, sub-tab, search text (lower-cased, debounced), tag and user filters,
 * show-all and the queue selection (by default every queue of the user), and the filter of each list.
 */
export function useTicketFilters(user: InboxUser) {
  const [tab, setTab] = useState<TicketsTab>('open');
  const [openSubTab, setOpenSubTab] = useState<OpenSubTab>('open');
  const [searchText, setSearchText] = useState('');
  const [tags, setTags] = useState<number[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [queueIds, setQueueIds] = useState<number[]>(() => (user.queues ?? []).map((queue) => queue.id));
  const searchParam = useDebouncedValue(searchText.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);

  const filters = useMemo(() => {
    const base = { showAll, queueIds };
    return {
      open: { ...base, status: 'open' } satisfies TicketListFilter,
      pending: { ...base, status: 'pending' } satisfies TicketListFilter,
      closed: { ...base, status: 'closed' } satisfies TicketListFilter,
      search: { ...base, searchParam, tags, users } satisfies TicketListFilter,
    };
  }, [showAll, queueIds, searchParam, tags, users]);

  function handleSearchText(value: string) {
    setSearchText(value);
    if (value.trim()) setTab('search');
    else if (tags.length === 0 && users.length === 0) setTab('open');
  }

  return {
    tab,
    setTab,
    openSubTab,
    setOpenSubTab,
    searchText,
    setSearchText: handleSearchText,
    tags,
    setTags,
    users,
    setUsers,
    showAll,
    setShowAll,
    queueIds,
    setQueueIds,
    filters,
  };
}
