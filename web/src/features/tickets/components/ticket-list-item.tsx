import { Badge, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuEye } from 'react-icons/lu';

import { contrastText } from '@/lib/contrast-text';
import { formatDate, formatTime, isSameDay, parseApiDate } from '@/lib/format';

import type { Ticket } from '../types';
import { ContactAvatar } from './contact-avatar';
import { LastInteractionLabel } from './last-interaction-label';
import { LastMessageText } from './last-message-text';

type TicketListItemProps = {
  ticket: Ticket;
  now: Date;
  selected: boolean;
  /** Admins get the spy icon: a read-only view of the conversation. */
  canSpy: boolean;
  busy: boolean;
  onSelect: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
  onClose: (ticket: Ticket) => void;
  onSpy: (ticket: Ticket) => void;
};

function formatUpdatedAt(value: string, now: Date): string {
  const date = parseApiDate(value);
  if (!date) return '';
  return isSameDay(date, now) ? formatTime(date) : (formatDate(date) ?? '');
}

/** One row of the ticket list (spec 1 section 2, List item). */
export function TicketListItem({ ticket, now, selected, canSpy, busy, onSelect, onAccept, onClose, onSpy }: TicketListItemProps) {
  const { t } = useTranslation();
  const queueColor = ticket.queue?.color ?? 'gray';
  const queueBadgeColor = ticket.queue?.color ?? '#7c7c7c';

  function handleAccept(event: React.MouseEvent) {
    event.stopPropagation();
    onAccept(ticket);
  }

  function handleClose(event: React.MouseEvent) {
    event.stopPropagation();
    onClose(ticket);
  }

  function handleSpy(event: React.MouseEvent) {
    event.stopPropagation();
    onSpy(ticket);
  }

  return (
    <Flex
      as="li"
      role="button"
      tabIndex={0}
      aria-label={ticket.contact.name}
      aria-current={selected ? 'true' : undefined}
      data-testid="ticket-list-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      gap="3"
      px="3"
      py="2"
      borderBottomWidth="1px"
      borderLeftWidth="4px"
      borderLeftColor={queueColor}
      bg={selected ? 'bg.emphasized' : undefined}
      _hover={{ bg: 'bg.muted' }}
      cursor="pointer"
      onClick={() => onSelect(ticket)}
      onKeyDown={(event) => {
        // Enter on the accept or close button inside is that button's, not the row's.
        if (event.key === 'Enter' && event.target === event.currentTarget) onSelect(ticket);
      }}
    >
      <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
      <Stack gap="0.5" flex="1" minW="0">
        <Flex justify="space-between" gap="2" align="baseline">
          <Text fontWeight="semibold" truncate data-testid="ticket-contact-name">
            {ticket.contact.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            {formatUpdatedAt(ticket.updatedAt, now)}
          </Text>
        </Flex>
        <Flex justify="space-between" gap="2" align="center">
          <Text fontSize="sm" color="fg.muted" truncate data-testid="ticket-last-message">
            <LastMessageText text={ticket.lastMessage} />
          </Text>
          {ticket.unreadMessages > 0 && (
            <Badge
              colorPalette="green"
              variant="solid"
              borderRadius="full"
              data-testid="ticket-unread"
              aria-label={t('tickets.list.unread', { count: ticket.unreadMessages })}
            >
              {ticket.unreadMessages}
            </Badge>
          )}
        </Flex>
        <HStack gap="2" wrap="wrap">
          <Badge size="sm" style={{ backgroundColor: queueBadgeColor, color: contrastText(queueBadgeColor) }} data-testid="ticket-queue">
            {ticket.queue?.name ?? t('tickets.noQueue')}
          </Badge>
          {ticket.user && (
            <Text fontSize="xs" color="fg.muted" truncate>
              {ticket.user.name}
            </Text>
          )}
          <LastInteractionLabel updatedAt={ticket.updatedAt} now={now} />
          <Box flex="1" />
          {canSpy && ticket.status !== 'closed' && (
            <IconButton
              size="2xs"
              variant="ghost"
              aria-label={t('tickets.buttons.spy')}
              title={t('tickets.buttons.spy')}
              onClick={handleSpy}
              data-testid="ticket-spy"
            >
              <LuEye />
            </IconButton>
          )}
          {ticket.status === 'pending' && (
            <>
              <Button size="2xs" colorPalette="green" onClick={handleAccept} loading={busy} data-testid="ticket-accept">
                {t('tickets.buttons.accept')}
              </Button>
              <Button size="2xs" variant="outline" colorPalette="red" onClick={handleClose} disabled={busy} data-testid="ticket-close">
                {t('tickets.buttons.close')}
              </Button>
            </>
          )}
        </HStack>
      </Stack>
    </Flex>
  );
}
