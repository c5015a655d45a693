import type { EventEnvelope, TopicName } from '@app/contracts';

/** Where a socket event goes: never "every socket" unless the event is platform-wide. */
export type SocketTarget =
  | { kind: 'company'; companyId: number }
  | { kind: 'user'; userId: number }
  /** Every socket of these users, each socket once (a ticket's audience). */
  | { kind: 'users'; userIds: number[] }
  | { kind: 'room'; room: string }
  | { kind: 'everyone' };

export interface SocketEmit {
  target: SocketTarget;
  /** The spec's event name, e.g. `company-3-user`. */
  event: string;
  payload: unknown;
}

/** Turns one domain event into the socket events it causes (none for most). */
export interface SocketEventMapper {
  topic: TopicName;
  map(envelope: EventEnvelope): SocketEmit[];
}
