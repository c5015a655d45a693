import type { Chat } from '@app/contracts';
import { Box, Center, Flex, HStack, IconButton, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSend } from 'react-icons/lu';

import { formatDateTime } from '@/lib/format';

import { useChatMessages, useSendChatMessage } from '../api/chats';
import { appendChatMessage } from '../hooks/use-chats-realtime';

/** Spec 2 section 9: older messages load when scrolled within 600 px of the top. */
export const CHAT_LOAD_OLDER_MARGIN_PX = 600;

type ChatMessagesProps = {
  chat: Chat;
  userId: number;
};

/** One chat's messages, oldest at the top, the input below; empty or blank messages are not sent. */
export function ChatMessages({ chat, userId }: ChatMessagesProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useChatMessages(chat.id);
  const send = useSendChatMessage();
  const [text, setText] = useState('');
  const scroller = useRef<HTMLDivElement | null>(null);
  const previous = useRef<{ height: number; count: number; newest: number | undefined }>({ height: 0, count: 0, newest: undefined });
  const messages = [...(query.data?.pages ?? [])].reverse().flatMap((page) => page.records);
  const newest = messages[messages.length - 1]?.id;

  // A new message scrolls to the end; an older page keeps the view where it was.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    if (newest !== before.newest) element.scrollTop = element.scrollHeight;
    else if (messages.length > before.count) element.scrollTop += element.scrollHeight - before.height;
    previous.current = { height: element.scrollHeight, count: messages.length, newest };
  });

  function handleScroll() {
    const element = scroller.current;
    if (element && element.scrollTop < CHAT_LOAD_OLDER_MARGIN_PX && query.hasNextPage && !query.isFetchingNextPage)
      void query.fetchNextPage();
  }
  useEffect(handleScroll);

  async function handleSend() {
    const message = text.trim();
    if (!message || send.isPending) return;
    try {
      appendChatMessage(queryClient, await send.mutateAsync({ chatId: chat.id, message }));
      setText('');
    } catch {
      // Chat request failures are silently ignored (spec 2 section 8); the text stays for another try.
    }
  }

  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-messages" data-chat-id={chat.id}>
      <Box ref={scroller} flex="1" minH="0" overflowY="auto" px="4" py="3" onScroll={handleScroll} data-testid="chat-messages-scroll">
        {query.isPending ? (
          <Center py="6">
            <Spinner size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : (
          <Stack gap="2">
            {query.isFetchingNextPage && <Spinner size="xs" alignSelf="center" />}
            {messages.map((message) => {
              const mine = message.senderId === userId;
              return (
                <Box
                  key={message.id}
                  alignSelf={mine ? 'flex-end' : 'flex-start'}
                  maxW="75%"
                  px="3"
                  py="2"
                  borderRadius="md"
                  bg={mine ? 'brand.subtle' : 'bg.muted'}
                  data-testid="chat-message"
                  data-mine={mine}
                >
                  {!mine && (
                    <Text fontSize="xs" fontWeight="semibold">
                      {message.sender.name}
                    </Text>
                  )}
                  <Text whiteSpace="pre-wrap" wordBreak="break-word">
                    {message.message}
                  </Text>
                  <Text fontSize="2xs" color="fg.muted" textAlign="end">
                    {formatDateTime(message.createdAt)}
                  </Text>
                </Box>
              );
            })}
          </Stack>
        )}
      </Box>
      <HStack px="3" py="2" borderTopWidth="1px" align="flex-end">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void handleSend();
            }
          }}
          rows={1}
          autoresize
          maxH="8lh"
          placeholder={t('chats.placeholder')}
          aria-label={t('chats.placeholder')}
          data-testid="chat-input"
        />
        <IconButton
          colorPalette="brand"
          aria-label={t('chats.send')}
          disabled={!text.trim()}
          loading={send.isPending}
          onClick={() => void handleSend()}
          data-testid="chat-send"
        >
          <LuSend />
        </IconButton>
      </HStack>
    </Flex>
  );
}
