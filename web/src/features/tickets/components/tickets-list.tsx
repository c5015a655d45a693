import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { announce } from '@/components/ui/live-region';

import { useTickets } from '../api/get-tickets';
import { useNow } from '../hooks/use-now';
import type { Ticket } from '../types';
import { LAST_INTERACTION_REFRESH_MS } from '../utils/last-interaction';
import { flattenTickets } from '../utils/ticket-list-cache';
import type { TicketListFilter } from '../utils/ticket-list-filter';
import { TicketListItem } from './ticket-list-item';

/** Spec 1 section 9: the next page loads within 100 px of the bottom. */
export const NEXT_PAGE_MARGIN_PX = 100;

type TicketsListProps = {
  filter: TicketListFilter;
  selectedUuid?: string;
  canSpy: boolean;
  busyTicketId?: number;
  testId: string;
  onSelect: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
  onClose: (ticket: Ticket) => void;
  onSpy: (ticket: Ticket) => void;
};

/** One ticket list (a tab), paged as it scrolls. */
export function TicketsList({ filter, selectedUuid, canSpy, busyTicketId, testId, onSelect, onAccept, onClose, onSpy }: TicketsListProps) {
  const { t } = useTranslation();
  const query = useTickets(filter);
  const now = useNow(LAST_INTERACTION_REFRESH_MS);
  const tickets = flattenTickets(query.data);
  const boxRef = useRef<HTMLDivElement | null>(null);
  useAnnounceNewTickets(tickets, query.data?.pages.length, boxRef);

  function handleScroll(event: React.UIEvent<HTMLDivElement>) {
    const element = event.currentTarget;
    const nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEXT_PAGE_MARGIN_PX;
    if (nearBottom && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }

  return (
    <Box
      ref={boxRef}
      flex="1"
      minH="0"
      overflowY="auto"
      onScroll={handleScroll}
      data-testid={testId}
      // Where the skip link leads: from here the next Tab is the first ticket.
      role="region"
      aria-label={t('tickets.title')}
      tabIndex={-1}
      outline="none"
      data-skip-target="ticket-list"
    >
      {query.isPending ? (
        <Center py="8" gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>{t('tickets.list.loading')}</Text>
        </Center>
      ) : tickets.length === 0 ? (
        <Stack py="8" px="4" gap="1" textAlign="center" data-testid="tickets-empty">
          <Text fontWeight="semibold">{t('tickets.list.empty')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('tickets.list.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <Box as="ul" listStyleType="none" m="0" p="0">
          {tickets.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              ticket={ticket}
              now={now}
              selected={ticket.uuid === selectedUuid}
              canSpy={canSpy}
              busy={busyTicketId === ticket.id}
              onSelect={onSelect}
              onAccept={onAccept}
              onClose={onClose}
              onSpy={onSpy}
            />
          ))}
        </Box>
      )}
      {query.isFetchingNextPage && (
        <Center py="3">
          <Spinner size="sm" />
        </Center>
      )}
    </Box>
  );
}

/**
 * A ticket waiting for an agent that arrives in the list on screen (not one it held when it loaded,
 * nor one a later page brought) is said in the live region, once (issue 29).
 */
function useAnnounceNewTickets(tickets: Ticket[], pageCount: number | undefined, boxRef: React.RefObject<HTMLDivElement | null>) {
  const { t } = useTranslation();
  const known = useRef<{ ids: Set<number>; pageCount: number } | null>(null);
  useEffect(() => {
    if (pageCount === undefined) return;
    const before = known.current;
    known.current = { ids: new Set(tickets.map((ticket) => ticket.id)), pageCount };
    // The first load, and a later page, bring tickets that were there already: no news.
    if (!before || pageCount !== before.pageCount) return;
    const box = boxRef.current;
    if (!box || box.getClientRects().length === 0) return;
    for (const ticket of tickets) {
      if (before.ids.has(ticket.id) || ticket.status !== 'pending') continue;
      announce(`ticket-${ticket.id}`, t('tickets.live.newTicket', { name: ticket.contact.name }));
    }
  }, [tickets, pageCount, boxRef, t]);
}
