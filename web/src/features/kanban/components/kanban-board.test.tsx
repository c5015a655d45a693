import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { aTicket } from '@/features/tickets/testing/ticket-factory';
import type { FakeRoute } from '@/testing/fake-api';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { KanbanBoard } from './kanban-board';

type Handler = (payload: unknown) => void;
const sockets = vi.hoisted(() => new Map<string, Handler>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string | null, handler: Handler) => {
    if (name) sockets.set(name, handler);
  },
}));

const proposal = { id: 7, name: 'Proposta', color: '#2e7d32', kanban: 1, companyId: 1 };
const card = {
  id: 41,
  uuid: '9b2f7c1e-0000-4000-8000-000000000041',
  status: 'open' as const,
  lastMessage: 'Quero um orçamento',
  updatedAt: '2026-11-25T10:00:00.000Z',
  queueId: null,
  userId: 1,
  contact: { id: 5, name: 'Joana Prado', number: '5511955554444', profilePicUrl: '' },
  tags: [],
};
const page = (tickets: unknown[]) => ({ tickets, hasMore: false, nextUpdatedAt: null, nextTicketId: null });
/** GET /ticket/kanban: the 'Em aberto' lane holds the card, the tag's lane nothing. */
const lanes: FakeRoute = (call) => {
  if (call.method !== 'GET' || !call.url.startsWith('/api/ticket/kanban')) return undefined;
  return { status: 200, body: page(call.url.includes('tagId=7') ? [] : [card]) };
};

describe('the kanban board', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sockets.clear();
  });

  it("shows 'Em aberto' then a lane per kanban tag in its colour; a card opens its ticket", async () => {
    stubApi(on('GET', '/tags/kanban', 200, { lista: [proposal] }), lanes);
    const onOpen = vi.fn();
    renderWithProviders(<KanbanBoard companyId={1} queueIds={[]} onOpen={onOpen} />);
    const all = await screen.findAllByTestId('kanban-lane');
    expect(all.map((lane) => within(lane).getByRole('heading').textContent)).toEqual(['Em aberto', 'Proposta']);
    const openLane = all[0]!;
    const shown = await within(openLane).findByTestId('kanban-card');
    expect(shown.textContent).toContain('Joana Prado');
    expect(shown.textContent).toContain('#41');
    expect(shown.textContent).toContain('Quero um orçamento');
    fireEvent.click(within(shown).getByTestId('kanban-card-open'));
    expect(onOpen).toHaveBeenCalledWith(card.uuid);
  });

  it("a card's last message reads as the ticket list's: WhatsApp's markup as styles, the signature as its bold name", async () => {
    const signed = { ...card, lastMessage: '*Ana:*\nSegue o _orçamento_ *hoje*' };
    stubApi(on('GET', '/tags/kanban', 200, { lista: [] }), (call) =>
      call.method === 'GET' && call.url.startsWith('/api/ticket/kanban') ? { status: 200, body: page([signed]) } : undefined,
    );
    renderWithProviders(<KanbanBoard companyId={1} queueIds={[]} onOpen={() => undefined} />);
    const lastMessage = await screen.findByTestId('kanban-card-last-message');
    expect(lastMessage.textContent).toBe('Ana:\nSegue o orçamento hoje');
    expect(lastMessage.textContent).not.toContain('*');
    expect(getComputedStyle(within(lastMessage).getByText('Ana:')).fontWeight).toContain('bold');
    expect(getComputedStyle(within(lastMessage).getByText('orçamento')).fontStyle).toBe('italic');
  });

  it("a ticket event moves the card to its kanban tag's lane, and a closed ticket leaves the board", async () => {
    stubApi(on('GET', '/tags/kanban', 200, { lista: [proposal] }), lanes);
    renderWithProviders(<KanbanBoard companyId={1} queueIds={[]} onOpen={() => undefined} />);
    const [openLane, proposalLane] = await screen.findAllByTestId('kanban-lane');
    await within(openLane!).findByTestId('kanban-card');
    await within(proposalLane!).findByText('Nenhum registro');
    const ticket = aTicket({ id: 41, uuid: card.uuid, status: 'open', tags: [{ id: 7, name: 'Proposta', color: '#2e7d32' }] });
    sockets.get('company-1-ticket')!({ action: 'update', ticket });
    await waitFor(() => expect(within(proposalLane!).queryByTestId('kanban-card')).toBeTruthy());
    expect(within(openLane!).queryByTestId('kanban-card')).toBeNull();
    sockets.get('company-1-ticket')!({ action: 'update', ticket: { ...ticket, status: 'closed' } });
    await waitFor(() => expect(within(proposalLane!).queryByTestId('kanban-card')).toBeNull());
  });
});
