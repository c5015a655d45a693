import type { Message, Ticket } from '../types';

let nextId = 1;

/** A ticket as `GET /api/tickets` answers it, with overrides. */
export function aTicket(overrides: Partial<Ticket> = {}): Ticket {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'pending',
    userId: null,
    user: null,
    queueId: 1,
    queue: { id: 1, name: 'Vendas', color: '#2576d2' },
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Simulador' },
    contactId: id,
    contact: {
      id,
      uuid: `00000000-0000-4000-9000-${String(id).padStart(12, '0')}`,
      name: 'Maria da Silva',
      number: '5511999998888',
      email: '',
      profilePicUrl: '',
      isGroup: false,
    },
    companyId: 1,
    lastMessage: 'Olá',
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    presence: null,
    tags: [],
    useIntegration: false,
    promptId: null,
    integrationId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** A message as `GET /api/messages/:ticketId` answers it, with overrides. */
export function aMessage(overrides: Partial<Message> = {}): Message {
  const id = overrides.id ?? nextId++;
  return {
    id,
    wid: `wid-${id}`,
    ticketId: 1,
    contactId: 1,
    body: 'Olá',
    fromMe: false,
    mediaType: 'chat',
    mediaUrl: null,
    fileName: null,
    quotedMsgId: null,
    quotedMsg: null,
    ack: 0,
    read: true,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    sendError: null,
    reactions: [],
    userId: null,
    contact: null,
    queueId: 1,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
