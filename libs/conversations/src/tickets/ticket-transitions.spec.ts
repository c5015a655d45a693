import { nextTicketState, type TicketState } from './ticket-transitions';

const ME = 5;
const OTHER = 9;
const pending: TicketState = { status: 'pending', userId: null, queueId: 1 };
const open: TicketState = { status: 'open', userId: ME, queueId: 1 };
const closed: TicketState = { status: 'closed', userId: OTHER, queueId: 1 };

describe('ticket transitions (spec table, row by row)', () => {
  it('pending, Accept: open, user set to the current user', () => {
    expect(nextTicketState(pending, { status: 'open', userId: ME }, ME)).toEqual({
      action: 'accept',
      status: 'open',
      userId: ME,
      queueId: 1,
    });
    expect(nextTicketState(pending, { status: 'open' }, ME)).toMatchObject({ action: 'accept', userId: ME });
  });

  it('open, Return: pending, user cleared', () => {
    expect(nextTicketState(open, { status: 'pending', userId: null }, ME)).toEqual({
      action: 'return',
      status: 'pending',
      userId: null,
      queueId: 1,
    });
  });

  it('open, Resolve: closed, user set to the current user', () => {
    expect(nextTicketState({ ...open, userId: OTHER }, { status: 'closed', userId: ME }, ME)).toEqual({
      action: 'resolve',
      status: 'closed',
      userId: ME,
      queueId: 1,
    });
  });

  it('closed, Reopen: open, user set to the current user', () => {
    expect(nextTicketState(closed, { status: 'open', userId: ME }, ME)).toEqual({
      action: 'reopen',
      status: 'open',
      userId: ME,
      queueId: 1,
    });
  });

  it('pending, Close button on the list item: closed, nothing beyond the status', () => {
    expect(nextTicketState(pending, { status: 'closed' }, ME)).toEqual({ action: 'close', status: 'closed', userId: null, queueId: 1 });
  });

  it('any, Transfer to a queue without a user: pending, user cleared', () => {
    expect(nextTicketState(open, { queueId: 2 }, ME)).toEqual({ action: 'transfer', status: 'pending', userId: null, queueId: 2 });
    expect(nextTicketState(open, { queueId: 2, userId: null, status: 'open' }, ME)).toMatchObject({ status: 'pending', userId: null });
    expect(nextTicketState(closed, { queueId: 2 }, ME)).toMatchObject({ action: 'transfer', status: 'pending', userId: null });
  });

  it('any, Transfer to a user (with or without a queue): open for that user', () => {
    expect(nextTicketState(open, { userId: OTHER, queueId: 2 }, ME)).toEqual({
      action: 'transfer',
      status: 'open',
      userId: OTHER,
      queueId: 2,
    });
    expect(nextTicketState(pending, { userId: OTHER }, ME)).toEqual({ action: 'transfer', status: 'open', userId: OTHER, queueId: 1 });
  });
});
