import { randomUUID } from 'node:crypto';

import type { EventEnvelope, Message, Ticket } from '@app/contracts';

import { conversationsSocketMapper } from './conversations.mapper';

const now = new Date().toISOString();
const contact = { id: 4, uuid: randomUUID(), name: 'Cliente', number: '5511999990000', email: '', profilePicUrl: '', isGroup: false };
const ticket: Ticket = {
  id: 10,
  uuid: randomUUID(),
  status: 'pending',
  userId: null,
  user: null,
  queueId: 2,
  queue: { id: 2, name: 'Vendas', color: '#ff0000' },
  whatsappId: 7,
  whatsapp: { id: 7, name: 'Conexão' },
  contactId: 4,
  contact,
  companyId: 3,
  lastMessage: 'oi',
  unreadMessages: 1,
  isGroup: false,
  chatbot: false,
  presence: null,
  tags: [],
  useIntegration: false,
  promptId: null,
  integrationId: null,
  createdAt: now,
  updatedAt: now,
};
const message: Message = {
  id: 50,
  wid: 'ABC',
  ticketId: 10,
  contactId: 4,
  body: 'oi',
  fromMe: false,
  mediaType: 'chat',
  mediaUrl: null,
  fileName: null,
  quotedMsgId: null,
  quotedMsg: null,
  ack: 0,
  read: false,
  isDeleted: false,
  isEdited: false,
  isForwarded: false,
  sendError: null,
  reactions: [],
  userId: null,
  contact: { id: 4, name: 'Cliente', number: '5511999990000', profilePicUrl: '' },
  queueId: 2,
  createdAt: now,
  updatedAt: now,
};
const envelope = (type: string, payload: unknown, companyId = 3): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  companyId,
  key: '10',
  occurredAt: now,
  payload,
});
const audience = { kind: 'users', userIds: [1, 5] };

describe('conversations socket mapper', () => {
  it('a changed ticket goes as company-{id}-ticket update to the users of its audience only, never to the whole company', () => {
    expect(conversationsSocketMapper.map(envelope('conversations.ticket.updated', { ticket, audience: [1, 5] }))).toEqual([
      { target: audience, event: 'company-3-ticket', payload: { action: 'update', ticket } },
    ]);
  });

  it('a read ticket goes as updateUnread, a deleted one as delete, each with the ticket id', () => {
    const ids = { ticketId: 10, queueId: 2, userId: null, audience: [1, 5] };
    expect(conversationsSocketMapper.map(envelope('conversations.ticket.read', ids))).toEqual([
      { target: audience, event: 'company-3-ticket', payload: { action: 'updateUnread', ticketId: 10 } },
    ]);
    expect(conversationsSocketMapper.map(envelope('conversations.ticket.deleted', ids))).toEqual([
      { target: audience, event: 'company-3-ticket', payload: { action: 'delete', ticketId: 10 } },
    ]);
  });

  it('a new message goes as company-{id}-appMessage create with its ticket and contact; a change as update', () => {
    expect(conversationsSocketMapper.map(envelope('conversations.message.created', { message, ticket, audience: [1, 5] }))).toEqual([
      { target: audience, event: 'company-3-appMessage', payload: { action: 'create', message, ticket, contact } },
    ]);
    expect(
      conversationsSocketMapper.map(envelope('conversations.message.updated', { message, ticket, audience: [1, 5] }))[0]!.payload,
    ).toMatchObject({
      action: 'update',
    });
  });

  it("a contact typing goes as company-{id}-presence to the ticket's audience", () => {
    expect(
      conversationsSocketMapper.map(envelope('conversations.presence.updated', { ticketId: 10, presence: 'composing', audience: [1, 5] })),
    ).toEqual([{ target: audience, event: 'company-3-presence', payload: { action: 'update', ticketId: 10, presence: 'composing' } }]);
  });

  it('an event whose audience is empty reaches nobody', () => {
    expect(conversationsSocketMapper.map(envelope('conversations.ticket.updated', { ticket, audience: [] }))).toEqual([]);
  });

  it('queues go to the company as company-{id}-queue', () => {
    expect(conversationsSocketMapper.map(envelope('conversations.queue.deleted', { queueId: 2 }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-queue', payload: { action: 'delete', queueId: 2 } },
    ]);
  });

  it('tags go to the company as company-{id}-tag, the created ones as create', () => {
    const tag = { id: 7, name: 'Lead', color: '#ffcc00', kanban: 1, companyId: 3 };
    expect(conversationsSocketMapper.map(envelope('conversations.tag.saved', { tag, created: true }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-tag', payload: { action: 'create', tag } },
    ]);
    expect(conversationsSocketMapper.map(envelope('conversations.tag.saved', { tag, created: false }))[0]?.payload).toEqual({
      action: 'update',
      tag,
    });
    expect(conversationsSocketMapper.map(envelope('conversations.tag.deleted', { tagId: 7 }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-tag', payload: { action: 'delete', tagId: 7 } },
    ]);
  });

  it('a quick message change goes to the company as company-{id}-quickemessage, naming it without its text', () => {
    expect(conversationsSocketMapper.map(envelope('conversations.quickMessage.changed', { quickMessageId: 5, action: 'update' }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-quickemessage', payload: { action: 'update', id: 5 } },
    ]);
  });

  it("the internal chat's events reach only its members, on the chat's channels and each member's own list", () => {
    const chat = {
      id: 9,
      uuid: '3f1c2a4e-0000-4000-8000-000000000009',
      title: 'Plantão',
      ownerId: 1,
      users: [
        { userId: 1, unreads: 0, user: { id: 1, name: 'Admin' } },
        { userId: 5, unreads: 1, user: { id: 5, name: 'Ana' } },
      ],
      lastMessage: 'Oi',
      updatedAt: '2026-11-25T10:00:00.000Z',
    };
    const newMessage = {
      id: 3,
      chatId: 9,
      message: 'Oi',
      senderId: 1,
      sender: { id: 1, name: 'Admin' },
      createdAt: '2026-11-25T10:00:00.000Z',
    };
    const members = { kind: 'users', userIds: [1, 5] };
    expect(conversationsSocketMapper.map(envelope('conversations.chatMessage.created', { message: newMessage, chat }))).toEqual([
      { target: members, event: 'company-3-chat', payload: { action: 'new-message', newMessage, chat } },
      { target: members, event: 'company-3-chat-9', payload: { action: 'new-message', newMessage, chat } },
    ]);
    const saved = conversationsSocketMapper.map(envelope('conversations.chat.saved', { chat, created: false, removedUserIds: [7] }));
    expect(saved.map((emit) => [emit.target, emit.event])).toEqual([
      [members, 'company-3-chat'],
      [members, 'company-3-chat-9'],
      [{ kind: 'user', userId: 1 }, 'company-3-chat-user-1'],
      [{ kind: 'user', userId: 5 }, 'company-3-chat-user-5'],
      [{ kind: 'user', userId: 7 }, 'company-3-chat-user-7'],
    ]);
    expect(saved[4]!.payload).toEqual({ action: 'delete', id: 9 });
    const gone = conversationsSocketMapper.map(envelope('conversations.chat.deleted', { chatId: 9, memberIds: [1, 5] }));
    expect(gone.every((emit) => emit.target.kind !== 'company')).toBe(true);
  });

  it('contacts go to the company as company-{id}-contact', () => {
    expect(conversationsSocketMapper.map(envelope('conversations.contact.deleted', { contactId: 4 }))).toEqual([
      { target: { kind: 'company', companyId: 3 }, event: 'company-3-contact', payload: { action: 'delete', contactId: 4 } },
    ]);
  });
});
