import { z } from 'zod';

import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX } from './constants';
import { id, isoDateTime, M, pageNumber, searchParam } from './fields';

// ---------------------------------------------------------------------------------------------
// Internal chat (spec 2): conversations between staff of one company
// ---------------------------------------------------------------------------------------------

export const chatUserSchema = z.object({ userId: id, unreads: z.number().int().min(0), user: z.object({ id, name: z.string() }) });
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatSchema = z.object({
  id,
  uuid: z.string(),
  title: z.string(),
  ownerId: id,
  users: z.array(chatUserSchema),
  lastMessage: z.string(),
  updatedAt: isoDateTime,
});
export type Chat = z.infer<typeof chatSchema>;

export const chatMessageSchema = z.object({
  id,
  chatId: id,
  message: z.string(),
  senderId: id,
  sender: z.object({ id, name: z.string() }),
  createdAt: isoDateTime,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The members as the Whaticket web sends them (`[{id, name}]`) or as ids. */
const members = z
  .array(z.union([id, z.object({ id }).loose()]))
  .max(500)
  .transform((users) => [...new Set(users.map((user) => (typeof user === 'number' ? user : user.id)))]);

/** POST /chats {title, users}: a title ('Obrigatório') and at least one user ('Selecione ao menos um usuário'). */
export const chatCreateSchema = z.object({
  title: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(CHAT_TITLE_MAX, M.genericTooLong),
  users: members.refine((users) => users.length > 0, M.chatUsersRequired),
});
export type ChatCreateBody = z.input<typeof chatCreateSchema>;
/** PUT /chats/{id}: the owner changes the title and the members. */
export const chatUpdateSchema = chatCreateSchema;
export type ChatUpdateBody = z.input<typeof chatUpdateSchema>;

export const chatListQuerySchema = z.object({ searchParam, pageNumber });
/** GET /chats → the caller's chats, most recently active first. */
export const chatListResponseSchema = z.object({ records: z.array(chatSchema), hasMore: z.boolean() });
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

export const chatMessagesQuerySchema = z.object({ pageNumber });
/** GET /chats/{id}/messages → one page, oldest first within it; the next page is older. */
export const chatMessagesResponseSchema = z.object({ records: z.array(chatMessageSchema), hasMore: z.boolean() });
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/** POST /chats/{id}/messages {message}: empty or blank messages are refused ('Mensagem vazia'). */
export const chatMessageCreateSchema = z.object({
  message: z.string({ error: M.emptyMessage }).trim().min(1, M.emptyMessage).max(CHAT_MESSAGE_MAX, M.genericTooLong),
});
export type ChatMessageCreateBody = z.input<typeof chatMessageCreateSchema>;

export const chatDeleteResponseSchema = z.object({ message: z.string() });

/**
 * The internal chat's socket events, each sent only to the chat's members: `company-{id}-chat`
 * (a new message or a change in any of the member's chats), `company-{id}-chat-{chatId}` (that chat)
 * and `company-{id}-chat-user-{userId}` (the member's list: added, changed, removed).
 */
export const chatSocketPayloadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('new-message'), newMessage: chatMessageSchema, chat: chatSchema }),
  z.object({ action: z.literal('create'), record: chatSchema }),
  z.object({ action: z.literal('update'), chat: chatSchema }),
  z.object({ action: z.literal('delete'), id }),
]);
export type ChatSocketPayload = z.infer<typeof chatSocketPayloadSchema>;
