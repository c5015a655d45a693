import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatTime } from '@/lib/format';

import type { Message } from '../types';
import { AckIcon } from './ack-icon';
import { FormattedText } from './formatted-text';
import { MessageMedia, showsBodyText } from './message-media';

type MessageBubbleProps = {
  message: Message;
  isGroup: boolean;
  /** The message menu; absent in the read-only view. */
  menu?: ReactNode;
  /** The message a search found, shown for a moment on a highlighted row (as WhatsApp Web). */
  highlighted?: boolean;
};

/** One message: quoted reply, media, text (struck through when deleted), time and ack ticks. */
export function MessageBubble({ message, isGroup, menu, highlighted = false }: MessageBubbleProps) {
  const { t } = useTranslation();
  const fromMe = message.fromMe;
  return (
    <Flex
      justify={fromMe ? 'flex-end' : 'flex-start'}
      px="3"
      py="0.5"
      data-message-id={message.id}
      data-highlighted={highlighted ? 'true' : undefined}
      bg={highlighted ? 'yellow.muted' : 'transparent'}
      transition="background-color 0.6s"
    >
      <Stack
        gap="1"
        maxW="75%"
        px="3"
        py="2"
        borderRadius="lg"
        bg={fromMe ? 'green.subtle' : 'bg.panel'}
        shadow="xs"
        position="relative"
        className="group"
        pr={menu ? '7' : '3'}
        data-testid="message"
        // Reached with the arrows from the conversation's one Tab stop (message-list), not with Tab.
        tabIndex={-1}
        data-from-me={fromMe ? 'true' : 'false'}
        data-deleted={message.isDeleted ? 'true' : 'false'}
        aria-disabled={message.isDeleted || undefined}
        opacity={message.isDeleted ? 0.6 : 1}
      >
        {menu && (
          <Box
            position="absolute"
            top="0.5"
            right="0.5"
            opacity={0}
            _groupHover={{ opacity: 1 }}
            _groupFocusVisible={{ opacity: 1 }}
            _focusWithin={{ opacity: 1 }}
          >
            {menu}
          </Box>
        )}
        {isGroup && !fromMe && message.contact && (
          <Text fontSize="xs" fontWeight="semibold" color="brand.fg">
            {message.contact.name}
          </Text>
        )}
        {message.aiAuthor && (
          <Text fontSize="xs" fontWeight="semibold" color="purple.fg" data-testid="message-ai-author">
            {t('tickets.chat.aiAuthor', { name: message.aiAuthor.name })}
          </Text>
        )}
        {message.isForwarded && (
          <Text fontSize="xs" fontStyle="italic" color="fg.muted">
            {t('tickets.chat.forwarded')}
          </Text>
        )}
        {message.quotedMsg && (
          <Box
            borderLeftWidth="4px"
            borderLeftColor={message.quotedMsg.fromMe ? 'green.500' : 'blue.500'}
            bg="bg.muted"
            px="2"
            py="1"
            borderRadius="sm"
            data-testid="message-quoted"
          >
            <Text fontSize="xs" fontWeight="semibold">
              {message.quotedMsg.fromMe ? t('tickets.input.you') : (message.quotedMsg.contact?.name ?? '')}
            </Text>
            <Text fontSize="xs" lineClamp={3} whiteSpace="pre-wrap">
              {message.quotedMsg.body}
            </Text>
          </Box>
        )}
        <MessageMedia message={message} />
        {showsBodyText(message) && message.body && (
          <Text
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            textDecoration={message.isDeleted ? 'line-through' : undefined}
            data-testid="message-body"
          >
            {message.isDeleted ? message.body : <FormattedText text={message.body} />}
          </Text>
        )}
        {message.reactions.length > 0 && (
          <Text fontSize="sm" data-testid="message-reactions">
            {message.reactions.map((reaction) => reaction.emoji).join(' ')}
          </Text>
        )}
        <HStack gap="1" justify="flex-end" fontSize="2xs" color="fg.muted">
          {message.isEdited && <Text>{t('tickets.chat.edited')}</Text>}
          {message.sendError && <Text color="red.500">{t('tickets.chat.sendError')}</Text>}
          <Text>{formatTime(message.createdAt)}</Text>
          {fromMe && <AckIcon ack={message.ack} />}
        </HStack>
      </Stack>
    </Flex>
  );
}
