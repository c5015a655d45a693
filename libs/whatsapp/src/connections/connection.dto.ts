import {
  type Connection,
  connectionCreateSchema,
  connectionListQuerySchema,
  type ConnectionSession,
  connectionUpdateSchema,
  maskProxyUrl,
  maskSecret,
} from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

import type { StoredConnection } from '../common/connection.repository';

export class ConnectionCreateDto extends createZodDto(connectionCreateSchema) {}
export class ConnectionUpdateDto extends createZodDto(connectionUpdateSchema) {}
export class ConnectionListQueryDto extends createZodDto(connectionListQuerySchema) {}

/**
 * How a connection's secrets (token, transcribekey, proxy credentials) go out: `masked` for admins
 * (SECRET_MASK and the last 4 characters, the proxy password as the mask), `hidden` ('') for everyone
 * else and for events, which reach every socket of the company and need no secret downstream.
 */
export type SecretsView = 'masked' | 'hidden';

/**
 * The connection as the API shows it; `withSession: false` leaves the QR code out (GET /whatsapp?session=0).
 * Secrets are hidden unless `secrets: 'masked'` is asked for (admins).
 */
export function mapConnection(
  row: StoredConnection,
  { withSession = true, secrets = 'hidden' }: { withSession?: boolean; secrets?: SecretsView } = {},
): Connection {
  const masked = secrets === 'masked';
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    status: row.status,
    number: row.number,
    isDefault: row.isDefault,
    qrcode: withSession ? row.qrcode : '',
    qrcodeImage: withSession ? row.qrcodeImage : '',
    retries: row.retries,
    queues: row.queueIds.map((id) => ({ id })),
    queueIds: row.queueIds,
    transferQueueId: row.transferQueueId,
    promptId: row.promptId,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    token: masked ? maskSecret(row.token) : '',
    provider: row.provider,
    expiresInactiveMessage: row.expiresInactiveMessage,
    expiresTicket: row.expiresTicket,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    activeTranscribe: row.activeTranscribe,
    timeresume: row.timeresume,
    transcribe: row.transcribe,
    transcribeme: row.transcribeme,
    transcribekey: masked ? maskSecret(row.transcribekey) : '',
    transcribeprovider: row.transcribeprovider,
    sendme: row.sendme,
    timeforagroup: row.timeforagroup,
    proxyUrl: masked ? maskProxyUrl(row.proxyUrl) : '',
    timeToTransfer: row.timeToTransfer,
    api1_medias: row.api1_medias,
    api2_medias: row.api2_medias,
    api3_medias: row.api3_medias,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function mapSession(row: StoredConnection): ConnectionSession {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    number: row.number,
    qrcode: row.qrcode,
    qrcodeImage: row.qrcodeImage,
    retries: row.retries,
    updatedAt: row.updatedAt.toISOString(),
  };
}
