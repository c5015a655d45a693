import { describe, expect, it } from 'vitest';

import { getTicketsQueryOptions } from './get-tickets';

const page = (hasMore: boolean) => ({
  tickets: [],
  hasMore,
  nextUpdatedAt: hasMore ? '2026-11-20T10:00:00.123Z' : null,
  nextTicketId: hasMore ? 77 : null,
});

describe('the ticket list pages', () => {
  const options = getTicketsQueryOptions({ status: 'closed', showAll: false, queueIds: [1] });

  it('start without a cursor and go on from the cursor the last page answered', () => {
    expect(options.initialPageParam).toBeNull();
    const next = options.getNextPageParam(page(true), [page(true)], null, [null]);
    expect(next).toEqual({ nextUpdatedAt: '2026-11-20T10:00:00.123Z', nextTicketId: 77 });
  });

  it('stop after the last page', () => {
    expect(options.getNextPageParam(page(false), [page(false)], null, [null])).toBeUndefined();
  });
});
