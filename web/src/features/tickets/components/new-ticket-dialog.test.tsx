import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { aConnection, aContact, aQueue } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { aTicket } from '../testing/ticket-factory';
import type { InboxUser } from '../types';
import { NewTicketDialog } from './new-ticket-dialog';

const attendant: InboxUser = { id: 5, name: 'Ana', profile: 'user', companyId: 7, queues: [{ id: 1 }] };
const contact = aContact({ id: 3, name: 'Maria', number: '5511999998888' });
const created = aTicket({ id: 20, contactId: 3, status: 'open', userId: 5, queueId: 1, whatsappId: 4 });
const routes = [
  on('GET', '/queue', 200, [aQueue({ id: 1, name: 'Vendas', color: '#2576d2' }), aQueue({ id: 2, name: 'Suporte', color: '#000000' })]),
  on('GET', '/whatsapp/', 200, [aConnection({ id: 4, name: 'Simulador', isDefault: true })]),
  on('GET', '/contacts/', 200, { contacts: [contact], hasMore: false }),
];

async function pickContact() {
  fireEvent.change(screen.getByTestId('new-ticket-contact'), { target: { value: 'Mar' } });
  fireEvent.click(await screen.findByTestId('new-ticket-contact-option', {}, { timeout: 2000 }));
}

describe('new-ticket dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a user must choose a queue; the ticket opens for the user on the chosen connection', async () => {
    const calls = stubApi(...routes, on('POST', '/tickets', 200, created));
    const onOpenTicket = vi.fn();
    renderWithProviders(<NewTicketDialog open user={attendant} onClose={vi.fn()} onOpenTicket={onOpenTicket} />);
    await pickContact();
    await waitFor(() => expect((screen.getByTestId('new-ticket-connection') as HTMLSelectElement).value).toBe('4'));
    expect(screen.getByRole('option', { name: 'Vendas' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Suporte' })).toBeNull();
    expect((screen.getByTestId('new-ticket-queue') as HTMLSelectElement).value).toBe('1');
    fireEvent.change(screen.getByTestId('new-ticket-queue'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    expect(await screen.findByText('Selecione uma fila')).toBeTruthy();

    fireEvent.change(screen.getByTestId('new-ticket-queue'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith(created.uuid));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      contactId: 3,
      queueId: 1,
      whatsappId: 4,
      userId: 5,
      status: 'open',
    });
  });

  it('another user holding the contact is named; the own open ticket is opened instead', async () => {
    const conflict = {
      error: 'ERR_OTHER_OPEN_TICKET',
      message: 'open',
      ticketId: 9,
      uuid: '00000000-0000-4000-8000-000000000009',
      queueName: 'Vendas',
    };
    stubApi(...routes, on('POST', '/tickets', 409, { ...conflict, userId: 8, userName: 'Bruno' }));
    const onOpenTicket = vi.fn();
    const view = renderWithProviders(<NewTicketDialog open user={attendant} onClose={vi.fn()} onOpenTicket={onOpenTicket} />);
    await pickContact();
    await waitFor(() => expect((screen.getByTestId('new-ticket-connection') as HTMLSelectElement).value).toBe('4'));
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    expect((await screen.findByTestId('new-ticket-conflict')).textContent).toBe(
      'Este contato já possui um ticket aberto com Bruno na fila Vendas.',
    );
    expect(onOpenTicket).not.toHaveBeenCalled();
    view.unmount();
    vi.unstubAllGlobals();

    stubApi(...routes, on('POST', '/tickets', 409, { ...conflict, userId: 5, userName: 'Ana' }));
    renderWithProviders(<NewTicketDialog open user={attendant} onClose={vi.fn()} onOpenTicket={onOpenTicket} />);
    await pickContact();
    await waitFor(() => expect((screen.getByTestId('new-ticket-connection') as HTMLSelectElement).value).toBe('4'));
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith(conflict.uuid));
  });

  it('an open ticket the user may not see is only said to exist: no holder, nothing opened', async () => {
    stubApi(
      ...routes,
      on('POST', '/tickets', 409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'An open ticket already exists for this contact' }),
    );
    const onOpenTicket = vi.fn();
    renderWithProviders(
      <>
        <Toaster />
        <NewTicketDialog open user={attendant} onClose={vi.fn()} onOpenTicket={onOpenTicket} />
      </>,
    );
    await pickContact();
    await waitFor(() => expect((screen.getByTestId('new-ticket-connection') as HTMLSelectElement).value).toBe('4'));
    fireEvent.click(screen.getByTestId('new-ticket-submit'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Já existe um ticket aberto para este contato.');
    expect(screen.queryByTestId('new-ticket-conflict')).toBeNull();
    expect(onOpenTicket).not.toHaveBeenCalled();
  });
});
