import type { KanbanResponse, KanbanTicket, Tag, Ticket } from '@app/contracts';

import type { LaneId, LanePages } from '../api/get-kanban';

/** The lanes a card is on: each of its kanban tags' lanes, or 'Em aberto' when it has none. */
export function lanesOf(card: Pick<KanbanTicket, 'tags'>, kanbanTagIds: ReadonlySet<number>): LaneId[] {
  const lanes = card.tags.filter((tag) => kanbanTagIds.has(tag.id)).map((tag) => tag.id);
  return lanes.length > 0 ? lanes : [null];
}

/** Whether a ticket belongs on the board at all: live, and of the board's queues (or without a queue) when it names some. */
export function onBoard(ticket: Pick<Ticket, 'status' | 'queueId'>, queueIds: readonly number[]): boolean {
  if (ticket.status === 'closed') return false;
  return queueIds.length === 0 || ticket.queueId === null || queueIds.includes(ticket.queueId);
}

/** A ticket as `company-{id}-ticket` carries it, as a card (its tags' kanban flags from the lanes' tags). */
export function cardOf(ticket: Ticket, kanbanTags: readonly Pick<Tag, 'id'>[]): KanbanTicket {
  const kanbanIds = new Set(kanbanTags.map((tag) => tag.id));
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    lastMessage: ticket.lastMessage,
    updatedAt: ticket.updatedAt,
    queueId: ticket.queueId,
    userId: ticket.userId,
    contact: {
      id: ticket.contact.id,
      name: ticket.contact.name,
      number: ticket.contact.number,
      profilePicUrl: ticket.contact.profilePicUrl,
    },
    tags: ticket.tags.map((tag) => ({ ...tag, kanban: kanbanIds.has(tag.id) ? 1 : 0 })),
  };
}

const newerFirst = (a: KanbanTicket, b: KanbanTicket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** The lane without the card. */
export function withoutCard(data: LanePages, ticketId: number): LanePages {
  if (!data.pages.some((page) => page.tickets.some((card) => card.id === ticketId))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.filter((card) => card.id !== ticketId) })) };
}

/**
 * The lane with the card in its place by recency. A card older than everything loaded while more
 * pages remain is left for those pages to bring.
 */
export function withCard(data: LanePages, card: KanbanTicket): LanePages {
  const pages = withoutCard(data, card.id).pages;
  if (pages.length === 0) return data;
  const last = pages[pages.length - 1];
  const loaded = pages.flatMap((page) => page.tickets);
  const oldest = loaded[loaded.length - 1];
  if (last?.hasMore && oldest && newerFirst(card, oldest) > 0) return { ...data, pages };
  const index = pages.findIndex((page) => page.tickets.some((other) => newerFirst(card, other) < 0));
  const target = index === -1 ? pages.length - 1 : index;
  return {
    ...data,
    pages: pages.map((page, i): KanbanResponse => (i === target ? { ...page, tickets: [...page.tickets, card].sort(newerFirst) } : page)),
  };
}
