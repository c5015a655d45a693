import type { Chat } from '@app/contracts';
import { Badge, Box, Button, Center, Flex, Heading, HStack, IconButton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useMediaQuery } from '@/hooks/use-media-query';

import { useChats, useDeleteChat, useMarkChatRead } from '../api/chats';
import { useChatsRealtime } from '../hooks/use-chats-realtime';
import { ChatMessages } from './chat-messages';
import { ChatModal } from './chat-modal';

/** Narrow screens get the tabs Chats and Mensagens (spec 2). */
export const CHATS_NARROW_QUERY = '(max-width: 899px)';

type ChatsPageProps = {
  companyId: number;
  userId: number;
  /** The chat of /chats/{uuid}, if any. */
  selectedUuid: string | undefined;
  onSelect: (uuid: string | null) => void;
};

/** /chats and /chats/{uuid}: the user's chats beside the open chat's messages (tabs on narrow screens). */
export function ChatsPage({ companyId, userId, selectedUuid, onSelect }: ChatsPageProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(CHATS_NARROW_QUERY);
  const chats = useChats();
  const markRead = useMarkChatRead();
  const deleteChat = useDeleteChat();
  const [tab, setTab] = useState<'chats' | 'messages'>(selectedUuid ? 'messages' : 'chats');
  const [editing, setEditing] = useState<{ chat: Chat | null } | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  useChatsRealtime(companyId, userId);

  const list = chats.data ?? [];
  const selected = list.find((chat) => chat.uuid === selectedUuid) ?? null;
  const unreadsOf = (chat: Chat) => chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
  const selectedUnreads = selected ? unreadsOf(selected) : 0;

  // Opening a chat with unread messages marks it read; a new message in the open chat too.
  const { mutate: markChatRead } = markRead;
  useEffect(() => {
    if (selected && selectedUnreads > 0) markChatRead({ chatId: selected.id, userId });
  }, [selected, selectedUnreads, markChatRead, userId]);

  // A deleted (or no longer shared) chat clears the view and goes back to /chats.
  useEffect(() => {
    if (selectedUuid && chats.isSuccess && !selected) onSelect(null);
  }, [selectedUuid, chats.isSuccess, selected, onSelect]);

  function handleOpen(chat: Chat) {
    onSelect(chat.uuid);
    setTab('messages');
  }

  async function handleConfirmDelete() {
    if (!deleting) return;
    await deleteChat.mutateAsync(deleting.id).catch(() => undefined);
    setDeleting(null);
  }

  const listPane = (
    <Stack gap="2" h="full" minH="0" data-testid="chats-list">
      <Button colorPalette="brand" size="sm" onClick={() => setEditing({ chat: null })} data-testid="chats-add">
        <LuPlus /> {t('chats.add')}
      </Button>
      <Stack gap="1" overflowY="auto" minH="0">
        {list.length === 0 && chats.isSuccess && (
          <Text fontSize="sm" color="fg.muted" textAlign="center" py="4">
            {t('common.noRecords')}
          </Text>
        )}
        {list.map((chat) => (
          <Box
            key={chat.id}
            as="button"
            textAlign="start"
            px="3"
            py="2"
            borderRadius="md"
            bg={chat.uuid === selectedUuid ? 'bg.emphasized' : undefined}
            _hover={{ bg: 'bg.muted' }}
            onClick={() => handleOpen(chat)}
            data-testid="chats-item"
            data-chat-id={chat.id}
          >
            <HStack justify="space-between" gap="2">
              <Text fontWeight="semibold" truncate>
                {chat.title}
              </Text>
              {unreadsOf(chat) > 0 && (
                <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid="chats-item-unreads">
                  {unreadsOf(chat)}
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate>
              {chat.lastMessage || chat.users.map((member) => member.user.name).join(', ')}
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );

  const messagesPane = selected ? (
    <Flex direction="column" h="full" minH="0" borderWidth="1px" borderRadius="md" bg="bg">
      <HStack px="4" py="2" borderBottomWidth="1px" justify="space-between">
        <Box minW="0">
          <Heading as="h2" size="md" truncate>
            {selected.title}
          </Heading>
          <Text fontSize="xs" color="fg.muted" truncate>
            {selected.users.map((member) => member.user.name).join(', ')}
          </Text>
        </Box>
        {selected.ownerId === userId && (
          <HStack gap="1">
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('common.edit')}
              onClick={() => setEditing({ chat: selected })}
              data-testid="chat-edit"
            >
              <LuPencil />
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('common.delete')}
              onClick={() => setDeleting(selected)}
              data-testid="chat-delete"
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        )}
      </HStack>
      <Box flex="1" minH="0">
        <ChatMessages key={selected.id} chat={selected} userId={userId} />
      </Box>
    </Flex>
  ) : (
    <Center h="full" color="fg.muted" borderWidth="1px" borderRadius="md" data-testid="chats-none">
      {t('chats.selectChat')}
    </Center>
  );

  return (
    <Stack gap="4" h="calc(100vh - 9rem)" minH="0" data-testid="chats-page">
      <Heading as="h1" size="xl">
        {t('chats.title')}
      </Heading>
      {narrow ? (
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as 'chats' | 'messages')}
          flex="1"
          minH="0"
          display="flex"
          flexDirection="column"
        >
          <Tabs.List>
            <Tabs.Trigger value="chats" data-testid="chats-tab-chats">
              {t('chats.tabs.chats')}
            </Tabs.Trigger>
            <Tabs.Trigger value="messages" data-testid="chats-tab-messages">
              {t('chats.tabs.messages')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="chats" flex="1" minH="0">
            {listPane}
          </Tabs.Content>
          <Tabs.Content value="messages" flex="1" minH="0">
            {messagesPane}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Flex gap="4" flex="1" minH="0">
          <Box w="300px" flexShrink={0} minH="0">
            {listPane}
          </Box>
          <Box flex="1" minW="0" minH="0">
            {messagesPane}
          </Box>
        </Flex>
      )}
      {editing && <ChatModal chat={editing.chat} userId={userId} onSaved={(chat) => handleOpen(chat)} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('chats.confirmDelete', { title: deleting?.title ?? '' })}
        loading={deleteChat.isPending}
        onConfirm={() => void handleConfirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
