import {
  chatDeleted,
  chatMessageCreated,
  chatSaved,
  type ChatSocketPayload,
  type CompanySocketPayloads,
  contactDeleted,
  contactSaved,
  type ContactSocketPayload,
  messageCreated,
  messageUpdated,
  queueDeleted,
  queueSaved,
  type QueueSocketPayload,
  quickMessageChanged,
  tagDeleted,
  tagSaved,
  type TagSocketPayload,
  ticketDeleted,
  ticketPresenceUpdated,
  ticketRead,
  ticketUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';

import { companySocketEmit, type SocketEmit, socketEmit, type SocketEventMapper } from '../../common/socket-emit';

const toAudience = <K extends 'ticket' | 'appMessage' | 'presence'>(
  companyId: number,
  audience: number[],
  name: K,
  payload: CompanySocketPayloads[K],
): SocketEmit[] => (audience.length === 0 ? [] : [companySocketEmit({ kind: 'users', userIds: audience }, companyId, name, payload)]);

const toCompany = <K extends 'contact' | 'queue' | 'tag' | 'quickemessage'>(
  companyId: number,
  name: K,
  payload: CompanySocketPayloads[K],
): SocketEmit => companySocketEmit({ kind: 'company', companyId }, companyId, name, payload);

/** The internal chat's events reach only its members: the chat's channels, and each member's own list. */
const toMembers = (companyId: number, memberIds: number[], chatId: number, payload: ChatSocketPayload): SocketEmit[] =>
  memberIds.length === 0
    ? []
    : [
        socketEmit({ kind: 'users', userIds: memberIds }, `company-${companyId}-chat`, payload),
        socketEmit({ kind: 'users', userIds: memberIds }, `company-${companyId}-chat-${chatId}`, payload),
      ];
const toMember = (companyId: number, userId: number, payload: ChatSocketPayload): SocketEmit =>
  socketEmit({ kind: 'user', userId }, `company-${companyId}-chat-user-${userId}`, payload);

/**
 * The inbox: `company-{id}-ticket` (update, updateUnread, delete) and `company-{id}-appMessage`
 * (create, update) and `company-{id}-presence` go only to the users the conversations service names as
 * the ticket's audience;
 * `company-{id}-contact`, `company-{id}-queue` and `company-{id}-tag` go to the company (every user
 * may see its contacts, queues and tags), and so does `company-{id}-quickemessage`, which names a
 * quick message without its text.
 */
export const conversationsSocketMapper: SocketEventMapper = {
  topic: 'conversations.events',
  map(envelope) {
    const companyId = envelope.companyId;
    if (!companyId) return [];
    const updated = readEvent(ticketUpdated, envelope);
    if (updated) return toAudience(companyId, updated.audience, 'ticket', { action: 'update', ticket: updated.ticket });
    const read = readEvent(ticketRead, envelope);
    if (read) return toAudience(companyId, read.audience, 'ticket', { action: 'updateUnread', ticketId: read.ticketId });
    const deleted = readEvent(ticketDeleted, envelope);
    if (deleted) return toAudience(companyId, deleted.audience, 'ticket', { action: 'delete', ticketId: deleted.ticketId });
    const created = readEvent(messageCreated, envelope);
    const changed = created ?? readEvent(messageUpdated, envelope);
    if (changed) {
      return toAudience(companyId, changed.audience, 'appMessage', {
        action: created ? 'create' : 'update',
        message: changed.message,
        ticket: changed.ticket,
        contact: changed.ticket.contact,
      });
    }
    const presence = readEvent(ticketPresenceUpdated, envelope);
    if (presence)
      return toAudience(companyId, presence.audience, 'presence', {
        action: 'update',
        ticketId: presence.ticketId,
        presence: presence.presence,
      });
    const contact = readEvent(contactSaved, envelope);
    if (contact) {
      const payload: ContactSocketPayload = contact.created
        ? { action: 'create', contact: contact.contact }
        : { action: 'update', contact: contact.contact };
      return [toCompany(companyId, 'contact', payload)];
    }
    const contactGone = readEvent(contactDeleted, envelope);
    if (contactGone) return [toCompany(companyId, 'contact', { action: 'delete', contactId: contactGone.contactId })];
    const queue = readEvent(queueSaved, envelope);
    if (queue) {
      const payload: QueueSocketPayload = queue.created
        ? { action: 'create', queue: queue.queue }
        : { action: 'update', queue: queue.queue };
      return [toCompany(companyId, 'queue', payload)];
    }
    const queueGone = readEvent(queueDeleted, envelope);
    if (queueGone) return [toCompany(companyId, 'queue', { action: 'delete', queueId: queueGone.queueId })];
    const tag = readEvent(tagSaved, envelope);
    if (tag) {
      const payload: TagSocketPayload = tag.created ? { action: 'create', tag: tag.tag } : { action: 'update', tag: tag.tag };
      return [toCompany(companyId, 'tag', payload)];
    }
    const tagGone = readEvent(tagDeleted, envelope);
    if (tagGone) return [toCompany(companyId, 'tag', { action: 'delete', tagId: tagGone.tagId })];
    const chatMessage = readEvent(chatMessageCreated, envelope);
    if (chatMessage) {
      const members = chatMessage.chat.users.map((user) => user.userId);
      return toMembers(companyId, members, chatMessage.chat.id, {
        action: 'new-message',
        newMessage: chatMessage.message,
        chat: chatMessage.chat,
      });
    }
    const chat = readEvent(chatSaved, envelope);
    if (chat) {
      const members = chat.chat.users.map((user) => user.userId);
      const listed: ChatSocketPayload = chat.created ? { action: 'create', record: chat.chat } : { action: 'update', chat: chat.chat };
      return [
        ...toMembers(companyId, members, chat.chat.id, { action: 'update', chat: chat.chat }),
        ...members.map((userId) => toMember(companyId, userId, listed)),
        ...chat.removedUserIds.map((userId) => toMember(companyId, userId, { action: 'delete', id: chat.chat.id })),
      ];
    }
    const chatGone = readEvent(chatDeleted, envelope);
    if (chatGone) {
      return [
        ...toMembers(companyId, chatGone.memberIds, chatGone.chatId, { action: 'delete', id: chatGone.chatId }),
        ...chatGone.memberIds.map((userId) => toMember(companyId, userId, { action: 'delete', id: chatGone.chatId })),
      ];
    }
    const quickMessage = readEvent(quickMessageChanged, envelope);
    if (quickMessage) return [toCompany(companyId, 'quickemessage', { action: quickMessage.action, id: quickMessage.quickMessageId })];
    return [];
  },
};
