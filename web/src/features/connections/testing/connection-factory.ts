import { aConnection as aContractConnection } from '@/testing/contract-fakes';

import type { Connection, ConnectionSession } from '../types';

/**
 * A connection as the API answers it (contract-fakes' record, named and numbered as the connection
 * screens' tests expect), with the given fields; queueIds alone fill queues too.
 */
export function aConnection(fields: Partial<Connection> = {}): Connection {
  return aContractConnection({
    companyId: 7,
    name: 'Atendimento',
    number: '5511999998888',
    maxUseBotQueues: 3,
    timeforagroup: 5,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-04T10:20:00.000Z',
    ...fields,
    ...(fields.queueIds && !fields.queues ? { queues: fields.queueIds.map((id) => ({ id })) } : {}),
  });
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
