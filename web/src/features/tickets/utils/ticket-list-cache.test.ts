import { describe, expect, it } from 'vitest';

import { aTicket } from '../testing/ticket-factory';
import { removeTicket, resetUnread, type TicketPages, upsertTicket } from './ticket-list-cache';
import { belongsToList } from './ticket-list-filter';

function pages(...lists: ReturnType<typeof aTicket>[][]): TicketPages {
  return {
    pages: lists.map((tickets) => ({ tickets, hasMore: true, nextUpdatedAt: null, nextTicketId: null })),
    pageParams: lists.map((_l, i) => i + 1),
  };
}

describe('live ticket list', () => {
  const filter = { status: 'open' as const, showAll: false, queueIds: [1] };

  it('an open ticket belongs to the Open list of its user, or of everybody with show-all', () => {
    expect(belongsToList(aTicket({ status: 'open', userId: 5 }), filter, 5)).toBe(true);
    expect(belongsToList(aTicket({ status: 'open', userId: 6 }), filter, 5)).toBe(false);
    expect(belongsToList(aTicket({ status: 'open', userId: 6 }), { ...filter, showAll: true }, 5)).toBe(true);
  });

  it('a ticket of an unselected queue or another status stays out; one without queue comes in', () => {
    expect(belongsToList(aTicket({ status: 'open', userId: 5, queueId: 2 }), filter, 5)).toBe(false);
    expect(belongsToList(aTicket({ status: 'open', userId: 5, queueId: null, queue: null }), filter, 5)).toBe(true);
    expect(belongsToList(aTicket({ status: 'pending' }), filter, 5)).toBe(false);
  });

  it('with no queue selected, tickets of every queue come in', () => {
    expect(belongsToList(aTicket({ status: 'open', userId: 5, queueId: 2 }), { ...filter, queueIds: [] }, 5)).toBe(true);
  });

  it('a search list takes no new tickets', () => {
    expect(belongsToList(aTicket({ status: 'open', userId: 5 }), { ...filter, status: undefined, searchParam: 'maria' }, 5)).toBe(false);
  });

  it('an update replaces the ticket where it is; a new one goes on top', () => {
    const a = aTicket({ id: 101 });
    const b = aTicket({ id: 102 });
    const data = pages([a], [b]);
    const changed = upsertTicket(data, { ...b, lastMessage: 'novo' });
    expect(changed.pages[1]?.tickets[0]?.lastMessage).toBe('novo');
    const added = upsertTicket(data, aTicket({ id: 103 }));
    expect(added.pages[0]?.tickets.map((t) => t.id)).toEqual([103, 101]);
  });

  it('a new message moves the ticket to the top', () => {
    const a = aTicket({ id: 201 });
    const b = aTicket({ id: 202 });
    const moved = upsertTicket(pages([a], [b]), b, true);
    expect(moved.pages.map((page) => page.tickets.map((t) => t.id))).toEqual([[202, 201], []]);
  });

  it('delete removes the ticket and updateUnread clears its badge', () => {
    const a = aTicket({ id: 301, unreadMessages: 4 });
    expect(removeTicket(pages([a]), 301).pages[0]?.tickets).toEqual([]);
    expect(resetUnread(pages([a]), 301).pages[0]?.tickets[0]?.unreadMessages).toBe(0);
  });
});
