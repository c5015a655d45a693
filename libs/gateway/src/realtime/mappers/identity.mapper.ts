import {
  ANNOUNCEMENT_SOCKET_EVENT,
  announcementCreated,
  announcementDeleted,
  announcementUpdated,
  type EventEnvelope,
  sessionStarted,
  settingUpdated,
  userCreated,
  userDeleted,
  userUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';

import { type SocketEmit, socketEmit, type SocketEventMapper } from '../../common/socket-emit';
import { companyEvent } from '../../common/socket-events';

/** The spec's company-wide notice channel (not per company: announcements are for everyone). */
export const ANNOUNCEMENT_EVENT = ANNOUNCEMENT_SOCKET_EVENT;

function mapIdentityEvent(envelope: EventEnvelope): SocketEmit[] {
  const created = readEvent(userCreated, envelope) ?? readEvent(userUpdated, envelope);
  if (created) {
    const { companyId } = created.user;
    const action = envelope.type === userCreated.type ? 'create' : 'update';
    return [socketEmit({ kind: 'company', companyId }, companyEvent(companyId, 'user'), { action, user: created.user })];
  }
  const deleted = readEvent(userDeleted, envelope);
  if (deleted) {
    const { companyId, userId } = deleted;
    return [socketEmit({ kind: 'company', companyId }, companyEvent(companyId, 'user'), { action: 'delete', userId })];
  }
  const session = readEvent(sessionStarted, envelope);
  if (session) {
    // Every socket of the user hears it; the one of the new session knows its id and stays.
    return [
      socketEmit({ kind: 'user', userId: session.userId }, companyEvent(session.companyId, 'auth'), {
        action: 'update',
        user: { id: session.userId },
        sessionId: session.sessionId,
      }),
    ];
  }
  const announcement = readEvent(announcementCreated, envelope) ?? readEvent(announcementUpdated, envelope);
  if (announcement) {
    const action = envelope.type === announcementCreated.type ? 'create' : 'update';
    return [socketEmit({ kind: 'everyone' }, ANNOUNCEMENT_EVENT, { action, record: announcement.announcement })];
  }
  const removed = readEvent(announcementDeleted, envelope);
  if (removed) {
    return [socketEmit({ kind: 'everyone' }, ANNOUNCEMENT_EVENT, { action: 'delete', id: removed.announcementId })];
  }
  const setting = readEvent(settingUpdated, envelope);
  if (setting?.companyId) {
    const { companyId } = setting;
    return [socketEmit({ kind: 'company', companyId }, companyEvent(companyId, 'settings'), { action: 'update', setting })];
  }
  return [];
}

export const identitySocketMapper: SocketEventMapper = {
  topic: 'identity.events',
  map: mapIdentityEvent,
};
