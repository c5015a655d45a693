import { Box, Button, Center, Flex, Stack, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuList, LuMessageSquare } from 'react-icons/lu';

import { useMediaQuery } from '@/hooks/use-media-query';

import { InboxUserContext } from '../hooks/inbox-user-context';
import { useTicketsRealtime } from '../hooks/use-tickets-realtime';
import type { InboxUser, Ticket, TicketListItem } from '../types';
import { chatFocusDone, focusTicketList, wantChatFocus, wantedChatFocus } from '../utils/chat-focus';
import { SpyDialog } from './spy-dialog';
import { TicketChat } from './ticket-chat';
import { TicketsListPanel } from './tickets-list-panel';
import { WelcomePanel } from './welcome-panel';

/** Below this width the manager shows bottom tabs instead of two panels. */
export const TICKETS_NARROW_QUERY = '(max-width: 767px)';

type TicketsManagerProps = {
  user: InboxUser;
  /** The ticket uuid of /tickets/:ticketId. */
  selectedUuid?: string;
  /** The message its chat opens at (`?message=`: a search found the ticket by it). */
  aroundMessageId?: number;
  logo?: ReactNode;
  /** Open a ticket's chat, at a message when given; `replace` leaves no history entry. */
  onOpen: (uuid: string, options?: OpenTicketOptions) => void;
  onLeave: () => void;
};

type NarrowTab = 'ticket' | 'tickets';

export type OpenTicketOptions = { messageId?: number; replace?: boolean };

/** /tickets: the list and the chat side by side, or bottom tabs on narrow screens (spec 1 section 2). */
export function TicketsManager({ user, selectedUuid, aroundMessageId, logo, onOpen, onLeave }: TicketsManagerProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(TICKETS_NARROW_QUERY);
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(selectedUuid ? 'ticket' : 'tickets');
  const [spied, setSpied] = useState<Ticket | null>(null);
  useTicketsRealtime(user);

  /** A search's ticket opens at the message it was found by. */
  function handleOpenTicket(ticket: TicketListItem) {
    // The chat's header takes focus (on a phone the list it was opened from is hidden), unless the
    // action that opened it wants the composer (Accept).
    if (!wantedChatFocus(ticket.uuid)) wantChatFocus('chat', ticket.uuid);
    setNarrowTab('ticket');
    if (ticket.matchedMessageId != null) onOpen(ticket.uuid, { messageId: ticket.matchedMessageId });
    else onOpen(ticket.uuid);
  }

  const handleJumpToLatest = useCallback(() => {
    if (selectedUuid) onOpen(selectedUuid, { replace: true });
  }, [onOpen, selectedUuid]);

  function handleOpenUuid(uuid: string) {
    if (!wantedChatFocus(uuid)) wantChatFocus('chat', uuid);
    setNarrowTab('ticket');
    onOpen(uuid);
  }

  // The chat closed under the agent (refused, deleted, transferred away): focus goes to the list.
  const handleLeave = useCallback(() => {
    chatFocusDone();
    onLeave();
    window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      if (!focusTicketList()) document.querySelector<HTMLElement>('[data-testid="tickets-select-ticket"]')?.focus();
    }, 0);
  }, [onLeave]);

  const list = (
    <TicketsListPanel
      user={user}
      selectedUuid={selectedUuid}
      onOpenTicket={handleOpenTicket}
      onOpenUuid={handleOpenUuid}
      onSpy={setSpied}
    />
  );
  const chat = selectedUuid ? (
    <TicketChat
      key={selectedUuid}
      uuid={selectedUuid}
      user={user}
      aroundMessageId={aroundMessageId}
      onJumpToLatest={handleJumpToLatest}
      onLeave={handleLeave}
      onBack={narrow ? () => setNarrowTab('tickets') : undefined}
    />
  ) : null;

  return (
    <InboxUserContext.Provider value={user}>
      <Box h="full" minH="0" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.panel" data-testid="tickets-manager">
        {/* The screen's title for those who read by headings; the list and the chat say the rest. */}
        <VisuallyHidden as="h1">{t('tickets.title')}</VisuallyHidden>
        {narrow ? (
          <Tabs.Root
            value={narrowTab}
            onValueChange={(details) => setNarrowTab(details.value as NarrowTab)}
            display="flex"
            flexDirection="column"
            h="full"
            variant="enclosed"
            fitted
          >
            <Tabs.Content value="ticket" flex="1" minH="0" p="0">
              {chat ?? (
                <Center h="full" data-testid="tickets-narrow-placeholder">
                  <Stack align="center" gap="3" px="4" textAlign="center">
                    <Text color="fg.muted">{t('tickets.narrow.placeholder')}</Text>
                    <Button size="sm" colorPalette="brand" onClick={() => setNarrowTab('tickets')} data-testid="tickets-select-ticket">
                      {t('tickets.narrow.selectTicket')}
                    </Button>
                  </Stack>
                </Center>
              )}
            </Tabs.Content>
            <Tabs.Content value="tickets" flex="1" minH="0" p="0">
              {list}
            </Tabs.Content>
            <Tabs.List borderTopWidth="1px">
              <Tabs.Trigger value="ticket" data-testid="tickets-bottom-tab-ticket">
                <LuMessageSquare /> {t('tickets.narrow.ticket')}
              </Tabs.Trigger>
              <Tabs.Trigger value="tickets" data-testid="tickets-bottom-tab-tickets">
                <LuList /> {t('tickets.narrow.tickets')}
              </Tabs.Trigger>
            </Tabs.List>
          </Tabs.Root>
        ) : (
          <Flex h="full" minH="0">
            <Box w={{ base: '320px', lg: '380px' }} flexShrink={0} borderRightWidth="1px" minH="0">
              {list}
            </Box>
            <Box flex="1" minW="0" minH="0">
              {chat ?? <WelcomePanel logo={logo} />}
            </Box>
          </Flex>
        )}
        <SpyDialog ticket={spied} onClose={() => setSpied(null)} />
      </Box>
    </InboxUserContext.Provider>
  );
}
