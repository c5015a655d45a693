import type { InfiniteData } from '@tanstack/react-query';

import type { Ticket, TicketContact, TicketsPage } from '../types';

export type TicketPages = InfiniteData<TicketsPage>;

function mapPages(data: TicketPages, change: (tickets: Ticket[], index: number) => Ticket[]): TicketPages {
  return { ...data, pages: data.pages.map((page, index) => ({ ...page, tickets: change(page.tickets, index) })) };
}

function contains(data: TicketPages, ticketId: number): boolean {
  return data.pages.some((page) => page.tickets.some((item) => item.id === ticketId));
}

/**
 * Puts a ticket into a list: replaced where it is, or at the top when it is new or `toTop` (a new
 * message makes it the most recent).
 */
export function upsertTicket(data: TicketPages, ticket: Ticket, toTop = false): TicketPages {
  if (!toTop && contains(data, ticket.id)) {
    return mapPages(data, (tickets) => tickets.map((item) => (item.id === ticket.id ? ticket : item)));
  }
  return mapPages(data, (tickets, index) => {
    const others = tickets.filter((item) => item.id !== ticket.id);
    return index === 0 ? [ticket, ...others] : others;
  });
}

export function removeTicket(data: TicketPages, ticketId: number): TicketPages {
  if (!contains(data, ticketId)) return data;
  return mapPages(data, (tickets) => tickets.filter((item) => item.id !== ticketId));
}

export function resetUnread(data: TicketPages, ticketId: number): TicketPages {
  if (!contains(data, ticketId)) return data;
  return mapPages(data, (tickets) => tickets.map((item) => (item.id === ticketId ? { ...item, unreadMessages: 0 } : item)));
}

export function updateContact(data: TicketPages, contact: TicketContact): TicketPages {
  return mapPages(data, (tickets) =>
    tickets.map((item) =>
      item.contactId === contact.id || item.contact?.id === contact.id ? { ...item, contact: { ...item.contact, ...contact } } : item,
    ),
  );
}

export function flattenTickets(data: TicketPages | undefined): Ticket[] {
  return data ? data.pages.flatMap((page) => page.tickets) : [];
}

/** Replaces a ticket where it is; a list without it stays as it is. */
export function replaceTicket(data: TicketPages, ticket: Ticket): TicketPages {
  if (!contains(data, ticket.id)) return data;
  return mapPages(data, (tickets) => tickets.map((item) => (item.id === ticket.id ? ticket : item)));
}
