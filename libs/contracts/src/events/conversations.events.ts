import { z } from 'zod';

import { chatMessageSchema, chatSchema, contactSchema, messageSchema, queueSchema, tagSchema, ticketSchema } from '../api/conversations';
import { defineEvent } from './define-event';

const id = z.number().int().positive();

/**
 * The users allowed to see the ticket when the event happened (admins and supervisors, users of its
 * queue, its assignee; everyone of the company for a ticket without queue). The gateway delivers
 * the socket event to these users' sockets only.
 */
const audience = z.array(id);

const conversationsEvent = <T extends string, S extends z.ZodType>(type: T, payload: S) =>
  defineEvent({ type, version: 1, topic: 'conversations.events', payload });

/**
 * A ticket was created or changed (status, user, queue, unread count, last message, tags). Carries the
 * ticket as the API shows it; the gateway delivers it only to sockets allowed to see that ticket.
 */
export const ticketUpdated = conversationsEvent('conversations.ticket.updated', z.object({ ticket: ticketSchema, audience }));

/**
 * A ticket's tags became these (a user set them, or moved it on the kanban). The ticket's own
 * updates carry its tags too; this one is for services that follow tags only (the tag campaigns).
 */
export const ticketTagsChanged = conversationsEvent(
  'conversations.ticket.tagsChanged',
  z.object({ ticketId: id, contactId: id, tags: z.array(z.object({ id, name: z.string() })) }),
);

/** Someone read the ticket: its unread count went back to 0. */
export const ticketRead = conversationsEvent(
  'conversations.ticket.read',
  z.object({ ticketId: id, queueId: id.nullable(), userId: id.nullable(), audience }),
);

/** A ticket was removed; the last known queue and user say who could see it. */
export const ticketDeleted = conversationsEvent(
  'conversations.ticket.deleted',
  z.object({ ticketId: id, queueId: id.nullable(), userId: id.nullable(), audience }),
);

/** A message was stored on a ticket (inbound, or one we are sending). */
export const messageCreated = conversationsEvent(
  'conversations.message.created',
  z.object({ message: messageSchema, ticket: ticketSchema, audience }),
);

/** A message changed: ack, edit, delete, reaction, send failure. */
export const messageUpdated = conversationsEvent(
  'conversations.message.updated',
  z.object({ message: messageSchema, ticket: ticketSchema, audience }),
);

export const contactSaved = conversationsEvent('conversations.contact.saved', z.object({ contact: contactSchema, created: z.boolean() }));

export const contactDeleted = conversationsEvent('conversations.contact.deleted', z.object({ contactId: id }));

export const queueSaved = conversationsEvent('conversations.queue.saved', z.object({ queue: queueSchema, created: z.boolean() }));
export const queueDeleted = conversationsEvent('conversations.queue.deleted', z.object({ queueId: id }));

/** A tag was created or changed (name, colour, kanban flag): tag lists and kanban lanes refresh. */
export const tagSaved = conversationsEvent('conversations.tag.saved', z.object({ tag: tagSchema, created: z.boolean() }));
/** A tag was removed, and with it from every ticket that carried it. */
export const tagDeleted = conversationsEvent('conversations.tag.deleted', z.object({ tagId: id }));

/**
 * A quick message was created, changed or deleted. Names it only: its text is for those who may see
 * it (its author, admins and supervisors, everyone when general), who load it through the API.
 */
export const quickMessageChanged = conversationsEvent(
  'conversations.quickMessage.changed',
  z.object({ quickMessageId: id, action: z.enum(['create', 'update', 'delete']) }),
);

/**
 * The contact of a ticket is typing or recording (or stopped). Published straight on the transport,
 * not through the outbox: it changes no state and a lost one is replaced by the next.
 */
export const ticketPresenceUpdated = conversationsEvent(
  'conversations.presence.updated',
  z.object({ ticketId: id, presence: z.enum(['available', 'unavailable', 'composing', 'recording', 'paused']), audience }),
);

/**
 * An internal chat was created or changed (title, members, unread counts). `removedUserIds` are the
 * members it no longer has: their lists drop it. Delivered only to members.
 */
export const chatSaved = conversationsEvent(
  'conversations.chat.saved',
  z.object({ chat: chatSchema, created: z.boolean(), removedUserIds: z.array(id) }),
);
/** An internal chat was deleted; `memberIds` are those who had it. */
export const chatDeleted = conversationsEvent('conversations.chat.deleted', z.object({ chatId: id, memberIds: z.array(id) }));
/** A message was written in an internal chat. */
export const chatMessageCreated = conversationsEvent(
  'conversations.chatMessage.created',
  z.object({ message: chatMessageSchema, chat: chatSchema }),
);

export const CONVERSATIONS_EVENTS = [
  ticketUpdated,
  ticketTagsChanged,
  ticketRead,
  ticketDeleted,
  messageCreated,
  messageUpdated,
  contactSaved,
  contactDeleted,
  ticketPresenceUpdated,
  queueSaved,
  queueDeleted,
  tagSaved,
  tagDeleted,
  quickMessageChanged,
  chatSaved,
  chatDeleted,
  chatMessageCreated,
] as const;
