import { connectionDeleted, connectionUpdated, sessionUpdated, type WhatsappSessionSocketPayload, type WhatsappSocketPayload } from '@app/contracts';
import { readEvent } from '@app/platform';
import type { SocketEmit, SocketEventMapper } from '../socket-emit';
import { companyEvent } from '../socket-events';

const toCompany = (companyId: number, name: 'whatsapp' | 'whatsappSession', payload: WhatsappSocketPayload | WhatsappSessionSocketPayload): SocketEmit => ({
  target: { kind: 'company', companyId },
  event: companyEvent(companyId, name),
  payload,
});

/** Connections and their sessions: `company-{id}-whatsapp` (update, delete) and `company-{id}-whatsappSession` (update). */
export const whatsappSocketMapper: SocketEventMapper = {
  topic: 'whatsapp.events',
  map(envelope) {
    const updated = readEvent(connectionUpdated, envelope);
    if (updated) {
      const { connection } = updated;
      return [toCompany(connection.companyId, 'whatsapp', { action: 'update', whatsapp: connection })];
    }
    const deleted = readEvent(connectionDeleted, envelope);
    if (deleted) return [toCompany(deleted.companyId, 'whatsapp', { action: 'delete', whatsappId: deleted.connectionId })];
    const session = readEvent(sessionUpdated, envelope);
    if (session) return [toCompany(session.companyId, 'whatsappSession', { action: 'update', session: session.session })];
    return [];
  },
};
