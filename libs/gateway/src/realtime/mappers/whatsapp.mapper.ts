import { type CompanySocketPayloads, type Connection, connectionDeleted, connectionUpdated, sessionUpdated } from '@app/contracts';
import { readEvent } from '@app/platform';

import { companySocketEmit, type SocketEmit, type SocketEventMapper } from '../../common/socket-emit';

const toCompany = <K extends 'whatsapp' | 'whatsappSession'>(companyId: number, name: K, payload: CompanySocketPayloads[K]): SocketEmit =>
  companySocketEmit({ kind: 'company', companyId }, companyId, name, payload);

/**
 * The room is every socket of the company, plain users too: a connection goes out without its
 * secrets. The whatsapp service already leaves them out of its events; events written before it did
 * (still in a topic or an outbox) are stripped here.
 */
const withoutSecrets = (connection: Connection): Connection => ({ ...connection, token: '', transcribekey: '', proxyUrl: '' });

/** Connections and their sessions: `company-{id}-whatsapp` (update, delete) and `company-{id}-whatsappSession` (update). */
export const whatsappSocketMapper: SocketEventMapper = {
  topic: 'whatsapp.events',
  map(envelope) {
    const updated = readEvent(connectionUpdated, envelope);
    if (updated) {
      const { connection } = updated;
      return [toCompany(connection.companyId, 'whatsapp', { action: 'update', whatsapp: withoutSecrets(connection) })];
    }
    const deleted = readEvent(connectionDeleted, envelope);
    if (deleted) return [toCompany(deleted.companyId, 'whatsapp', { action: 'delete', whatsappId: deleted.connectionId })];
    const session = readEvent(sessionUpdated, envelope);
    if (session) return [toCompany(session.companyId, 'whatsappSession', { action: 'update', session: session.session })];
    return [];
  },
};
