import {
  type Chat,
  type ChatCreateBody,
  chatDeleteResponseSchema,
  chatListResponseSchema,
  type ChatMessage,
  chatMessageSchema,
  type ChatMessagesResponse,
  chatMessagesResponseSchema,
  chatSchema,
  userListResponseSchema,
} from '@app/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every query of the internal chat starts with this key. */
export const chatsQueryKey = ['chats'] as const;
export const chatListQueryKey = [...chatsQueryKey, 'list'] as const;
export const chatMessagesQueryKey = (chatId: number) => [...chatsQueryKey, 'messages', chatId] as const;
export type ChatMessagePages = InfiniteData<ChatMessagesResponse, number>;

/** `GET /api/chats` → the caller's chats, most recently active first (first page: the list and the menu's dot). */
export async function getChats(): Promise<Chat[]> {
  return (await api.get('/chats', { query: { pageNumber: 1 }, schema: chatListResponseSchema })).records;
}

export function useChats() {
  // Chat request failures are silently ignored (spec 2 section 8).
  return useQuery(queryOptions({ queryKey: chatListQueryKey, queryFn: getChats, meta: { silent: true } }));
}

/** `GET /api/chats/{id}/messages?pageNumber=`: the newest page first; each page oldest first. */
export function useChatMessages(chatId: number | null) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: chatMessagesQueryKey(chatId ?? 0),
      queryFn: ({ pageParam }) =>
        api.get(`/chats/${chatId}/messages`, { query: { pageNumber: pageParam }, schema: chatMessagesResponseSchema }),
      initialPageParam: 1,
      getNextPageParam: (lastPage, allPages) => (lastPage.hasMore ? allPages.length + 1 : undefined),
      meta: { silent: true },
    }),
    enabled: chatId !== null,
  });
}

/** `GET /api/users/list`: who can be added to a chat. */
export function useChatUserOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...chatsQueryKey, 'users'],
    queryFn: () => api.get('/users/list', { schema: userListResponseSchema }),
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export type SaveChatInput = { id?: number; body: ChatCreateBody };

/** `POST /api/chats` or `PUT /api/chats/{id}` {title, users}. */
export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveChatInput): Promise<Chat> =>
      id ? api.put(`/chats/${id}`, body, { schema: chatSchema }) : api.post('/chats', body, { schema: chatSchema }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatListQueryKey }),
  });
}

/** `DELETE /api/chats/{id}` (the owner). */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/chats/${id}`, { schema: chatDeleteResponseSchema }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatListQueryKey }),
  });
}

/** `POST /api/chats/{id}/messages {message}`: the message comes back on the socket too. */
export function useSendChatMessage() {
  return useMutation({
    mutationFn: ({ chatId, message }: { chatId: number; message: string }): Promise<ChatMessage> =>
      api.post(`/chats/${chatId}/messages`, { message }, { schema: chatMessageSchema }),
    meta: { silent: true },
  });
}

/** `POST /api/chats/{id}/read {userId}`: the caller's unread count goes to 0. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: number; userId: number }): Promise<Chat> =>
      api.post(`/chats/${chatId}/read`, { userId }, { schema: chatSchema }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatListQueryKey }),
  });
}
