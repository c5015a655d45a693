import { can } from '@app/contracts';
import { Badge, Box, Flex, HStack, IconButton, Input, InputGroup, Switch, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheckCheck, LuPlus, LuSearch } from 'react-icons/lu';

import { useQueues } from '@/api/get-queues';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';

import { useCloseAllTickets } from '../api/close-all-tickets';
import { useTags } from '../api/get-tags';
import { useTickets } from '../api/get-tickets';
import { useUsersList } from '../api/get-users-list';
import { useUpdateTicket } from '../api/update-ticket';
import { useTicketFilters } from '../hooks/use-ticket-filters';
import type { InboxUser, OpenSubTab, Ticket, TicketListItem, TicketsTab } from '../types';
import { chatFocusDone, wantChatFocus } from '../utils/chat-focus';
import { isInboxAdmin, transitionBody } from '../utils/ticket-actions';
import { flattenTickets } from '../utils/ticket-list-cache';
import type { TicketListFilter } from '../utils/ticket-list-filter';
import { CheckboxPopover } from './checkbox-popover';
import { NewTicketDialog } from './new-ticket-dialog';
import { TicketsList } from './tickets-list';

type TicketsListPanelProps = {
  user: InboxUser;
  selectedUuid?: string;
  /** Opens a ticket's chat; a search's ticket names the message it was found by. */
  onOpenTicket: (ticket: TicketListItem) => void;
  /** A ticket created in (or found by) the new-ticket dialog. */
  onOpenUuid: (uuid: string) => void;
  onSpy: (ticket: Ticket) => void;
};

function CountBadge({ filter }: { filter: TicketListFilter }) {
  const query = useTickets(filter);
  const count = flattenTickets(query.data).length;
  if (!count) return null;
  return (
    <Badge size="xs" variant="solid" colorPalette="brand" borderRadius="full" data-testid={`tickets-count-${filter.status}`}>
      {query.hasNextPage ? `${count}+` : count}
    </Badge>
  );
}

/** The left panel of the ticket manager: toolbar, tabs and lists (spec 1 section 2). */
export function TicketsListPanel({ user, selectedUuid, onOpenTicket, onOpenUuid, onSpy }: TicketsListPanelProps) {
  const { t } = useTranslation();
  const state = useTicketFilters(user);
  const admin = isInboxAdmin(user);
  const queuesQuery = useQueues({ silent: true });
  const tagsQuery = useTags(state.tab === 'search');
  const usersQuery = useUsersList(admin && state.tab === 'search');
  const updateMutation = useUpdateTicket();
  const closeAllMutation = useCloseAllTickets();
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [newTicketOpen, setNewTicketOpen] = useState(false);

  const ownQueueIds = new Set((user.queues ?? []).map((queue) => queue.id));
  const selectableQueues = (queuesQuery.data ?? []).filter((queue) => admin || ownQueueIds.has(queue.id));

  async function handleAccept(ticket: Ticket) {
    // The row's Accept button leaves with the row: focus goes to the composer of the accepted chat
    // (wanted before the call: the socket's update may come first).
    wantChatFocus('composer', ticket.uuid);
    try {
      await updateMutation.mutateAsync({ id: ticket.id, changes: transitionBody('accept', user.id) });
      state.setTab('open');
      state.setOpenSubTab('open');
      onOpenTicket(ticket);
    } catch (error) {
      chatFocusDone();
      toastError(error);
    }
  }

  async function handleClose(ticket: Ticket) {
    try {
      await updateMutation.mutateAsync({ id: ticket.id, changes: transitionBody('close', user.id) });
    } catch (error) {
      toastError(error);
    }
  }

  async function handleCloseAll() {
    try {
      await closeAllMutation.mutateAsync({ status: state.openSubTab, selectedQueueIds: state.queueIds });
      toastSuccess(t('tickets.closeAll.done'));
    } catch (error) {
      toastError(error);
    }
    setConfirmCloseAll(false);
  }

  const listProps = {
    selectedUuid,
    canSpy: admin,
    busyTicketId: updateMutation.isPending ? updateMutation.variables?.id : undefined,
    onSelect: onOpenTicket,
    onAccept: handleAccept,
    onClose: handleClose,
    onSpy,
  };

  return (
    <Flex direction="column" h="full" minH="0" data-testid="tickets-list-panel">
      <HStack px="2" py="2" gap="2" wrap="wrap" borderBottomWidth="1px">
        <IconButton
          size="xs"
          colorPalette="brand"
          aria-label={t('tickets.buttons.newTicket')}
          title={t('tickets.buttons.newTicket')}
          onClick={() => setNewTicketOpen(true)}
          data-testid="tickets-new"
        >
          <LuPlus />
        </IconButton>
        <InputGroup flex="1" minW="40" startElement={<LuSearch />}>
          <Input
            size="sm"
            value={state.searchText}
            onChange={(event) => state.setSearchText(event.target.value)}
            placeholder={t('tickets.search.placeholder')}
            aria-label={t('tickets.search.placeholder')}
            data-testid="tickets-search"
          />
        </InputGroup>
        <CheckboxPopover
          label={t('tickets.queueSelect.label')}
          options={selectableQueues}
          selected={state.queueIds}
          emptyText={t('tickets.queueSelect.none')}
          testId="tickets-queue-select"
          onChange={state.setQueueIds}
        />
        {can(user, 'tickets-manager:showall') && (
          <Switch.Root
            size="sm"
            checked={state.showAll}
            onCheckedChange={(details) => state.setShowAll(details.checked)}
            data-testid="tickets-show-all"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('tickets.buttons.showAll')}</Switch.Label>
          </Switch.Root>
        )}
        {admin && (
          <IconButton
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={t('tickets.buttons.closeAll')}
            title={t('tickets.buttons.closeAll')}
            onClick={() => setConfirmCloseAll(true)}
            data-testid="tickets-close-all"
          >
            <LuCheckCheck />
          </IconButton>
        )}
      </HStack>

      <Tabs.Root
        value={state.tab}
        onValueChange={(details) => state.setTab(details.value as TicketsTab)}
        variant="line"
        size="sm"
        display="flex"
        flexDirection="column"
        flex="1"
        minH="0"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          <Tabs.Trigger value="open" data-testid="tickets-tab-open">
            {t('tickets.tabs.open')}
          </Tabs.Trigger>
          <Tabs.Trigger value="closed" data-testid="tickets-tab-closed">
            {t('tickets.tabs.closed')}
          </Tabs.Trigger>
          <Tabs.Trigger value="search" data-testid="tickets-tab-search">
            {t('tickets.tabs.search')}
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="open" display="flex" flexDirection="column" flex="1" minH="0" p="0">
          <Tabs.Root
            value={state.openSubTab}
            onValueChange={(details) => state.setOpenSubTab(details.value as OpenSubTab)}
            variant="enclosed"
            size="sm"
            fitted
            display="flex"
            flexDirection="column"
            flex="1"
            minH="0"
          >
            <Tabs.List m="2">
              <Tabs.Trigger value="open" data-testid="tickets-subtab-open">
                {t('tickets.tabs.assigned')} <CountBadge filter={state.filters.open} />
              </Tabs.Trigger>
              <Tabs.Trigger value="pending" data-testid="tickets-subtab-pending">
                {t('tickets.tabs.pending')} <CountBadge filter={state.filters.pending} />
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="open" display="flex" flexDirection="column" flex="1" minH="0" p="0">
              <TicketsList filter={state.filters.open} testId="tickets-list-open" {...listProps} />
            </Tabs.Content>
            <Tabs.Content value="pending" display="flex" flexDirection="column" flex="1" minH="0" p="0">
              <TicketsList filter={state.filters.pending} testId="tickets-list-pending" {...listProps} />
            </Tabs.Content>
          </Tabs.Root>
        </Tabs.Content>

        <Tabs.Content value="closed" display="flex" flexDirection="column" flex="1" minH="0" p="0">
          <TicketsList filter={state.filters.closed} testId="tickets-list-closed" {...listProps} />
        </Tabs.Content>

        <Tabs.Content value="search" display="flex" flexDirection="column" flex="1" minH="0" p="0">
          <HStack px="2" py="2" gap="2">
            <CheckboxPopover
              label={t('tickets.search.tags')}
              options={tagsQuery.data ?? []}
              selected={state.tags}
              emptyText={t('tickets.search.noTags')}
              testId="tickets-tag-filter"
              onChange={state.setTags}
            />
            {admin && (
              <CheckboxPopover
                label={t('tickets.search.users')}
                options={usersQuery.data ?? []}
                selected={state.users}
                emptyText={t('tickets.search.noUsers')}
                testId="tickets-user-filter"
                onChange={state.setUsers}
              />
            )}
          </HStack>
          {state.filters.search.searchParam || state.tags.length || state.users.length ? (
            <TicketsList filter={state.filters.search} testId="tickets-list-search" {...listProps} />
          ) : (
            <Box px="4" py="6" textAlign="center">
              <Text color="fg.muted">{t('tickets.search.placeholder')}</Text>
            </Box>
          )}
        </Tabs.Content>
      </Tabs.Root>

      <NewTicketDialog open={newTicketOpen} user={user} onClose={() => setNewTicketOpen(false)} onOpenTicket={onOpenUuid} />
      <ConfirmDialog
        open={confirmCloseAll}
        title={t('tickets.closeAll.title')}
        message={t('tickets.closeAll.message')}
        confirmLabel={t('tickets.buttons.closeAll')}
        loading={closeAllMutation.isPending}
        onConfirm={handleCloseAll}
        onClose={() => setConfirmCloseAll(false)}
      />
    </Flex>
  );
}
