import { randomUUID } from 'node:crypto';

import type { AiAuthor, Message, Ticket } from '@app/contracts';

const now = () => new Date().toISOString();

/** A ticket as conversations' events carry it: pending, nobody's, in `queueId`, on connection `whatsappId`. */
export function aTicket(companyId: number, id: number, queueId: number | null, overrides: Partial<Ticket> = {}): Ticket {
  const contactId = 1_000 + id;
  return {
    id,
    uuid: randomUUID(),
    status: 'pending',
    userId: null,
    user: null,
    queueId,
    queue: queueId === null ? null : { id: queueId, name: `Fila ${queueId}`, color: '#0a0a0a' },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Conexão 1' },
    contactId,
    contact: {
      id: contactId,
      uuid: randomUUID(),
      name: `Cliente ${id}`,
      number: `55119000${String(id).padStart(5, '0')}`,
      email: '',
      profilePicUrl: '',
      isGroup: false,
    },
    companyId,
    lastMessage: '',
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    presence: null,
    tags: [],
    useIntegration: false,
    promptId: null,
    integrationId: null,
    createdAt: now(),
    updatedAt: now(),
    ...overrides,
  };
}

/** A message of the ticket: the customer's unless `overrides` say it is ours (fromMe, userId, aiAuthor). */
export function aMessage(
  ticket: Ticket,
  id: number,
  body: string,
  overrides: Partial<Message> & { aiAuthor?: AiAuthor | null } = {},
): Message {
  return {
    id,
    wid: `WID${id}`,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    body,
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
    contact: { id: ticket.contactId, name: ticket.contact.name, number: ticket.contact.number, profilePicUrl: '' },
    queueId: ticket.queueId,
    createdAt: now(),
    updatedAt: now(),
    aiAuthor: null,
    ...overrides,
  };
}
