import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppQueryClient } from '@/app/provider';
import { Toaster, toaster } from '@/components/ui/toaster';
import { aTicket } from '@/features/tickets/testing/ticket-factory';
import { formatPhone } from '@/lib/format-phone';
import { system } from '@/lib/theme';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import type { Contact } from '../types';
import { CONTACTS_NARROW_QUERY, ContactsPage } from './contacts-page';

function aContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 3,
    uuid: '00000000-0000-4000-9000-000000000003',
    name: 'Maria da Silva',
    number: '5511999998888',
    email: 'maria@example.com',
    profilePicUrl: '',
    active: true,
    isGroup: false,
    whatsappId: 1,
    extraInfo: [],
    companyId: 7,
    lastInteractionAt: '2026-11-21T09:05:00',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const user = { id: 5, companyId: 7, profile: 'user', queues: [{ id: 1 }] };

/** With the app's own query client, whose failed mutations toast unless they are silent. */
function renderWithAppClient(ui: ReactElement) {
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={createAppQueryClient()}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('contacts page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('lists contacts with their last interaction; delete only with the permission', async () => {
    stubApi(on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }));
    const view = renderWithProviders(<ContactsPage user={user} canDelete={false} onOpenTicket={vi.fn()} />);
    const row = await screen.findByTestId('contact-row');
    expect(within(row).getByText('Maria da Silva')).toBeTruthy();
    expect(within(row).getByText('21/11/26 09:05')).toBeTruthy();
    expect(within(row).queryByTestId('contact-delete')).toBeNull();
    view.unmount();

    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    expect(within(await screen.findByTestId('contact-row')).getByTestId('contact-delete')).toBeTruthy();
  });

  it('below 900 px each contact is a card with its name, number, email, status and the same actions, and no table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === CONTACTS_NARROW_QUERY,
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    const started = aTicket({ id: 31, contactId: aContact().id, status: 'open', userId: user.id });
    stubApi(on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }), on('POST', '/tickets', 200, started));
    const onOpenTicket = vi.fn();
    try {
      renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={onOpenTicket} />);
      const card = await screen.findByTestId('contact-card');
      expect(within(card).getByText('Maria da Silva')).toBeTruthy();
      expect(within(card).getByText(formatPhone('5511999998888'))).toBeTruthy();
      expect(within(card).getByText('maria@example.com')).toBeTruthy();
      expect(within(card).getByText('Ativo')).toBeTruthy();
      expect(within(card).getByText('21/11/26 09:05')).toBeTruthy();
      expect(within(card).getByTestId('contact-edit')).toBeTruthy();
      expect(within(card).getByTestId('contact-delete')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByTestId('contact-row')).toBeNull();
      fireEvent.click(within(card).getByTestId('contact-start-ticket'));
      await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith(started.uuid));
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('searches with the lower-cased text after the debounce', async () => {
    const calls = stubApi(on('GET', '/contacts/', 200, { contacts: [], hasMore: false }));
    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    await screen.findByTestId('contacts-empty');
    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'MARIA' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('searchParam=maria'))).toBe(true), { timeout: 2000 });
  });

  it('adding a contact refuses a short name and number with the spec texts', async () => {
    const calls = stubApi(on('GET', '/contacts/', 200, { contacts: [], hasMore: false }));
    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    fireEvent.click(screen.getByTestId('contacts-add'));
    fireEvent.change(await screen.findByTestId('contact-modal-name'), { target: { value: 'M' } });
    fireEvent.change(screen.getByTestId('contact-modal-number'), { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('contact-modal-save'));
    expect(await screen.findAllByText('Too Short!')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('starting a ticket opens its chat; the own open ticket is opened on a conflict', async () => {
    const started = aTicket({ id: 30, contactId: aContact().id, status: 'open', userId: user.id });
    stubApi(on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }), on('POST', '/tickets', 200, started));
    const onOpenTicket = vi.fn();
    const view = renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={onOpenTicket} />);
    fireEvent.click(within(await screen.findByTestId('contact-row')).getByTestId('contact-start-ticket'));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith(started.uuid));
    view.unmount();
    vi.unstubAllGlobals();

    stubApi(
      on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }),
      on('POST', '/tickets', 409, {
        error: 'ERR_OTHER_OPEN_TICKET',
        message: 'x',
        ticketId: 9,
        uuid: '00000000-0000-4000-8000-000000000009',
        userId: 5,
        userName: 'Ana',
        queueName: 'Vendas',
      }),
    );
    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={onOpenTicket} />);
    fireEvent.click(within(await screen.findByTestId('contact-row')).getByTestId('contact-start-ticket'));
    await waitFor(() => expect(onOpenTicket).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000009'));
  });

  it('importing from the phone confirms first, then reports how many were imported and skipped', async () => {
    const calls = stubApi(
      on('GET', '/contacts/', 200, { contacts: [], hasMore: false }),
      on('POST', '/contacts/import', 200, { imported: 2, skipped: 1 }),
    );
    renderWithProviders(
      <>
        <ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByTestId('contacts-import-phone'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await screen.findByText('2 contato(s) importado(s) do telefone; 1 já existia(m).')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/contacts/import']);
  });

  it('a sheet upload sends the file and lists the refused rows under the summary', async () => {
    const calls = stubApi(
      on('GET', '/contacts/', 200, { contacts: [], hasMore: false }),
      on('POST', '/contacts/upload', 200, {
        created: 3,
        skipped: 1,
        invalid: [
          { row: 4, reason: 'number: Too Short!', fields: [{ field: 'number', problem: 'tooShort' }], rowLimit: false },
          {
            row: 5,
            reason: 'name: Too Short!; email: Invalid email',
            fields: [
              { field: 'name', problem: 'tooShort' },
              { field: 'email', problem: 'invalid' },
            ],
            rowLimit: false,
          },
          { row: 100_002, reason: 'only the first 100000 rows are read', fields: [], rowLimit: true },
        ],
      }),
    );
    renderWithProviders(
      <>
        <ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />
        <Toaster />
      </>,
    );
    const file = new File(['x'], 'contatos.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(screen.getByTestId('contacts-sheet-input'), { target: { files: [file] } });
    expect(await screen.findByText('3 contato(s) criado(s) da planilha; 1 já existia(m).')).toBeTruthy();
    // In the user's language, by the field's label: no field path, no English.
    expect(screen.getByText(/Linha 4: WhatsApp: muito curto/)).toBeTruthy();
    expect(screen.getByText(/Linha 5: Nome: muito curto; Email: inválido/)).toBeTruthy();
    expect(screen.getByText(/Linha 100002: só as primeiras 100000 linhas são lidas/)).toBeTruthy();
    expect(screen.queryByText(/number:|Too Short!|Invalid email|rows are read/)).toBeNull();
    const upload = calls.find((call) => call.url === '/api/contacts/upload');
    expect((upload?.body as FormData).get('file')).toBe(file);
  });

  it('a sheet refused as a whole is said in words with its limit, never as a field path', async () => {
    stubApi(
      on('GET', '/contacts/', 200, { contacts: [], hasMore: false }),
      on('POST', '/contacts/upload', 413, {
        error: 'ERR_SHEET_TOO_LARGE',
        message: 'A planilha descompactada passa de 50 MB',
        sheet: { reason: 'unpackedTooLarge', limit: 50 * 1024 * 1024 },
      }),
    );
    renderWithProviders(
      <>
        <ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />
        <Toaster />
      </>,
    );
    fireEvent.change(screen.getByTestId('contacts-sheet-input'), { target: { files: [new File(['x'], 'bomba.xlsx')] } });
    expect(await screen.findByText('A planilha descompactada passa de 50 MB: divida-a em planilhas menores.')).toBeTruthy();
    expect(screen.queryByText(/file:/)).toBeNull();
  });

  it("a number WhatsApp refuses is shown under the contact modal's number field", async () => {
    stubApi(
      on('GET', '/contacts/', 200, { contacts: [], hasMore: false }),
      on('POST', '/contacts', 400, { error: 'ERR_WAPP_INVALID_CONTACT', message: 'This is not a valid WhatsApp number' }),
    );
    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    fireEvent.click(screen.getByTestId('contacts-add'));
    fireEvent.change(await screen.findByTestId('contact-modal-name'), { target: { value: 'Maria' } });
    fireEvent.change(screen.getByTestId('contact-modal-number'), { target: { value: '5511900000002' } });
    fireEvent.click(screen.getByTestId('contact-modal-save'));
    expect(await screen.findByText('Este não é um número de WhatsApp válido.')).toBeTruthy();
    expect(screen.getByTestId('contact-modal')).toBeTruthy();
  });

  it('a refused save shows one error toast, not a second one from the app default', async () => {
    stubApi(
      on('GET', '/contacts/', 200, { contacts: [], hasMore: false }),
      on('POST', '/contacts', 409, { error: 'ERR_DUPLICATED_CONTACT', message: 'A contact with this number exists', alreadyExists: true }),
    );
    renderWithAppClient(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    fireEvent.click(screen.getByTestId('contacts-add'));
    fireEvent.change(await screen.findByTestId('contact-modal-name'), { target: { value: 'Maria' } });
    fireEvent.change(screen.getByTestId('contact-modal-number'), { target: { value: '5511900000002' } });
    fireEvent.click(screen.getByTestId('contact-modal-save'));
    await screen.findByTestId('toast-error');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('toast-error')).toHaveLength(1);
  });

  it("another user's open ticket without a queue is named without an empty queue, in one toast", async () => {
    stubApi(
      on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }),
      on('POST', '/tickets', 409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'x', userId: 8, userName: 'Admin', queueName: null }),
    );
    const onOpenTicket = vi.fn();
    renderWithAppClient(<ContactsPage user={user} canDelete onOpenTicket={onOpenTicket} />);
    fireEvent.click(within(await screen.findByTestId('contact-row')).getByTestId('contact-start-ticket'));
    expect(await screen.findByText('Este contato já possui um ticket aberto com Admin.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('toast-error')).toHaveLength(1);
    expect(onOpenTicket).not.toHaveBeenCalled();
  });

  it("an open ticket the user may not see is only said to exist: the code's own text, no holder", async () => {
    stubApi(
      on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }),
      on('POST', '/tickets', 409, { error: 'ERR_OTHER_OPEN_TICKET', message: 'An open ticket already exists for this contact' }),
    );
    const onOpenTicket = vi.fn();
    renderWithAppClient(<ContactsPage user={user} canDelete onOpenTicket={onOpenTicket} />);
    fireEvent.click(within(await screen.findByTestId('contact-row')).getByTestId('contact-start-ticket'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Já existe um ticket aberto para este contato.');
    expect(onOpenTicket).not.toHaveBeenCalled();
  });

  it('an extra-info row without a name says so under it instead of silently not saving', async () => {
    const calls = stubApi(on('GET', '/contacts/', 200, { contacts: [], hasMore: false }));
    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    fireEvent.click(screen.getByTestId('contacts-add'));
    fireEvent.change(await screen.findByTestId('contact-modal-name'), { target: { value: 'Maria' } });
    fireEvent.change(screen.getByTestId('contact-modal-number'), { target: { value: '5511900000002' } });
    fireEvent.click(screen.getByText('Adicionar informação'));
    await screen.findByTestId('contact-modal-extra-name');
    fireEvent.click(screen.getByTestId('contact-modal-save'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the WhatsApp number in the phone format of the spec', async () => {
    stubApi(on('GET', '/contacts/', 200, { contacts: [aContact()], hasMore: false }));
    renderWithProviders(<ContactsPage user={user} canDelete onOpenTicket={vi.fn()} />);
    expect(within(await screen.findByTestId('contact-row')).getByText('+55 (11) 99999-8888')).toBeTruthy();
  });
});
