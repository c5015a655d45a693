import { companySocketEvent } from '@app/contracts';

/** `company-{id}-user` and friends: the spec's per-company event names, typed by the contracts' socket map. */
export const companyEvent = companySocketEvent;

/** Internal room names; a socket joins only rooms of its own company. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  /** The company's admins (and super users): the campaign screens' events. A demoted user's sockets are closed. */
  admins: (companyId: number) => `company:${companyId}:admins`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  tickets: (companyId: number, status: string) => `company:${companyId}:tickets:${status}`,
  user: (userId: number) => `user:${userId}`,
  chatBox: (companyId: number, ticketId: number) => `company:${companyId}:ticket:${ticketId}`,
};
