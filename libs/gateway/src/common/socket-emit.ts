import {
  companySocketEvent,
  type CompanySocketEventKind,
  type CompanySocketPayloads,
  type EventEnvelope,
  type SocketEventMap,
  type SocketEventName,
  type TopicName,
} from '@app/contracts';

/** Where a socket event goes: never "every socket" unless the event is platform-wide. */
export type SocketTarget =
  | { kind: 'company'; companyId: number }
  | { kind: 'user'; userId: number }
  /** Every socket of these users, each socket once (a ticket's audience). */
  | { kind: 'users'; userIds: number[] }
  | { kind: 'room'; room: string }
  | { kind: 'everyone' };

/** One socket event to send: the spec's event name (e.g. `company-3-user`) with the payload the contracts' map gives it. */
export type SocketEmit<E extends SocketEventName = SocketEventName> = E extends SocketEventName
  ? { target: SocketTarget; event: E; payload: SocketEventMap[E] }
  : never;

/** Builds a SocketEmit, checking the payload against the event's type in the map. */
export function socketEmit<E extends SocketEventName>(target: SocketTarget, event: E, payload: SocketEventMap[E]): SocketEmit {
  return { target, event, payload } as SocketEmit;
}

/** Builds the SocketEmit of `company-{companyId}-<kind>`, its payload checked against the map's. */
export function companySocketEmit<K extends CompanySocketEventKind>(
  target: SocketTarget,
  companyId: number,
  kind: K,
  payload: CompanySocketPayloads[K],
): SocketEmit {
  return { target, event: companySocketEvent(companyId, kind), payload } as SocketEmit;
}

/** Turns one domain event into the socket events it causes (none for most). */
export interface SocketEventMapper {
  topic: TopicName;
  map(envelope: EventEnvelope): SocketEmit[];
}
