import { describe, expect, it } from 'vitest';

import { formatDate } from '@/lib/format';

import { aMessage, aTicket } from '../testing/ticket-factory';
import { getAckIcon } from './ack';
import { getInitials } from './initials';
import { getLastInteraction } from './last-interaction';
import { buildMessageRows } from './message-separators';
import { canSendTo, getTicketActions, mayOpenTicket, transitionBody } from './ticket-actions';

const admin = { id: 1, profile: 'admin', super: false, companyId: 1 };
const attendant = { id: 2, profile: 'user', super: false, companyId: 1, queues: [{ id: 1 }] };

describe('avatar initials', () => {
  it('are the first letters of the first and last words', () => {
    expect(getInitials('Maria da Silva')).toBe('MS');
    expect(getInitials('  joão  ')).toBe('J');
    expect(getInitials('')).toBe('');
  });
});

describe('last-interaction label', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('is green from 3 to 10 minutes, nothing under 3 nor from 11 to 29', () => {
    expect(getLastInteraction(ago(2), now)).toBeNull();
    expect(getLastInteraction(ago(3), now)).toEqual({ unit: 'minutes', value: 3, color: 'green' });
    expect(getLastInteraction(ago(10), now)).toEqual({ unit: 'minutes', value: 10, color: 'green' });
    expect(getLastInteraction(ago(11), now)).toBeNull();
    expect(getLastInteraction(ago(29), now)).toBeNull();
  });

  it('is orange from 30 to 59 minutes', () => {
    expect(getLastInteraction(ago(30), now)).toEqual({ unit: 'minutes', value: 30, color: 'orange' });
    expect(getLastInteraction(ago(59), now)).toEqual({ unit: 'minutes', value: 59, color: 'orange' });
  });

  it('is red in hours from 60 minutes to under 24 h, then red in days', () => {
    expect(getLastInteraction(ago(60), now)).toEqual({ unit: 'hours', value: 1, color: 'red' });
    expect(getLastInteraction(ago(24 * 60 - 1), now)).toEqual({ unit: 'hours', value: 23, color: 'red' });
    expect(getLastInteraction(ago(24 * 60), now)).toEqual({ unit: 'days', value: 1, color: 'red' });
    expect(getLastInteraction(ago(3 * 24 * 60 + 5), now)).toEqual({ unit: 'days', value: 3, color: 'red' });
  });
});

describe('ack icons', () => {
  it('0 clock, 1 and 2 single tick, 3 double tick, 4 and 5 double blue tick', () => {
    expect([0, 1, 2, 3, 4, 5].map(getAckIcon)).toEqual(['clock', 'single', 'single', 'double', 'double-read', 'double-read']);
  });
});

describe('ticket actions', () => {
  it('a pending ticket is accepted, an open one returned or resolved, a closed one reopened', () => {
    expect(getTicketActions(aTicket({ status: 'pending' }), attendant)).toEqual(['accept', 'transfer']);
    expect(getTicketActions(aTicket({ status: 'open' }), attendant)).toEqual(['return', 'resolve', 'transfer']);
    expect(getTicketActions(aTicket({ status: 'closed' }), attendant)).toEqual(['reopen']);
  });

  it('delete is offered to the roles of ticket-options:deleteTicket only', () => {
    expect(getTicketActions(aTicket({ status: 'closed' }), admin)).toContain('delete');
    expect(getTicketActions(aTicket({ status: 'closed' }), { ...attendant, profile: 'supervisor' })).not.toContain('delete');
  });

  it('accept, resolve and reopen take the current user; return clears it', () => {
    expect(transitionBody('accept', 7)).toEqual({ status: 'open', userId: 7 });
    expect(transitionBody('reopen', 7)).toEqual({ status: 'open', userId: 7 });
    expect(transitionBody('resolve', 7)).toEqual({ status: 'closed', userId: 7 });
    expect(transitionBody('return', 7)).toEqual({ status: 'pending', userId: null });
    expect(transitionBody('close', 7)).toEqual({ status: 'closed' });
  });

  it('nothing can be sent to a closed ticket', () => {
    expect(canSendTo(aTicket({ status: 'closed' }))).toBe(false);
    expect(canSendTo(aTicket({ status: 'open' }))).toBe(true);
  });

  it('a user opens tickets of the user queues or without queue; an admin opens all', () => {
    expect(mayOpenTicket(aTicket({ queueId: 1 }), attendant)).toBe(true);
    expect(mayOpenTicket(aTicket({ queueId: null }), attendant)).toBe(true);
    expect(mayOpenTicket(aTicket({ queueId: 2 }), attendant)).toBe(false);
    expect(mayOpenTicket(aTicket({ queueId: 2 }), admin)).toBe(true);
  });
});

describe('message separators', () => {
  it('puts a day separator before the first message of each day', () => {
    const rows = buildMessageRows([
      aMessage({ id: 1, createdAt: '2026-11-20T10:00:00' }),
      aMessage({ id: 2, createdAt: '2026-11-20T11:00:00' }),
      aMessage({ id: 3, createdAt: '2026-11-21T09:00:00' }),
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'day', 'message']);
    const days = rows.filter((row) => row.kind === 'day');
    expect(days.map((row) => formatDate(row.date))).toEqual(['20/11/2026', '21/11/2026']);
  });

  it('marks where the conversation of one ticket ends and the next starts', () => {
    const rows = buildMessageRows([
      aMessage({ id: 1, ticketId: 1, createdAt: '2026-11-21T09:00:00' }),
      aMessage({ id: 2, ticketId: 2, createdAt: '2026-11-21T10:00:00' }),
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'ticket', 'message']);
    const marker = rows[2];
    expect(marker?.kind === 'ticket' && marker.endedAt?.getHours()).toBe(9);
    expect(marker?.kind === 'ticket' && marker.startedAt.getHours()).toBe(10);
  });
});
