import { describe, expect, it } from 'vitest';

import { aMessage, aTicket } from '../testing/ticket-factory';
import { shouldNotify } from './should-notify';

const user = { id: 5, profile: 'user', companyId: 7, queues: [{ id: 1 }] };
const away = { openTicketUuid: undefined, pageVisible: true };

function created(ticket = aTicket({ status: 'open', userId: 5 }), message = aMessage({ read: false })) {
  return { action: 'create' as const, ticket, message, contact: ticket.contact };
}

describe('notifications', () => {
  it('a new message from the contact on my open ticket notifies unless I am looking at it', () => {
    const payload = created();
    expect(shouldNotify(payload, user, away)).toBe(true);
    expect(shouldNotify(payload, user, { openTicketUuid: payload.ticket.uuid, pageVisible: true })).toBe(false);
    expect(shouldNotify(payload, user, { openTicketUuid: payload.ticket.uuid, pageVisible: false })).toBe(true);
  });

  it('own messages, read messages, other users tickets and other queues do not notify', () => {
    expect(shouldNotify(created(undefined, aMessage({ fromMe: true, read: false })), user, away)).toBe(false);
    expect(shouldNotify(created(undefined, aMessage({ read: true })), user, away)).toBe(false);
    expect(shouldNotify(created(aTicket({ status: 'open', userId: 8 })), user, away)).toBe(false);
    expect(shouldNotify(created(aTicket({ status: 'open', userId: 5, queueId: 2 })), user, away)).toBe(false);
  });

  it('pending tickets notify users whose allTicket is enabled', () => {
    const pending = created(aTicket({ status: 'pending', userId: null }));
    expect(shouldNotify(pending, user, away)).toBe(false);
    expect(shouldNotify(pending, { ...user, allTicket: 'enabled' }, away)).toBe(true);
  });
});
