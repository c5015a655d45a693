import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { aContact } from '@/testing/contract-fakes';
import { type FakeCall, type FakeRoute, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { useMessageActions } from '../hooks/use-message-actions';
import { aMessage, aTicket } from '../testing/ticket-factory';
import { ForwardSelectionBar } from './forward-selection-bar';
import { MessageList } from './message-list';

const TICKET = 4;
const messages = [
  aMessage({ id: 11, ticketId: TICKET, body: 'Primeira', createdAt: '2026-11-21T09:00:00.000Z' }),
  aMessage({ id: 12, ticketId: TICKET, body: 'Segunda', fromMe: true, createdAt: '2026-11-21T10:00:00.000Z' }),
  aMessage({ id: 13, ticketId: TICKET, body: 'Apagada', isDeleted: true, createdAt: '2026-11-21T10:30:00.000Z' }),
  aMessage({ id: 14, ticketId: TICKET, body: 'Terceira', createdAt: '2026-11-21T11:00:00.000Z' }),
];
const contact = aContact({ id: 77, name: 'Marcos Entregador', number: '5511933330003' });

function Chat() {
  const actions = useMessageActions(vi.fn(), TICKET);
  return (
    <>
      <MessageList ticketId={TICKET} isGroup={false} actions={actions.handlers} selection={actions.selection} />
      {actions.selection.active && (
        <ForwardSelectionBar
          count={actions.selection.selectedIds.size}
          onCancel={actions.selection.cancel}
          onForward={actions.selection.forward}
        />
      )}
      {actions.dialogs}
    </>
  );
}

function forwardRoute(failing: number[] = []): FakeRoute {
  return (call: FakeCall) => {
    if (call.method !== 'POST' || call.url !== '/api/message/forward') return undefined;
    const { messageId } = call.body as { messageId: number };
    return failing.includes(messageId)
      ? { status: 404, body: { error: 'ERR_NOT_FOUND', message: 'Message not found' } }
      : { status: 201, body: aMessage({ id: 1000 + messageId, fromMe: true, isForwarded: true }) };
  };
}

function bubble(text: string): HTMLElement {
  return screen.getByText(text).closest('[data-testid="message-select-row"]') as HTMLElement;
}

async function enterSelectionFrom(text: string) {
  const message = (await screen.findByText(text)).closest('[data-testid="message"]') as HTMLElement;
  fireEvent.click(within(message).getByTestId('message-menu'));
  fireEvent.click(await screen.findByTestId('message-menu-forward'));
  await screen.findByTestId('forward-selection-bar');
}

async function pickContactAndForward() {
  fireEvent.click(screen.getByTestId('forward-selection-submit'));
  const dialog = await screen.findByTestId('forward-dialog');
  fireEvent.change(within(dialog).getByTestId('forward-contact'), { target: { value: 'Ma' } });
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(within(dialog).queryByTestId('forward-contact-option')).toBeNull();
  fireEvent.change(within(dialog).getByTestId('forward-contact'), { target: { value: 'Mar' } });
  fireEvent.click(await within(dialog).findByTestId('forward-contact-option', {}, { timeout: 2000 }));
  expect((within(dialog).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  fireEvent.click(within(dialog).getByTestId('forward-submit'));
}

const forwards = (calls: FakeCall[]) => calls.filter((call) => call.url === '/api/message/forward').map((call) => call.body);

describe('forwarding selected messages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('"Encaminhar" ticks that message; more are ticked on the list; they go out oldest first, signed by default', async () => {
    const calls = stubApi(
      on('GET', `/messages/${TICKET}`, 200, { messages, ticket: aTicket({ id: TICKET }), hasMore: false, nextId: null }),
      on('GET', '/contacts/', 200, { contacts: [contact], hasMore: false }),
      forwardRoute(),
    );
    const success = vi.spyOn(toaster, 'create');
    renderWithProviders(<Chat />);

    await enterSelectionFrom('Terceira');
    expect(screen.getByTestId('forward-selection-count').textContent).toBe('1 mensagem selecionada');
    expect(screen.queryByTestId('message-menu')).toBeNull();
    expect(bubble('Terceira').dataset.selected).toBe('true');
    // A deleted message cannot be ticked.
    expect((within(bubble('Apagada')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(bubble('Apagada'));

    fireEvent.click(bubble('Primeira'));
    expect(screen.getByTestId('forward-selection-count').textContent).toBe('2 mensagens selecionadas');

    await pickContactAndForward();
    await waitFor(() => expect(screen.queryByTestId('forward-selection-bar')).toBeNull(), { timeout: 4000 });
    expect(forwards(calls)).toEqual([
      { messageId: 11, contactId: 77, signMessage: true },
      { messageId: 14, contactId: 77, signMessage: true },
    ]);
    expect(success).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: '2 mensagens encaminhadas' }));
    expect(screen.getAllByTestId('message-menu').length).toBeGreaterThan(0);
  });

  it('failures are reported and only the failed messages stay ticked', async () => {
    const calls = stubApi(
      on('GET', `/messages/${TICKET}`, 200, { messages, ticket: aTicket({ id: TICKET }), hasMore: false, nextId: null }),
      on('GET', '/contacts/', 200, { contacts: [contact], hasMore: false }),
      forwardRoute([12]),
    );
    const toast = vi.spyOn(toaster, 'create');
    renderWithProviders(<Chat />);

    await enterSelectionFrom('Segunda');
    fireEvent.click(bubble('Primeira'));
    fireEvent.click(bubble('Terceira'));
    await pickContactAndForward();

    await waitFor(() => expect(screen.queryByTestId('forward-dialog')).toBeNull(), { timeout: 5000 });
    expect(forwards(calls).map((body) => (body as { messageId: number }).messageId)).toEqual([11, 12, 14]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: '1 de 3 mensagens não foram encaminhadas' }));
    expect(screen.getByTestId('forward-selection-count').textContent).toBe('1 mensagem selecionada');
    expect(bubble('Segunda').dataset.selected).toBe('true');
  }, 10_000);

  it('forwarding with no message ticked shows the error; cancel leaves selection mode', async () => {
    stubApi(on('GET', `/messages/${TICKET}`, 200, { messages, ticket: aTicket({ id: TICKET }), hasMore: false, nextId: null }));
    const toast = vi.spyOn(toaster, 'create');
    renderWithProviders(<Chat />);

    await enterSelectionFrom('Primeira');
    fireEvent.click(bubble('Primeira'));
    expect(screen.getByTestId('forward-selection-count').textContent).toBe('Nenhuma mensagem selecionada');
    fireEvent.click(screen.getByTestId('forward-selection-submit'));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', title: 'Nenhuma mensagem selecionada' }));
    expect(screen.queryByTestId('forward-dialog')).toBeNull();

    fireEvent.click(screen.getByTestId('forward-selection-cancel'));
    expect(screen.queryByTestId('forward-selection-bar')).toBeNull();
    expect(screen.queryAllByTestId('message-select')).toHaveLength(0);
  });
});
