import type { ChatMessage } from '@app/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';

import { useSocketEvent } from '@/lib/socket';

import { chatListQueryKey, type ChatMessagePages, chatMessagesQueryKey } from '../api/chats';

/** The newest page gets the message at its end, once. */
export function appendChatMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<ChatMessagePages>(chatMessagesQueryKey(message.chatId), (data) => {
    if (!data || data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, records: [...newest.records, message] }, ...older] };
  });
}

/**
 * The internal chat live (spec 2): `company-{id}-chat` brings new messages and changes of the
 * member's chats, `company-{id}-chat-user-{userId}` the member's list (added, changed, removed).
 * Both reach only the chat's members.
 */
export function useChatsRealtime(companyId: number, userId: number) {
  const queryClient = useQueryClient();
  useSocketEvent(`company-${companyId}-chat`, (payload) => {
    if (payload.action === 'new-message') appendChatMessage(queryClient, payload.newMessage);
    void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
  });
  useSocketEvent(`company-${companyId}-chat-user-${userId}`, () => {
    void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
  });
}
