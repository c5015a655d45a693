import { Badge, Box, Button, chakra, Flex, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
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

/**
 * One row of the ticket list (spec 1 section 2, List item). The row is a list item whose main action
 * is one real button, the contact's name (so its accessible name is the text it shows, and Enter and
 * Space open the ticket); the button's hit area is stretched over the whole row, and the row's own
 * buttons (spy, accept, close) stand above it, beside it rather than inside it.
 */
export function TicketListItem({ ticket, now, selected, canSpy, busy, onSelect, onAccept, onClose, onSpy }: TicketListItemProps) {
  const { t } = useTranslation();
  const queueColor = ticket.queue?.color ?? 'gray';
  // No queue: a grey that white text reads on (4.5:1 and more).
  const queueBadgeColor = ticket.queue?.color ?? '#5f6368';

  function handleOpen() {
    onSelect(ticket);
  }

  function handleAccept() {
    onAccept(ticket);
  }

  function handleClose() {
    onClose(ticket);
  }

  function handleSpy() {
    onSpy(ticket);
  }

  return (
    <Flex
      as="li"
      position="relative"
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
    >
      <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
      <Stack gap="0.5" flex="1" minW="0">
        <Flex justify="space-between" gap="2" align="baseline">
          <chakra.button
            type="button"
            onClick={handleOpen}
            aria-current={selected ? 'true' : undefined}
            data-testid="ticket-open"
            textAlign="start"
            fontWeight="semibold"
            minW="0"
            cursor="pointer"
            truncate
            // The row's whole area opens the ticket; the focus ring is drawn around the row.
            _after={{ content: '""', position: 'absolute', inset: '0' }}
            _focusVisible={{ outline: 'none', _after: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' } }}
          >
            <span data-testid="ticket-contact-name">{ticket.contact.name}</span>
          </chakra.button>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            {formatUpdatedAt(ticket.updatedAt, now)}
          </Text>
        </Flex>
        <Flex justify="space-between" gap="2" align="center">
          <Text fontSize="sm" color="fg.muted" truncate data-testid="ticket-last-message">
            <LastMessageText text={ticket.lastMessage} />
          </Text>
          {ticket.unreadMessages > 0 && (
            <Flex flexShrink={0}>
              {/* Read as 'Mensagens não lidas 2': a name on the badge's span would be read by none. */}
              <VisuallyHidden>{t('tickets.list.unread')}</VisuallyHidden>
              <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid="ticket-unread">
                {ticket.unreadMessages}
              </Badge>
            </Flex>
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
          <HStack gap="2" position="relative" zIndex="1">
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
        </HStack>
      </Stack>
    </Flex>
  );
}
