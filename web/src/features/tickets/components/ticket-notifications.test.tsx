import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { aMessage, aTicket } from '../testing/ticket-factory';
import { TicketNotifications } from './ticket-notifications';

const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>(), joins: [] as unknown[][] }));
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string | null, handler: (payload: unknown) => void) => {
    if (name) socket.handlers.set(name, handler);
  },
  joinRoom: (...args: unknown[]) => socket.joins.push(args),
}));

const sound = vi.hoisted(() => vi.fn());
vi.mock('../utils/notification-sound', () => ({ playNotificationSound: sound }));

class FakeNotification {
  static permission = 'granted';
  static requestPermission = vi.fn(async () => 'granted');
  static shown: { title: string; body?: string }[] = [];
  onclick: (() => void) | null = null;
  constructor(title: string, options?: { body?: string }) {
    FakeNotification.shown.push({ title, body: options?.body });
  }
  close() {}
}

const user = { id: 5, name: 'Ana', profile: 'user', companyId: 7, queues: [{ id: 1 }] };

describe('ticket notifications', () => {
  beforeEach(() => {
    socket.handlers.clear();
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.setItem('volume', '0.4');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sound.mockReset();
  });

  it('a new message on my ticket raises a browser notification and the sound at the top bar volume', () => {
    renderWithProviders(<TicketNotifications user={user} />, { initialPath: '/tickets' });
    expect(socket.joins).toContainEqual(['joinNotification']);
    const ticket = aTicket({ id: 91, status: 'open', userId: 5, contact: { ...aTicket().contact, name: 'Maria' } });
    act(() =>
      socket.handlers.get('company-7-appMessage')!({
        action: 'create',
        ticket,
        message: aMessage({ ticketId: 91, body: 'Oi?', read: false }),
        contact: ticket.contact,
      }),
    );
    expect(FakeNotification.shown).toEqual([{ title: 'Maria', body: 'Oi?' }]);
    expect(sound).toHaveBeenCalledWith(0.4);
    expect(screen.getByTestId('notifications-count').textContent).toBe('1');

    act(() => socket.handlers.get('company-7-ticket')!({ action: 'updateUnread', ticketId: 91 }));
    expect(screen.queryByTestId('notifications-count')).toBeNull();
  });

  it('nothing is raised for the ticket being looked at', () => {
    const ticket = aTicket({ id: 92, status: 'open', userId: 5 });
    renderWithProviders(<TicketNotifications user={user} />, { initialPath: `/tickets/${ticket.uuid}` });
    act(() =>
      socket.handlers.get('company-7-appMessage')!({
        action: 'create',
        ticket,
        message: aMessage({ ticketId: 92, read: false }),
        contact: ticket.contact,
      }),
    );
    expect(FakeNotification.shown).toEqual([]);
    expect(sound).not.toHaveBeenCalled();
  });
});
