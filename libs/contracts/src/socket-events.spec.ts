import { companySocketEvent, type SocketEventMap, type SocketEventName } from './socket-events';

/** Compiles only when the socket map gives each event the payload its side expects (checked by tsc). */
function payloadOf<E extends SocketEventName>(_event: E, payload: SocketEventMap[E]): SocketEventMap[E] {
  return payload;
}

describe('the socket event map', () => {
  it('names a per-company event company-{id}-<kind>', () => {
    expect(companySocketEvent(3, 'ticket')).toBe('company-3-ticket');
    expect(companySocketEvent(12, 'whatsappSession')).toBe('company-12-whatsappSession');
  });

  it('types each event with its payload, so a renamed field does not compile', () => {
    expect(payloadOf(companySocketEvent(3, 'user'), { action: 'delete', userId: 7 })).toEqual({ action: 'delete', userId: 7 });
    expect(payloadOf('company-announcement', { action: 'delete', id: 1 })).toEqual({ action: 'delete', id: 1 });
    // @ts-expect-error a user deletion carries `userId`, not `id`
    payloadOf(companySocketEvent(3, 'user'), { action: 'delete', id: 7 });
    // @ts-expect-error the ticket event carries `ticketId`
    payloadOf('company-3-ticket', { action: 'delete', id: 7 });
    // @ts-expect-error an event outside the map has no payload type
    payloadOf('company-3-unknown', {});
  });
});
