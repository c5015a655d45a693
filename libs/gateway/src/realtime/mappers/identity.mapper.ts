import { userCreated } from '@app/contracts';
import { readEvent } from '@app/platform';
import type { SocketEventMapper } from '../socket-emit';
import { companyEvent } from '../socket-events';

export const identitySocketMapper: SocketEventMapper = {
  topic: 'identity.events',
  map(envelope) {
    const created = readEvent(userCreated, envelope);
    if (created) {
      const { companyId } = created.user;
      return [
        { target: { kind: 'company', companyId }, event: companyEvent(companyId, 'user'), payload: { action: 'create', user: created.user } },
      ];
    }
    return [];
  },
};
