import type { UserSnapshot } from '@app/contracts';

/** What the browser receives, by event name suffix; the names are the spec's. */
export interface ClientEventMap {
  user: { action: 'create' | 'update' | 'delete'; user?: UserSnapshot; userId?: number };
}

export type ClientEventName = keyof ClientEventMap;

/** `company-{id}-user` and friends: the spec's per-company event names. */
export const companyEvent = (companyId: number, name: ClientEventName) => `company-${companyId}-${name}`;

/** Internal room names; a socket joins only rooms of its own company. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  tickets: (companyId: number, status: string) => `company:${companyId}:tickets:${status}`,
  user: (userId: number) => `user:${userId}`,
};
