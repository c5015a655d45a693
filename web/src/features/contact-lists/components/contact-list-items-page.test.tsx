import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster, toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { ContactListItemsPage } from './contact-list-items-page';
import { ContactListsPage } from './contact-lists-page';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

const at = '2026-11-26T12:00:00.000Z';
const list = { id: 5, name: 'Clientes VIP', contactsCount: 2, validCount: 1, pendingCount: 1, companyId: 7, createdAt: at, updatedAt: at };
const blank = {
  Cnpj: '',
  RazaoSocial: '',
  NomeFantasia: '',
  CnaeFiscal: '',
  DescricaoTipoLogradouro: '',
  Logradouro: '',
  Numero: '',
  Complemento: '',
  Bairro: '',
  Cep: '',
  UF: '',
  Municipio: '',
  Observacao: '',
};
const item = (id: number, name: string, isWhatsappValid: boolean | null, fields = {}) => ({
  id,
  name,
  number: `551199999000${id}`,
  email: '',
  ...blank,
  ...fields,
  isWhatsappValid,
  companyId: 7,
  contactListId: 5,
  createdAt: at,
  updatedAt: at,
});

describe('contact lists screens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("a list's name is required, 2 to 50 ('Required', 'Too Short!')", async () => {
    const calls = stubApi(
      on('GET', '/contact-lists/', 200, { records: [list], count: 1, hasMore: false }),
      on('POST', '/contact-lists', 201, { ...list, id: 6, name: 'Novos' }),
    );
    renderWithProviders(<ContactListsPage companyId={7} />);
    const row = await screen.findByTestId('contact-lists-row');
    expect(within(row).getByTestId('contact-lists-count').textContent).toBe('2');
    fireEvent.click(screen.getByTestId('contact-lists-add'));
    fireEvent.click(await screen.findByTestId('contact-list-save'));
    expect(await screen.findByText('Required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('contact-list-name'), { target: { value: 'N' } });
    fireEvent.click(screen.getByTestId('contact-list-save'));
    expect(await screen.findByText('Too Short!')).toBeTruthy();
    fireEvent.change(screen.getByTestId('contact-list-name'), { target: { value: 'Novos' } });
    fireEvent.click(screen.getByTestId('contact-list-save'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Novos' }));
  });

  it("shows each contact's validity icon, 'Não informado' for a missing address, and the numbers still being checked", async () => {
    stubApi(
      on('GET', '/contact-lists/5', 200, list),
      on('GET', '/contact-list-items', 200, {
        contacts: [item(1, 'Ana', true, { Logradouro: 'Av. Paulista', Cnpj: '11.222.333/0001-44' }), item(2, 'Bruno', null)],
        count: 2,
        hasMore: false,
      }),
    );
    renderWithProviders(<ContactListItemsPage companyId={7} contactListId={5} canDelete={false} />);
    await waitFor(() => expect(screen.getByTestId('contact-list-items-title').textContent).toBe('Clientes VIP'));
    const rows = await screen.findAllByTestId('contact-list-items-row');
    expect(rows.map((row) => within(row).getByTestId('contact-list-item-validity').getAttribute('data-valid'))).toEqual(['true', 'null']);
    expect(within(rows[0]!).getByText('Av. Paulista')).toBeTruthy();
    expect(within(rows[0]!).getByText('11.222.333/0001-44')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('Não informado')).toHaveLength(8);
    expect(screen.getByTestId('contact-list-check-progress').textContent).toContain('1 de 2');
    // Deleting needs contacts-page:deleteContact.
    expect(screen.queryByTestId('contact-list-items-delete')).toBeNull();
  });

  it('a CSV can be chosen, and a refused one is said in words with its limit, never as a field path', async () => {
    const calls = stubApi(
      on('GET', '/contact-lists/5', 200, list),
      on('GET', '/contact-list-items', 200, { contacts: [], count: 0, hasMore: false }),
      on('POST', '/contact-lists/5/upload', 413, {
        error: 'ERR_SHEET_TOO_LARGE',
        message: 'A planilha tem mais de 10000 linhas: divida-a em planilhas menores',
        sheet: { reason: 'tooManyRows', limit: 10_000 },
      }),
    );
    renderWithProviders(
      <>
        <ContactListItemsPage companyId={7} contactListId={5} canDelete={false} />
        <Toaster />
      </>,
    );
    const input = screen.getByTestId('contact-list-items-file');
    expect(input.getAttribute('accept')).toContain('.csv');
    const file = new File(['Nome;Numero\nAna;5511999990001\n'], 'contatos.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(/A planilha tem mais de 10.000 linhas: divida-a em planilhas menores\./)).toBeTruthy();
    expect(screen.queryByText(/file:/)).toBeNull();
    expect((calls.find((call) => call.url === '/api/contact-lists/5/upload')?.body as FormData).get('file')).toBe(file);
  });
});
