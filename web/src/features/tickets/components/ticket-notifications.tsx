import { appMessageSocketPayloadSchema, ticketSocketPayloadSchema } from '@app/contracts';
import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router';

import { CountIconButton } from '@/components/ui/count-icon-button';
import { PopoverPanel } from '@/components/ui/popover-panel';
import { joinRoom, useSocketEvent } from '@/lib/socket';

import { appMessageEventName, ticketEventName } from '../hooks/use-tickets-realtime';
import { readVolume } from '../hooks/use-volume';
import type { InboxUser, Ticket } from '../types';
import { lastMessagePreview } from '../utils/last-message-preview';
import { playNotificationSound } from '../utils/notification-sound';
import { shouldNotify } from '../utils/should-notify';
import { LastMessageText } from './last-message-text';

const TICKET_PATH = /^\/tickets\/([^/]+)/;

function showBrowserNotification(ticket: Ticket, body: string, onOpen: () => void) {
  if (typeof window === 'undefined' || !('Notification' in window)) {
    console.info('[notifications] this browser has no notifications');
    return;
  }
  if (Notification.permission !== 'granted') return;
  const notification = new Notification(ticket.contact.name, {
    body,
    tag: String(ticket.id),
    icon: ticket.contact.profilePicUrl || undefined,
  });
  notification.onclick = () => {
    window.focus();
    onOpen();
    notification.close();
  };
}

/**
 * The top bar's notifications: a new message on a ticket the user is not looking at raises a browser
 * notification and a sound at the top bar's volume, and is listed here until the ticket is read.
 */
export function TicketNotifications({ user }: { user: InboxUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const openTicketUuid = useRef<string | undefined>(undefined);
  openTicketUuid.current = TICKET_PATH.exec(location.pathname)?.[1];

  useEffect(() => {
    joinRoom('joinNotification');
    if (typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'default') {
      void Notification.requestPermission().catch(() => undefined);
    }
  }, []);

  function open(ticket: Ticket) {
    setTickets((list) => list.filter((item) => item.id !== ticket.id));
    void navigate(`/tickets/${ticket.uuid}`);
  }

  useSocketEvent(appMessageEventName(user.companyId), (payload) => {
    const parsed = appMessageSocketPayloadSchema.safeParse(payload);
    if (!parsed.success) return;
    const view = {
      openTicketUuid: openTicketUuid.current,
      pageVisible: typeof document === 'undefined' || document.visibilityState === 'visible',
    };
    if (!shouldNotify(parsed.data, user, view)) return;
    const { ticket, message } = parsed.data;
    setTickets((list) => [ticket, ...list.filter((item) => item.id !== ticket.id)]);
    showBrowserNotification(ticket, lastMessagePreview(message.body, t), () => open(ticket));
    playNotificationSound(readVolume());
  });

  useSocketEvent(ticketEventName(user.companyId), (payload) => {
    const parsed = ticketSocketPayloadSchema.safeParse(payload);
    if (!parsed.success) return;
    const data = parsed.data;
    const ticketId = data.action === 'update' ? data.ticket.id : data.ticketId;
    const read = data.action !== 'update' || data.ticket.unreadMessages === 0;
    if (read) setTickets((list) => list.filter((item) => item.id !== ticketId));
  });

  return (
    <PopoverPanel
      placement="bottom-end"
      trigger={
        <CountIconButton
          label={t('tickets.notifications.title')}
          icon={<LuBell />}
          count={tickets.length}
          countTestId="notifications-count"
          data-testid="notifications-button"
        />
      }
      testId="notifications-popover"
      contentProps={{ w: 'xs', maxH: 'md' }}
      bodyProps={{ p: '2' }}
    >
      {tickets.length === 0 ? (
        <Text color="fg.muted" px="2" py="1">
          {t('tickets.notifications.empty')}
        </Text>
      ) : (
        <Stack gap="1">
          {tickets.map((ticket) => (
            <chakra.button
              key={ticket.id}
              type="button"
              textAlign="start"
              px="2"
              py="1.5"
              borderRadius="md"
              _hover={{ bg: 'bg.muted' }}
              onClick={() => open(ticket)}
            >
              <Text fontWeight="semibold" fontSize="sm" truncate>
                {ticket.contact.name}
              </Text>
              <Box>
                <Text fontSize="xs" color="fg.muted" truncate>
                  <LastMessageText text={ticket.lastMessage} />
                </Text>
              </Box>
            </chakra.button>
          ))}
        </Stack>
      )}
    </PopoverPanel>
  );
}
