import { appMessageSocketPayloadSchema, presenceSocketPayloadSchema } from '@app/contracts';
import { Box, Center, Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { announce } from '@/components/ui/live-region';
import { TOAST_DURATION_MS, toaster, toastError } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { joinRoom, leaveRoom, useSocketEvent } from '@/lib/socket';

import { deletedInThisTab } from '../api/delete-ticket';
import { useMessages } from '../api/get-messages';
import { useTicket } from '../api/get-ticket';
import { useMessageActions } from '../hooks/use-message-actions';
import { useReadOpenChat } from '../hooks/use-read-open-chat';
import { useTemplateOnly } from '../hooks/use-template-only';
import { appMessageEventName, ticketEventName } from '../hooks/use-tickets-realtime';
import type { InboxUser, Message } from '../types';
import { chatFocusDone, currentChatFocus, subscribeChatFocus, wantedChatFocus } from '../utils/chat-focus';
import { canSendTo, mayOpenTicket } from '../utils/ticket-actions';
import { ForwardSelectionBar } from './forward-selection-bar';
import { MessageInput } from './message-input';
import { MessageList } from './message-list';
import { TagEditor } from './tag-editor';
import { TemplateComposer } from './template-composer';
import { TicketHeader } from './ticket-header';

type TicketChatProps = {
  uuid: string;
  user: InboxUser;
  /** Back to the list (narrow screens). */
  onBack?: () => void;
  /** The ticket may not be shown (refused, deleted): go back to /tickets. */
  onLeave: () => void;
  /** Open the chat at this message (a search found the ticket by it) instead of at the newest. */
  aroundMessageId?: number;
  /** Leave that message for the newest ones. */
  onJumpToLatest?: () => void;
};

const REFUSED_CODES = new Set(['ERR_TICKET_NOT_ALLOWED', 'ERR_NO_PERMISSION', 'ERR_FORBIDDEN']);

/** The chat of one ticket: header and actions, messages, input (spec 1 section 2, Chat screen). */
export function TicketChat({ uuid, user, onBack, onLeave, aroundMessageId, onJumpToLatest }: TicketChatProps) {
  const { t } = useTranslation();
  const ticketQuery = useTicket(uuid);
  const ticket = ticketQuery.data;
  const refused = ticket ? !mayOpenTicket(ticket, user) : false;
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const messageActions = useMessageActions(setReplyTo, ticketQuery.data?.id);

  useEffect(() => {
    const error = ticketQuery.error;
    if (!error) return;
    if (isApiError(error) && error.code && REFUSED_CODES.has(error.code)) {
      toaster.create({ type: 'error', title: t('tickets.chat.accessNotAllowed'), duration: TOAST_DURATION_MS });
    } else {
      toastError(error);
    }
    onLeave();
  }, [ticketQuery.error, onLeave, t]);

  useEffect(() => {
    if (!refused) return;
    toaster.create({ type: 'error', title: t('tickets.chat.accessNotAllowed'), duration: TOAST_DURATION_MS });
    onLeave();
  }, [refused, onLeave, t]);

  const ticketId = ticket?.id;
  const messagesShown = useMessages(ticketId, aroundMessageId).isSuccess;
  useReadOpenChat(refused ? undefined : ticket, messagesShown);
  useEffect(() => {
    if (ticketId == null) return;
    const room = String(ticketId);
    joinRoom('joinChatBox', room);
    return () => leaveRoom('joinChatBox', [room]);
  }, [ticketId]);

  const [presence, setPresence] = useState<string | null>(null);
  useSocketEvent(`company-${user.companyId}-presence`, (payload) => {
    const parsed = presenceSocketPayloadSchema.safeParse(payload);
    if (parsed.success && parsed.data.ticketId === ticketId) setPresence(parsed.data.presence);
  });

  useSocketEvent(ticketEventName(user.companyId), (payload) => {
    if (payload?.action === 'delete' && ticketId != null && payload.ticketId === ticketId) {
      // Deleted from this tab: its own toast said so already.
      if (!deletedInThisTab(ticketId)) toaster.create({ type: 'info', title: t('tickets.chat.deleted'), duration: TOAST_DURATION_MS });
      onLeave();
    }
  });

  useSocketEvent(appMessageEventName(user.companyId), (payload) => {
    const parsed = appMessageSocketPayloadSchema.safeParse(payload);
    if (!parsed.success) return;
    const { action, message } = parsed.data;
    if (action !== 'create' || message.ticketId !== ticketId) return;
    // The customer's new message is said politely to a screen reader, once.
    if (!message.fromMe && ticket) {
      announce(
        `message-${message.id}`,
        t('tickets.live.newMessage', { name: ticket.contact.name, body: message.body || t('tickets.live.media') }),
      );
    }
    // Opened at an older message, the agent's own new message shows at the newest, where the chat goes.
    if (aroundMessageId != null && onJumpToLatest && message.fromMe && message.userId === user.id) onJumpToLatest();
  });

  // Focus goes where the action that opened or changed the ticket wants it, once the chat shows the
  // ticket in its new state (the composer only once the ticket can be written to).
  const chatRef = useRef<HTMLDivElement | null>(null);
  const writable = ticket ? canSendTo(ticket) : false;
  // A WhatsApp Cloud API contact whose 24-hour window has closed takes approved templates only.
  const templateOnly = useTemplateOnly(ticket, user.companyId);
  const wish = useSyncExternalStore(subscribeChatFocus, currentChatFocus);
  useEffect(() => {
    const root = chatRef.current;
    if (!ticket || refused || !root) return;
    const target = wantedChatFocus(uuid);
    if (!target) return;
    const element =
      target === 'composer'
        ? root.querySelector<HTMLTextAreaElement>('textarea[data-testid="message-text"]:not(:disabled)')
        : root.querySelector<HTMLElement>('[data-testid="ticket-header-contact"]');
    if (!element) return;
    element.focus();
    chatFocusDone();
  }, [ticket, refused, uuid, writable, wish]);

  if (!ticket || refused) {
    return (
      <Center h="full" gap="2" color="fg.muted" data-testid="ticket-chat-loading">
        <Spinner size="sm" />
        <Text>{t('tickets.chat.loading')}</Text>
      </Center>
    );
  }

  return (
    <Flex
      ref={chatRef}
      direction="column"
      h="full"
      minH="0"
      data-testid="ticket-chat"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <TicketHeader ticket={ticket} user={user} presence={presence ?? ticket.presence} onBack={onBack} onDeleted={onLeave} />
      <TagEditor key={`tags-${ticket.id}`} ticket={ticket} />
      <MessageList
        key={`${ticket.id}-${aroundMessageId ?? 'newest'}`}
        ticketId={ticket.id}
        aroundId={aroundMessageId}
        onJumpToLatest={onJumpToLatest}
        isGroup={ticket.isGroup}
        actions={messageActions.handlers}
        selection={messageActions.selection}
      />
      {messageActions.selection.active && (
        <ForwardSelectionBar
          count={messageActions.selection.selectedIds.size}
          onCancel={messageActions.selection.cancel}
          onForward={messageActions.selection.forward}
        />
      )}
      <Box display={messageActions.selection.active ? 'none' : undefined}>
        {writable && templateOnly ? (
          <TemplateComposer key={ticket.id} ticketId={ticket.id} connectionId={ticket.whatsappId} />
        ) : (
          <MessageInput
            key={ticket.id}
            ticketId={ticket.id}
            userName={user.name}
            canSend={canSendTo(ticket)}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            contact={ticket.contact}
            companyId={user.companyId}
          />
        )}
      </Box>
      {messageActions.dialogs}
    </Flex>
  );
}
