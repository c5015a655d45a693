import { maySeeTicket, seesAllTickets } from './ticket-visibility';

const user = { id: 5, profile: 'user' as const, super: false, queueIds: [1, 2] };

describe('ticket visibility', () => {
  it('admins, supervisors and super users see every ticket', () => {
    expect(maySeeTicket({ ...user, profile: 'admin' }, { queueId: 9, userId: 7 })).toBe(true);
    expect(maySeeTicket({ ...user, profile: 'supervisor' }, { queueId: 9, userId: 7 })).toBe(true);
    expect(maySeeTicket({ ...user, super: true }, { queueId: 9, userId: 7 })).toBe(true);
    expect(seesAllTickets(user)).toBe(false);
  });

  it('a user sees tickets of the own queues', () => {
    expect(maySeeTicket(user, { queueId: 2, userId: 7 })).toBe(true);
  });

  it('a user does not see a ticket of another queue', () => {
    expect(maySeeTicket(user, { queueId: 9, userId: null })).toBe(false);
    expect(maySeeTicket(user, { queueId: 9, userId: 7 })).toBe(false);
  });

  it('a user sees a ticket assigned to the user, whatever its queue', () => {
    expect(maySeeTicket(user, { queueId: 9, userId: 5 })).toBe(true);
  });

  it('a ticket without a queue is visible to every user of the company', () => {
    expect(maySeeTicket(user, { queueId: null, userId: null })).toBe(true);
    expect(maySeeTicket({ ...user, queueIds: [] }, { queueId: null, userId: 7 })).toBe(true);
  });
});
