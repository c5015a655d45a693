import type { Connection, ConnectionSession } from '../types';

/** A connection as the API answers it, with the given fields. */
export function aConnection(fields: Partial<Connection> = {}): Connection {
  return {
    id: 1,
    companyId: 7,
    name: 'Atendimento',
    status: 'CONNECTED',
    number: '5511999998888',
    isDefault: false,
    qrcode: '',
    qrcodeImage: '',
    retries: 0,
    queues: [],
    queueIds: [],
    transferQueueId: null,
    promptId: null,
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    ratingMessage: '',
    token: '',
    provider: 'beta',
    expiresInactiveMessage: '',
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    activeTranscribe: false,
    timeresume: null,
    transcribe: false,
    transcribeme: false,
    transcribekey: '',
    transcribeprovider: 'openai',
    sendme: false,
    timeforagroup: 5,
    proxyUrl: '',
    timeToTransfer: null,
    api1_medias: [],
    api2_medias: [],
    api3_medias: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-04T10:20:00.000Z',
    ...fields,
    ...(fields.queueIds && !fields.queues ? { queues: fields.queueIds.map((id) => ({ id })) } : {}),
  };
}

/** The session part of a connection, as `company-{id}-whatsappSession` carries it. */
export function aSession(connection: Connection, fields: Partial<ConnectionSession> = {}): ConnectionSession {
  return {
    id: connection.id,
    name: connection.name,
    status: connection.status,
    number: connection.number,
    qrcode: connection.qrcode,
    qrcodeImage: connection.qrcodeImage,
    retries: connection.retries,
    updatedAt: connection.updatedAt,
    ...fields,
  };
}
