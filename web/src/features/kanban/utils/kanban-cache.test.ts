import type { KanbanTicket } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import type { LanePages } from '../api/get-kanban';
import { lanesOf, onBoard, withCard, withoutCard } from './kanban-cache';

const card = (id: number, minute: number, tags: KanbanTicket['tags'] = []): KanbanTicket => ({
  id,
  uuid: `uuid-${id}`,
  status: 'open',
  lastMessage: '',
  updatedAt: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`,
  queueId: null,
  userId: null,
  contact: { id, name: `C${id}`, number: null, profilePicUrl: '' },
  tags,
});
const pages = (hasMore: boolean, ...lists: KanbanTicket[][]): LanePages => ({
  pageParams: lists.map(() => null),
  pages: lists.map((tickets, i) => ({ tickets, hasMore: i < lists.length - 1 || hasMore, nextUpdatedAt: null, nextTicketId: null })),
});
const ids = (data: LanePages) => data.pages.flatMap((page) => page.tickets.map((c) => c.id));

describe('the kanban cache', () => {
  it("a card is on each of its kanban tags' lanes, or on 'Em aberto' without one", () => {
    const tags = new Set([7, 8]);
    expect(lanesOf(card(1, 0, [{ id: 3, name: 'VIP', color: '#000', kanban: 0 }]), tags)).toEqual([null]);
    expect(lanesOf(card(1, 0, [{ id: 8, name: 'Proposta', color: '#000', kanban: 1 }]), tags)).toEqual([8]);
  });

  it('the board holds live tickets of its queues and those without a queue', () => {
    expect(onBoard({ status: 'closed', queueId: null }, [])).toBe(false);
    expect(onBoard({ status: 'pending', queueId: 4 }, [])).toBe(true);
    expect(onBoard({ status: 'open', queueId: 4 }, [1, 2])).toBe(false);
    expect(onBoard({ status: 'open', queueId: null }, [1, 2])).toBe(true);
  });

  it('a card goes in by recency, once; one older than all loaded waits for its page', () => {
    const lane = pages(true, [card(1, 50), card(2, 40)], [card(3, 30), card(4, 20)]);
    expect(ids(withCard(lane, card(5, 45)))).toEqual([1, 5, 2, 3, 4]);
    expect(ids(withCard(lane, card(3, 55)))).toEqual([3, 1, 2, 4]);
    expect(ids(withCard(lane, card(6, 10)))).toEqual([1, 2, 3, 4]);
    expect(ids(withCard(pages(false, [card(1, 50)]), card(6, 10)))).toEqual([1, 6]);
    expect(ids(withoutCard(lane, 2))).toEqual([1, 3, 4]);
  });
});
