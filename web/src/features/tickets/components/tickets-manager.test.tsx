import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { aQueue } from '@/testing/contract-fakes';
import { type FakeCall, type FakeRoute, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aMessage, aTicket } from '../testing/ticket-factory';
import type { InboxUser } from '../types';
import { TicketsManager } from './tickets-manager';

const socket = vi.hoisted(() => ({
  handlers: new Map<string, (payload: unknown) => void>(),
  joins: [] as unknown[][],
}));

vi.mock('@/lib/socket', () => ({
  useSocketEvent: (name: string | null, handler: (payload: unknown) => void) => {
    if (name) socket.handlers.set(`${name}:${socket.handlers.size}`, handler);
  },
  joinRoom: (...args: unknown[]) => socket.joins.push(args),
  leaveRoom: () => undefined,
}));

function emit(event: string, payload: unknown) {
  const handlers = [...socket.handlers.entries()].filter(([key]) => key.startsWith(`${event}:`));
  if (handlers.length === 0) throw new Error(`nobody listens to ${event}`);
  act(() => {
    for (const [, handler] of handlers) handler(payload);
  });
}

const attendant: InboxUser = { id: 5, name: 'Ana', profile: 'user', super: false, companyId: 7, queues: [{ id: 1 }] };
const admin: InboxUser = { id: 9, name: 'Chefe', profile: 'admin', super: false, companyId: 7, queues: [{ id: 1 }] };

/** Answers GET /tickets by status from the given tickets. */
function ticketsByStatus(tickets: ReturnType<typeof aTicket>[]): FakeRoute {
  return (call) => {
    const url = new URL(call.url, 'http://localhost');
    if (call.method !== 'GET' || url.pathname !== '/api/tickets') return undefined;
    const status = url.searchParams.get('status');
    return {
      status: 200,
      body: {
        tickets: tickets.filter((ticket) => !status || ticket.status === status),
        hasMore: false,
        nextUpdatedAt: null,
        nextTicketId: null,
      },
    };
  };
}

const queues = on('GET', '/queue', 200, [aQueue({ id: 1, name: 'Vendas', color: '#2576d2' })]);

function renderManager(user: InboxUser, selectedUuid?: string, handlers: { onOpen?: (uuid: string) => void; onLeave?: () => void } = {}) {
  return renderWithProviders(
    <TicketsManager user={user} selectedUuid={selectedUuid} onOpen={handlers.onOpen ?? vi.fn()} onLeave={handlers.onLeave ?? vi.fn()} />,
  );
}

describe('ticket manager', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    socket.handlers.clear();
    socket.joins.length = 0;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists assigned and pending tickets with count badges, the queue colour or SEM FILA, and the welcome panel', async () => {
    calls = stubApi(
      queues,
      ticketsByStatus([
        aTicket({ id: 1, status: 'open', userId: 5, contact: { ...aTicket().contact, name: 'Maria da Silva' } }),
        aTicket({
          id: 2,
          status: 'pending',
          queueId: null,
          queue: null,
          unreadMessages: 3,
          contact: { ...aTicket().contact, name: 'João Souza' },
        }),
        aTicket({ id: 3, status: 'pending' }),
      ]),
    );
    renderManager(attendant);

    expect(screen.getByTestId('tickets-welcome')).toBeTruthy();
    const openList = await screen.findByTestId('tickets-list-open');
    expect(await within(openList).findByText('Maria da Silva')).toBeTruthy();
    expect(within(openList).getByText('MS')).toBeTruthy();
    expect(within(openList).getByTestId('ticket-queue').textContent).toBe('Vendas');
    expect((await screen.findByTestId('tickets-count-open')).textContent).toBe('1');
    expect((await screen.findByTestId('tickets-count-pending')).textContent).toBe('2');

    fireEvent.click(screen.getByTestId('tickets-subtab-pending'));
    const pendingList = await screen.findByTestId('tickets-list-pending');
    const joao = (await within(pendingList).findByRole('button', { name: 'João Souza' })).closest('li')!;
    expect(within(joao).getByTestId('ticket-queue').textContent).toBe('SEM FILA');
    expect(within(joao).getByTestId('ticket-unread').textContent).toBe('3');

    const listCall = calls.find((call) => call.url.includes('status=pending'));
    expect(listCall?.url).toContain('queueIds=%5B1%5D');
    expect(listCall?.url).toContain('showAll=false');
    expect(socket.joins).toEqual(
      expect.arrayContaining([['joinNotification'], ['joinTickets', 'open'], ['joinTickets', 'pending'], ['joinTickets', 'closed']]),
    );
  });

  it("a list item's last message shows WhatsApp's markup as styles, not as asterisks", async () => {
    stubApi(queues, ticketsByStatus([aTicket({ id: 4, status: 'open', userId: 5, lastMessage: '*Ana:*\nSegue o _orçamento_' })]));
    renderManager(attendant);
    const list = await screen.findByTestId('tickets-list-open');
    const lastMessage = await within(list).findByTestId('ticket-last-message');
    expect(lastMessage.textContent).toBe('Ana:\nSegue o orçamento');
    expect(getComputedStyle(within(lastMessage).getByText('Ana:')).fontWeight).toContain('bold');
  });

  it('accepting a pending ticket sends it open to the current user and opens its chat', async () => {
    const pending = aTicket({ id: 11, status: 'pending' });
    calls = stubApi(queues, ticketsByStatus([pending]), on('PUT', '/tickets/11', 200, { ...pending, status: 'open', userId: 5 }));
    const onOpen = vi.fn();
    renderManager(attendant, undefined, { onOpen });
    fireEvent.click(screen.getByTestId('tickets-subtab-pending'));
    const list = await screen.findByTestId('tickets-list-pending');
    fireEvent.click(await within(list).findByTestId('ticket-accept'));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(pending.uuid));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'open', userId: 5 });
  });

  it("a list item opens its ticket through one real button named as its contact (Enter and Space are a button's own); its close button stands beside it and closes it without opening it", async () => {
    const pending = aTicket({ id: 12, status: 'pending' });
    calls = stubApi(queues, ticketsByStatus([pending]), on('PUT', '/tickets/12', 200, { ...pending, status: 'closed' }));
    const onOpen = vi.fn();
    renderManager(attendant, undefined, { onOpen });
    fireEvent.click(screen.getByTestId('tickets-subtab-pending'));
    const list = await screen.findByTestId('tickets-list-pending');
    const item = await within(list).findByTestId('ticket-list-item');
    expect(item.tagName).toBe('LI');
    expect(item.getAttribute('role')).toBeNull();
    const open = within(item).getByRole('button', { name: pending.contact.name });
    expect(open.tagName).toBe('BUTTON');
    expect(open.querySelector('button')).toBeNull();
    const close = within(item).getByTestId('ticket-close');
    expect(open.contains(close)).toBe(false);
    fireEvent.click(close);
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'closed' }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledWith(pending.uuid);
  });

  it('a new inbound message shows its ticket live in the pending list; a ticket of another queue does not', async () => {
    stubApi(queues, ticketsByStatus([]));
    renderManager(attendant);
    fireEvent.click(screen.getByTestId('tickets-subtab-pending'));
    const list = await screen.findByTestId('tickets-list-pending');
    await within(list).findByTestId('tickets-empty');

    const ticket = aTicket({ id: 21, status: 'pending', unreadMessages: 1, lastMessage: 'Oi, tudo bem?' });
    emit('company-7-appMessage', { action: 'create', message: aMessage({ ticketId: 21 }), ticket, contact: ticket.contact });
    expect(await within(list).findByText('Oi, tudo bem?')).toBeTruthy();

    const other = aTicket({
      id: 22,
      status: 'pending',
      queueId: 2,
      queue: { id: 2, name: 'Suporte', color: '#000000' },
      lastMessage: 'Outra fila',
    });
    emit('company-7-appMessage', { action: 'create', message: aMessage({ ticketId: 22 }), ticket: other, contact: other.contact });
    expect(within(list).queryByText('Outra fila')).toBeNull();

    emit('company-7-ticket', { action: 'update', ticket: { ...ticket, status: 'open', userId: 5 } });
    await waitFor(() => expect(within(list).queryByText('Oi, tudo bem?')).toBeNull());
  });

  it('the admin gets close-all (asking first) and the spy icon; an attendant gets neither', async () => {
    calls = stubApi(
      queues,
      ticketsByStatus([aTicket({ id: 31, status: 'open', userId: 9 })]),
      on('POST', '/tickets/closeAll', 200, { closed: 1 }),
    );
    const view = renderManager(admin);
    const list = await screen.findByTestId('tickets-list-open');
    expect(await within(list).findByTestId('ticket-spy')).toBeTruthy();
    expect(screen.getByTestId('tickets-show-all')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tickets-close-all'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/tickets/closeAll'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/tickets/closeAll'))?.body).toEqual({ status: 'open', selectedQueueIds: [1] });
    view.unmount();

    stubApi(queues, ticketsByStatus([aTicket({ id: 32, status: 'open', userId: 5 })]));
    renderManager(attendant);
    const own = await screen.findByTestId('tickets-list-open');
    await within(own).findByTestId('ticket-list-item');
    expect(screen.queryByTestId('tickets-close-all')).toBeNull();
    expect(screen.queryByTestId('tickets-show-all')).toBeNull();
    expect(within(own).queryByTestId('ticket-spy')).toBeNull();
  });

  it("a search's ticket found by a message's text opens its chat at that message", async () => {
    const found = {
      ...aTicket({ id: 62, status: 'open', userId: 5, contact: { ...aTicket().contact, name: 'Rita' } }),
      matchedMessageId: 77,
    };
    stubApi(queues, ticketsByStatus([found]));
    const onOpen = vi.fn();
    renderWithProviders(<TicketsManager user={attendant} onOpen={onOpen} onLeave={vi.fn()} />);
    fireEvent.change(screen.getByTestId('tickets-search'), { target: { value: 'pedido 4242' } });
    const results = await screen.findByTestId('tickets-list-search', {}, { timeout: 2000 });
    fireEvent.click(await within(results).findByRole('button', { name: 'Rita' }, { timeout: 2000 }));
    expect(onOpen).toHaveBeenCalledWith(found.uuid, { messageId: 77 });
  });

  it('typing a search switches to the Search tab and asks for the lower-cased text after the debounce', async () => {
    calls = stubApi(queues, ticketsByStatus([]));
    renderManager(attendant);
    fireEvent.change(screen.getByTestId('tickets-search'), { target: { value: 'MARIA' } });
    expect(await screen.findByTestId('tickets-tag-filter')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url.includes('searchParam=maria'))).toBe(true), { timeout: 2000 });
    expect(screen.queryByTestId('tickets-user-filter')).toBeNull();
  });
});

describe('ticket chat', () => {
  beforeEach(() => {
    socket.handlers.clear();
  });

  it('a message the chat cannot open at (gone since the search) opens it at the newest instead', async () => {
    const ticket = aTicket({ id: 63, status: 'open', userId: 5, user: { id: 5, name: 'Ana' } });
    stubApi(queues, ticketsByStatus([ticket]), on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket), (call) =>
      call.url.includes('/messages/63?') && call.url.includes('aroundId=99')
        ? { status: 404, body: { error: 'ERR_NOT_FOUND', message: 'Message not found in this conversation' } }
        : undefined,
    );
    const toast = vi.spyOn(toaster, 'create');
    const onOpen = vi.fn();
    renderWithProviders(
      <TicketsManager user={attendant} selectedUuid={ticket.uuid} aroundMessageId={99} onOpen={onOpen} onLeave={vi.fn()} />,
    );
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(ticket.uuid, { replace: true }));
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
    toast.mockRestore();
  });

  it('opened at a message, the chat shows it in the middle, highlighted, and pages newer messages down to the newest', async () => {
    const ticket = aTicket({ id: 61, status: 'open', userId: 5, user: { id: 5, name: 'Ana' } });
    const texts = (ids: number[]) =>
      ids.map((id) => aMessage({ id, ticketId: 61, body: `mensagem ${id}`, createdAt: '2026-11-20T10:00:00' }));
    const calls = stubApi(queues, ticketsByStatus([ticket]), on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket), (call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method !== 'GET' || url.pathname !== '/api/messages/61') return undefined;
      if (url.searchParams.get('aroundId') === '15') {
        const messages = texts([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
        return { status: 200, body: { ticket, messages, hasMore: true, nextId: 10, hasNewer: true, newerId: 19 } };
      }
      if (url.searchParams.get('newerId') === '19') {
        return { status: 200, body: { ticket, messages: texts([20, 21, 30]), hasMore: true, nextId: 20, hasNewer: false, newerId: null } };
      }
      return undefined;
    });
    // Each message row 40 px high, one under the other, in a view 200 px high.
    const ROW = 40;
    const rows = () => Array.from(document.querySelectorAll('[data-message-id]'));
    const geometry = [
      vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
        return Math.max(0, rows().indexOf(this)) * ROW;
      }),
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW),
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200),
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => rows().length * ROW),
    ];
    const onOpen = vi.fn();
    try {
      renderWithProviders(
        <TicketsManager user={attendant} selectedUuid={ticket.uuid} aroundMessageId={15} onOpen={onOpen} onLeave={vi.fn()} />,
      );
      const list = await screen.findByTestId('message-list');
      await waitFor(() => expect(list.querySelector('[data-message-id="15"]')?.getAttribute('data-highlighted')).toBe('true'));
      // The sixth row, centred: 5 x 40 - (200 - 40) / 2.
      expect(list.scrollTop).toBe(120);
      expect(
        calls.some((call) => call.url.includes('/messages/61') && !call.url.includes('aroundId') && !call.url.includes('newerId')),
      ).toBe(false);

      // A message arriving meanwhile waits for the newer pages; the button goes to the newest.
      emit('company-7-appMessage', { action: 'create', ticket, contact: ticket.contact, message: texts([30])[0] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(list.querySelector('[data-message-id="30"]')).toBeNull();
      fireEvent.click(screen.getByTestId('latest-messages-button'));
      expect(onOpen).toHaveBeenCalledWith(ticket.uuid, { replace: true });

      // Scrolled to the bottom: the newer page comes below, and the view stays where it was.
      list.scrollTop = 10 * ROW - 200;
      fireEvent.scroll(list);
      await waitFor(() => expect(list.querySelector('[data-message-id="30"]')).not.toBeNull());
      expect(list.scrollTop).toBe(200);
      expect(screen.queryByTestId('latest-messages-button')).toBeNull();
      expect(screen.queryByTestId('new-messages-chip')).toBeNull();

      // At the newest now, a new message while the agent reads above counts on the 'new messages' chip.
      emit('company-7-appMessage', { action: 'create', ticket, contact: ticket.contact, message: texts([31])[0] });
      await waitFor(() => expect(list.querySelector('[data-message-id="31"]')).not.toBeNull());
      expect((await screen.findByTestId('new-messages-chip')).textContent).toContain('1 nova mensagem');

      // The highlight lasts a moment.
      await waitFor(() => expect(list.querySelector('[data-message-id="15"]')?.getAttribute('data-highlighted')).toBeNull(), {
        timeout: 4000,
      });
    } finally {
      geometry.forEach((spy) => spy.mockRestore());
    }
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a chat at the newest message stays there when media grows the list before the growth is followed', async () => {
    const ticket = aTicket({ id: 62, status: 'open', userId: 5, user: { id: 5, name: 'Ana' } });
    const messages = Array.from({ length: 10 }, (_, index) =>
      aMessage({ id: index + 1, ticketId: 62, body: `mensagem ${index + 1}`, createdAt: '2026-11-20T10:00:00' }),
    );
    stubApi(
      queues,
      ticketsByStatus([ticket]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/62', 200, { ticket, messages, hasMore: false, nextId: null, hasNewer: false, newerId: null }),
    );
    const resizes: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resizes.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    // Ten rows of 40 px in a view 200 px high; an image below them grows the list once it loads.
    let imageHeight = 0;
    const geometry = [
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200),
      vi
        .spyOn(HTMLElement.prototype, 'scrollHeight', 'get')
        .mockImplementation(() => document.querySelectorAll('[data-message-id]').length * 40 + imageHeight),
    ];
    try {
      renderWithProviders(<TicketsManager user={attendant} selectedUuid={ticket.uuid} onOpen={vi.fn()} onLeave={vi.fn()} />);
      const list = await screen.findByTestId('message-list');
      await waitFor(() => expect(list.scrollTop).toBe(400));
      fireEvent.scroll(list);
      // The image loads: the browser reports the scroll of the view (still 400, now 600 from the end)
      // before the resize is observed.
      imageHeight = 600;
      fireEvent.scroll(list);
      resizes.forEach((callback) => callback());
      expect(list.scrollTop).toBe(1000);

      // Scrolled up by the agent, the view stays.
      list.scrollTop = 300;
      fireEvent.scroll(list);
      imageHeight = 700;
      resizes.forEach((callback) => callback());
      expect(list.scrollTop).toBe(300);
    } finally {
      geometry.forEach((spy) => spy.mockRestore());
    }
  });

  it('shows the header, day separators and ack ticks, and sends a signed reply', async () => {
    const ticket = aTicket({ id: 41, status: 'open', userId: 5, user: { id: 5, name: 'Ana' } });
    const calls = stubApi(
      queues,
      ticketsByStatus([ticket]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/41', 200, {
        ticket,
        hasMore: false,
        nextId: null,
        messages: [
          aMessage({ id: 1, ticketId: 41, body: 'Oi', createdAt: '2026-11-20T10:00:00' }),
          aMessage({ id: 2, ticketId: 41, body: 'Olá, em que posso ajudar?', fromMe: true, ack: 4, createdAt: '2026-11-21T10:00:00' }),
        ],
      }),
      on('POST', '/messages/41', 200, aMessage({ id: 4, ticketId: 41, body: '*Ana:*\nPosso sim', fromMe: true, userId: 5 })),
    );
    renderManager(attendant, ticket.uuid);

    const chat = await screen.findByTestId('ticket-chat');
    expect(within(chat).getByTestId('ticket-header-name').textContent).toContain('Ticket #41');
    expect(within(chat).getByTestId('ticket-header-assignee').textContent).toBe('Atribuído a: Ana');
    expect(within(chat).getByTestId('ticket-action-return')).toBeTruthy();
    expect(within(chat).getByTestId('ticket-action-resolve')).toBeTruthy();
    expect(within(chat).queryByTestId('ticket-action-accept')).toBeNull();
    await within(chat).findByText('Olá, em que posso ajudar?');
    expect(
      within(chat)
        .getAllByTestId('message-day')
        .map((day) => day.textContent),
    ).toEqual(['20/11/2026', '21/11/2026']);
    expect(within(chat).getByTestId('message-ack').getAttribute('data-ack')).toBe('double-read');

    const input = within(chat).getByTestId('message-text');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(chat).queryByTestId('message-send')).toBeNull();
    expect(within(chat).getByTestId('message-record')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Posso sim' } });
    fireEvent.click(within(chat).getByTestId('message-send'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/messages/41'))).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ body: '*Ana:*\nPosso sim', fromMe: true });

    emit('company-7-appMessage', {
      action: 'create',
      message: aMessage({ id: 3, ticketId: 41, body: 'Obrigado!', createdAt: '2026-11-21T10:05:00' }),
      ticket,
      contact: ticket.contact,
    });
    expect(await within(chat).findByText('Obrigado!')).toBeTruthy();
  });

  it('the message menu replies quoting a message, reacts, and offers edit and delete on own messages only', async () => {
    const ticket = aTicket({ id: 61, status: 'open', userId: 5 });
    const calls = stubApi(
      queues,
      ticketsByStatus([]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/61', 200, {
        ticket,
        hasMore: false,
        nextId: null,
        messages: [
          aMessage({ id: 71, ticketId: 61, body: 'Qual o preço?', createdAt: '2026-11-21T10:00:00' }),
          aMessage({ id: 72, ticketId: 61, body: 'Já respondo', fromMe: true, userId: 5, ack: 3, createdAt: '2026-11-21T10:01:00' }),
        ],
      }),
      on('POST', '/messages/61', 200, aMessage({ id: 73, ticketId: 61, body: 'R$ 10', fromMe: true, userId: 5, quotedMsgId: 71 })),
      on(
        'POST',
        '/messages/71/reactions',
        200,
        aMessage({ id: 71, ticketId: 61, body: 'Qual o preço?', reactions: [{ fromMe: true, emoji: '👍' }] }),
      ),
    );
    localStorage.setItem('signOption', 'false');
    renderManager(attendant, ticket.uuid);
    const chat = await screen.findByTestId('ticket-chat');
    await within(chat).findByText('Qual o preço?');
    const [theirs, mine] = within(chat).getAllByTestId('message');

    fireEvent.click(within(mine!).getByTestId('message-menu'));
    expect(await screen.findByTestId('message-menu-edit')).toBeTruthy();
    expect(screen.getByTestId('message-menu-delete')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('message-menu-edit')).toBeNull());

    fireEvent.click(within(theirs!).getByTestId('message-menu'));
    const reactions = await screen.findAllByTestId('message-quick-reaction');
    expect(screen.queryByTestId('message-menu-edit')).toBeNull();
    fireEvent.click(reactions[0]!);
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/messages/71/reactions'))?.body).toEqual({ type: '👍' }));

    fireEvent.click(within(theirs!).getByTestId('message-menu'));
    fireEvent.click(await screen.findByTestId('message-menu-reply'));
    expect((await within(chat).findByTestId('message-reply-preview')).textContent).toContain('Qual o preço?');
    fireEvent.change(within(chat).getByTestId('message-text'), { target: { value: 'R$ 10' } });
    fireEvent.click(within(chat).getByTestId('message-send'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/messages/61'))).toBe(true));
    expect(calls.find((call) => call.url.endsWith('/messages/61') && call.method === 'POST')?.body).toMatchObject({
      body: 'R$ 10',
      quotedMsg: { id: 71, body: 'Qual o preço?', fromMe: false },
    });
    await waitFor(() => expect(within(chat).queryByTestId('message-reply-preview')).toBeNull());
  });

  it('an empty chat says hello; a closed ticket offers reopen and no input', async () => {
    const ticket = aTicket({ id: 51, status: 'closed', userId: 5 });
    stubApi(
      queues,
      ticketsByStatus([]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/51', 200, { ticket, hasMore: false, nextId: null, messages: [] }),
    );
    renderManager(attendant, ticket.uuid);
    const chat = await screen.findByTestId('ticket-chat');
    expect(await within(chat).findByText('Diga olá para seu novo contato!')).toBeTruthy();
    expect(within(chat).getByTestId('ticket-action-reopen')).toBeTruthy();
    expect(within(chat).queryByTestId('message-text')).toBeNull();
    expect(within(chat).getByTestId('message-input-closed')).toBeTruthy();
  });

  it('an attachment over the upload limit is refused with its name before anything is uploaded', async () => {
    const ticket = aTicket({ id: 52, status: 'open', userId: 5 });
    stubApi(
      queues,
      ticketsByStatus([ticket]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/52', 200, { ticket, hasMore: false, nextId: null, messages: [] }),
    );
    const opened = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        open = opened;
        setRequestHeader() {}
        send() {}
      },
    );
    const toast = vi.spyOn(toaster, 'create');
    renderManager(attendant, ticket.uuid);
    const chat = await screen.findByTestId('ticket-chat');
    const video = new File([new Uint8Array(8)], 'festa.mp4', { type: 'video/mp4' });
    Object.defineProperty(video, 'size', { value: MEDIA_UPLOAD_MAX_BYTES + 1 });
    fireEvent.change(within(chat).getByTestId('message-file-input'), { target: { files: [video] } });
    fireEvent.click(await within(chat).findByTestId('message-send'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'warning', title: 'Arquivo muito grande (máximo 16 MB): festa.mp4' }),
      ),
    );
    expect(opened).not.toHaveBeenCalled();
    expect(within(chat).getByTestId('message-attachments').textContent).toContain('festa.mp4');
  });

  it('the tag editor stays open while the ticket comes back with each new tag', async () => {
    const ticket = aTicket({ id: 61, status: 'open', userId: 9, user: { id: 9, name: 'Chefe' }, tags: [] });
    stubApi(
      queues,
      ticketsByStatus([ticket]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/61', 200, { ticket, hasMore: false, nextId: null, messages: [] }),
      on('GET', '/tags/list', 200, []),
      on('POST', '/tags', 201, { id: 30, name: 'Urgente', color: '#2576d2', kanban: 0, companyId: 7 }),
      on('POST', '/tags/sync', 200, { tags: [] }),
    );
    renderManager(admin, ticket.uuid);
    const chat = await screen.findByTestId('ticket-chat');
    fireEvent.click(within(chat).getByTestId('tag-editor-open'));
    const input = await screen.findByTestId('tag-editor-new');
    fireEvent.change(input, { target: { value: 'Urgente' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    emit('company-7-ticket', { action: 'update', ticket: { ...ticket, tags: [{ id: 30, name: 'Urgente', color: '#2576d2' }] } });
    await within(chat).findByText('Urgente', { selector: '[data-testid="ticket-tag"], [data-testid="ticket-tag"] *' });
    expect(screen.getByTestId('tag-editor-new')).toBe(input);
  });

  it('deleting the open ticket shows one toast: no second one from its socket event or a refetch of the gone ticket', async () => {
    const ticket = aTicket({ id: 51, status: 'open', userId: 9, user: { id: 9, name: 'Chefe' } });
    let deleted = false;
    stubApi(
      queues,
      (call) =>
        deleted && call.url.includes(`/tickets/u/${ticket.uuid}`)
          ? { status: 404, body: { error: 'ERR_NO_TICKET_FOUND', message: 'no' } }
          : undefined,
      ticketsByStatus([ticket]),
      on('GET', `/tickets/u/${ticket.uuid}`, 200, ticket),
      on('GET', '/messages/51', 200, { ticket, hasMore: false, nextId: null, messages: [] }),
      (call) => {
        if (call.method !== 'DELETE' || !call.url.endsWith('/tickets/51')) return undefined;
        deleted = true;
        return { status: 200, body: { message: 'ticket deleted' } };
      },
    );
    const toast = vi.spyOn(toaster, 'create');
    const onLeave = vi.fn();
    renderManager(admin, ticket.uuid, { onLeave });
    const chat = await screen.findByTestId('ticket-chat');
    fireEvent.click(within(chat).getByTestId('ticket-action-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(onLeave).toHaveBeenCalled());
    emit('company-7-ticket', { action: 'delete', ticketId: 51 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Ticket excluído com sucesso!' }));
  });

  it('a ticket the server refuses says Acesso não permitido and goes back to /tickets', async () => {
    stubApi(
      queues,
      ticketsByStatus([]),
      on('GET', '/tickets/u/00000000-0000-4000-8000-000000000999', 403, { error: 'ERR_TICKET_NOT_ALLOWED', message: 'no' }),
    );
    const onLeave = vi.fn();
    renderManager(attendant, '00000000-0000-4000-8000-000000000999', { onLeave });
    await waitFor(() => expect(onLeave).toHaveBeenCalled());
  });
});
