import { Badge, Box, Button, Center, Checkbox, Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown } from 'react-icons/lu';

import { formatDate, formatDateTime } from '@/lib/format';

import { useMessages } from '../api/get-messages';
import type { MessageSelection } from '../hooks/use-message-actions';
import type { Message } from '../types';
import { isSelectable } from '../utils/forward-selection';
import { flattenMessages } from '../utils/message-cache';
import { buildMessageRows } from '../utils/message-separators';
import { MessageBubble } from './message-bubble';
import { MessageMenu, type MessageMenuHandlers } from './message-menu';

/** Spec 1 section 9: older messages load within 50 px of the top. */
export const OLDER_MESSAGES_MARGIN_PX = 50;
/** A view this close to the bottom follows new messages and media that grows the list. */
const PINNED_MARGIN_PX = 80;
/** A chat opened at a message loads newer messages within this distance of the bottom. */
export const NEWER_MESSAGES_MARGIN_PX = 100;
/** How long the message a search found stays highlighted. */
export const FOUND_MESSAGE_HIGHLIGHT_MS = 2500;

type MessageListProps = {
  ticketId: number;
  isGroup: boolean;
  /** The message menu's handlers; absent in the read-only (spy) view. */
  actions?: MessageMenuHandlers;
  /** Selection mode for forwarding: checkboxes in place of the menus. */
  selection?: MessageSelection;
  /** Open at this message (a search's find), highlighted for a moment, instead of at the newest. */
  aroundId?: number;
  /** Leave the place opened at for the newest messages (the chat opened at them). */
  onJumpToLatest?: () => void;
};

/**
 * The chat's messages, oldest first, with day separators and the marker between tickets. It opens at
 * the newest message, or at `aroundId` (centred and highlighted) with newer pages loaded as the agent
 * scrolls down until the newest, as WhatsApp Web does after a search.
 */
export function MessageList({ ticketId, isGroup, actions, selection, aroundId, onJumpToLatest }: MessageListProps) {
  const { t } = useTranslation();
  const query = useMessages(ticketId, aroundId);
  const messages = flattenMessages(query.data);
  const rows = buildMessageRows(messages);
  const pageCount = query.data?.pages.length ?? 0;
  /** Opened at a message and the newest not reached yet: live messages wait for the newer pages. */
  const newerPending = query.hasPreviousPage;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const previous = useRef<{ firstId?: number; lastId?: number; pageCount: number; scrollHeight: number }>({
    pageCount: 0,
    scrollHeight: 0,
  });
  /** Whether the view follows the newest message: true until the agent scrolls up, again once back at the bottom. */
  const pinned = useRef(aroundId == null);
  const lastScrollTop = useRef(0);
  const [unseen, setUnseen] = useState(0);
  const [highlightId, setHighlightId] = useState<number | undefined>(aroundId);

  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;
  const lastFromMe = messages[messages.length - 1]?.fromMe ?? false;
  const hasRows = !query.isPending && messages.length > 0;

  function scrollToBottom() {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    pinned.current = true;
    setUnseen(0);
  }

  /** The found message in the middle of the view. */
  function centerOnFound(id: number) {
    const element = scrollRef.current;
    const row = element?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!element || !row) return;
    element.scrollTop = row.offsetTop - element.offsetTop - (element.clientHeight - row.offsetHeight) / 2;
  }

  // Older messages keep the view where it was; so do newer pages loaded below it. A new message at the
  // end is followed when the view is at the bottom (or is the agent's own), else counted on the 'new
  // messages' chip. The first page of a chat opened at a message shows that message in the middle.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = previous.current;
    if (before.lastId === undefined && lastId !== undefined && aroundId != null) {
      centerOnFound(aroundId);
    } else if (before.firstId !== undefined && firstId !== before.firstId && lastId === before.lastId) {
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    } else if (lastId !== before.lastId) {
      const newerPage = before.lastId !== undefined && pageCount > before.pageCount;
      if (newerPage) {
        // A newer page below the view: the view stays where the agent is reading.
      } else if (before.lastId === undefined || pinned.current || lastFromMe) scrollToBottom();
      else setUnseen((count) => count + 1);
    }
    previous.current = { firstId, lastId, pageCount, scrollHeight: element.scrollHeight };
  }, [firstId, lastId, lastFromMe, pageCount, aroundId]);

  // The message could not be opened at (deleted since the search, or not this chat's): the newest instead.
  const openFailed = aroundId != null && query.isError && !query.data;
  useEffect(() => {
    if (openFailed) onJumpToLatest?.();
  }, [openFailed, onJumpToLatest]);

  // The found message is highlighted for a moment, as WhatsApp Web does.
  useEffect(() => {
    if (highlightId === undefined) return;
    const timer = setTimeout(() => setHighlightId(undefined), FOUND_MESSAGE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  // Media that loads after the scroll (images, videos, a location's map) grows the list, and the
  // view itself changes height (the window, a growing composer): a view at the bottom stays there,
  // and the found message stays in the middle while it is highlighted.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const element = scrollRef.current;
      if (element && pinned.current) element.scrollTop = element.scrollHeight;
      else if (highlightId !== undefined) centerOnFound(highlightId);
      if (element) previous.current.scrollHeight = element.scrollHeight;
    });
    observer.observe(content);
    if (scrollRef.current) observer.observe(scrollRef.current);
    return () => observer.disconnect();
  }, [hasRows, highlightId]);

  function handleScroll(event: React.UIEvent<HTMLDivElement>) {
    const element = event.currentTarget;
    previous.current.scrollHeight = element.scrollHeight;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    // Only the view moving up lets go of the bottom: media that loads grows the list below a view
    // whose scroll event may come before the resize is followed, and must not count as the agent
    // scrolling away. Until the newest message is loaded, the bottom of the view is not the chat's
    // end: nothing to follow.
    const movedUp = element.scrollTop < lastScrollTop.current - 1;
    lastScrollTop.current = element.scrollTop;
    if (newerPending) pinned.current = false;
    else if (fromBottom <= PINNED_MARGIN_PX) pinned.current = true;
    else if (movedUp) pinned.current = false;
    if (pinned.current) setUnseen(0);
    if (element.scrollTop < OLDER_MESSAGES_MARGIN_PX && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    if (fromBottom < NEWER_MESSAGES_MARGIN_PX && newerPending && !query.isFetchingPreviousPage) void query.fetchPreviousPage();
  }

  function handleJumpToLatest() {
    if (onJumpToLatest) onJumpToLatest();
    else scrollToBottom();
  }

  /**
   * The conversation is one Tab stop (issue 29): its messages are a list walked with the arrows
   * (Home and End for the first and newest loaded), Enter or the context-menu key opens a message's
   * menu, Escape goes back to the list, and Tab goes on to the composer's text.
   */
  function handleKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const box = scrollRef.current;
    if (!box) return;
    const items = Array.from(box.querySelectorAll<HTMLElement>('[data-testid="message"]'));
    const current = items.findIndex((item) => item === document.activeElement);
    const onMessage = current >= 0;
    const move = (index: number) => {
      event.preventDefault();
      items[Math.max(0, Math.min(items.length - 1, index))]?.focus();
    };
    switch (event.key) {
      case 'ArrowUp':
        return items.length ? move(onMessage ? current - 1 : items.length - 1) : undefined;
      case 'ArrowDown':
        return items.length ? move(onMessage ? current + 1 : items.length - 1) : undefined;
      case 'Home':
        return onMessage ? move(0) : undefined;
      case 'End':
        return onMessage ? move(items.length - 1) : undefined;
      case 'Escape':
        if (onMessage) {
          event.preventDefault();
          box.focus();
        }
        return;
      case 'Enter':
      case 'ContextMenu':
        if (onMessage) {
          event.preventDefault();
          items[current]!.querySelector<HTMLElement>('[data-testid="message-menu"]')?.click();
        }
        return;
      case 'Tab': {
        if (event.shiftKey) return;
        const composer = box
          .closest('[data-testid="ticket-chat"]')
          ?.querySelector<HTMLTextAreaElement>('textarea[data-testid="message-text"]:not(:disabled)');
        if (composer) {
          event.preventDefault();
          composer.focus();
        }
        return;
      }
    }
  }

  return (
    <Box position="relative" flex="1" minH="0" display="flex" flexDirection="column">
      <Box
        ref={scrollRef}
        flex="1"
        minH="0"
        overflowY="auto"
        py="2"
        bg="bg.subtle"
        onScroll={handleScroll}
        onKeyDown={handleKeyDown}
        tabIndex={0}
        role="region"
        aria-label={t('tickets.chat.messagesLabel')}
        data-testid="message-list"
      >
        {query.isPending ? (
          <Center h="full" gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>{t('tickets.chat.loading')}</Text>
          </Center>
        ) : messages.length === 0 ? (
          <Center h="full" color="fg.muted" data-testid="chat-empty">
            {t('tickets.chat.empty')}
          </Center>
        ) : (
          <Box ref={contentRef} role="list" aria-label={t('tickets.chat.messagesLabel')}>
            {query.isFetchingNextPage && (
              <Center py="2" role="listitem">
                <Spinner size="sm" />
              </Center>
            )}
            {rows.map((row) => {
              if (row.kind === 'day') {
                return (
                  <Flex key={row.key} justify="center" py="2" role="listitem" data-testid="message-day">
                    <Badge variant="subtle">{formatDate(row.date)}</Badge>
                  </Flex>
                );
              }
              if (row.kind === 'ticket') {
                return (
                  <Flex key={row.key} direction="column" align="center" gap="1" py="3" role="listitem" data-testid="ticket-separator">
                    <Badge colorPalette="red" variant="subtle">
                      {t('tickets.chat.conversationEnded', { date: formatDateTime(row.endedAt) })}
                    </Badge>
                    <Badge colorPalette="green" variant="subtle">
                      {t('tickets.chat.conversationStarted', { date: formatDateTime(row.startedAt) })}
                    </Badge>
                  </Flex>
                );
              }
              if (selection?.active) return <SelectableRow key={row.key} message={row.message} isGroup={isGroup} selection={selection} />;
              return (
                <Box key={row.key} role="listitem">
                  <MessageBubble
                    message={row.message}
                    isGroup={isGroup}
                    highlighted={row.message.id === highlightId}
                    menu={actions ? <MessageMenu message={row.message} {...actions} /> : undefined}
                  />
                </Box>
              );
            })}
            {query.isFetchingPreviousPage && (
              <Center py="2" role="listitem">
                <Spinner size="sm" />
              </Center>
            )}
          </Box>
        )}
      </Box>
      {newerPending && unseen === 0 && (
        <Button
          position="absolute"
          bottom="3"
          left="50%"
          transform="translateX(-50%)"
          size="xs"
          borderRadius="full"
          shadow="md"
          colorPalette="brand"
          onClick={handleJumpToLatest}
          data-testid="latest-messages-button"
        >
          <LuArrowDown /> {t('tickets.chat.latestMessages')}
        </Button>
      )}
      {unseen > 0 && (
        <Button
          position="absolute"
          bottom="3"
          left="50%"
          transform="translateX(-50%)"
          size="xs"
          borderRadius="full"
          shadow="md"
          colorPalette="brand"
          onClick={scrollToBottom}
          data-testid="new-messages-chip"
        >
          <LuArrowDown /> {t('tickets.chat.newMessages', { count: unseen })}
        </Button>
      )}
    </Box>
  );
}

type SelectableRowProps = { message: Message; isGroup: boolean; selection: MessageSelection };

/** A message in selection mode: a checkbox, and the whole row ticks or unticks it (as WhatsApp Web). */
function SelectableRow({ message, isGroup, selection }: SelectableRowProps) {
  const { t } = useTranslation();
  const selectable = isSelectable(message);
  const checked = selection.selectedIds.has(message.id);

  function handleRowClick(event: React.MouseEvent<HTMLDivElement>) {
    // The checkbox handles its own clicks (and Space); the rest of the row toggles too.
    if (!selectable || (event.target as HTMLElement).closest('[data-scope="checkbox"]')) return;
    selection.toggle(message);
  }

  return (
    <Flex
      role="listitem"
      align="center"
      pl="3"
      cursor={selectable ? 'pointer' : undefined}
      bg={checked ? 'brand.subtle' : undefined}
      onClick={handleRowClick}
      data-testid="message-select-row"
      data-selected={checked ? 'true' : 'false'}
    >
      <Checkbox.Root
        checked={checked}
        disabled={!selectable}
        onCheckedChange={() => selection.toggle(message)}
        aria-label={t('tickets.forward.selectMessage')}
        data-testid="message-select"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
      </Checkbox.Root>
      {/* The bubble's own controls (media, links) are inert while ticking. */}
      <Box flex="1" minW="0" pointerEvents="none">
        <MessageBubble message={message} isGroup={isGroup} />
      </Box>
    </Flex>
  );
}
