import type { ServiceRecord } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { ServicesPage } from './services-page';

const at = '2026-11-26T12:00:00.000Z';
const service = (id: number, fields: Partial<ServiceRecord> = {}): ServiceRecord => ({
  id,
  name: `Serviço ${id}`,
  description: null,
  price: 10,
  duration: 30,
  additionalInfo: null,
  companyId: 7,
  createdAt: at,
  updatedAt: at,
  ...fields,
});
/** Non-breaking spaces as Intl puts them in 'R$ 1.234,56'. */
const text = (node: HTMLElement) => node.textContent?.replace(/\s/g, ' ');

describe('services page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows Nome, Descrição, Preço in reais and Duração as Xh Ymin, with the range label and pages of 20', async () => {
    const calls = stubApi((call) => {
      if (call.method !== 'GET' || !call.url.startsWith('/api/services/')) return undefined;
      const pageNumber = new URL(call.url, 'http://x').searchParams.get('pageNumber');
      return pageNumber === '2'
        ? { status: 200, body: { services: [service(21, { name: 'Último' })], count: 21, hasMore: false } }
        : {
            status: 200,
            body: {
              services: [
                service(1, { name: 'Massagem', description: 'Relaxante', price: 1234.56, duration: 90 }),
                ...Array.from({ length: 19 }, (_, i) => service(i + 2)),
              ],
              count: 21,
              hasMore: true,
            },
          };
    });
    renderWithProviders(<ServicesPage canEdit />);
    const table = await screen.findByTestId('services-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Descrição', 'Preço', 'Duração', 'Ações']);
    const first = (await screen.findAllByTestId('services-row'))[0]!;
    expect(within(first).getAllByRole('cell').slice(0, 4).map(text)).toEqual(['Massagem', 'Relaxante', 'R$ 1.234,56', '1h 30min']);
    expect(screen.getAllByTestId('services-row')).toHaveLength(20);
    expect(screen.getByTestId('services-pagination-range').textContent).toBe('1–20 de 21');

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('services-row').map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Último']),
    );
    expect(screen.getByTestId('services-pagination-range').textContent).toBe('21–21 de 21');
    expect(calls.some((call) => call.url.includes('pageNumber=2'))).toBe(true);
  });

  it("the dialog says 'Obrigatório', 'Muito curto!' and 'Muito longo!', and sends the price in reais and the minutes as numbers", async () => {
    const calls = stubApi(
      on('GET', '/services/', 200, { services: [], count: 0, hasMore: false }),
      on('POST', '/services', 201, service(3, { name: 'Corte', price: 49.9, duration: 45 })),
    );
    renderWithProviders(<ServicesPage canEdit />);
    await screen.findByTestId('services-empty');
    fireEvent.click(screen.getByTestId('services-add'));
    fireEvent.click(await screen.findByTestId('service-save'));
    expect(await screen.findAllByText('Obrigatório')).toHaveLength(3);

    fireEvent.change(screen.getByTestId('service-name'), { target: { value: 'C' } });
    fireEvent.click(screen.getByTestId('service-save'));
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    fireEvent.change(screen.getByTestId('service-name'), { target: { value: 'C'.repeat(51) } });
    fireEvent.click(screen.getByTestId('service-save'));
    expect(await screen.findByText('Muito longo!')).toBeTruthy();

    fireEvent.change(screen.getByTestId('service-name'), { target: { value: 'Corte' } });
    fireEvent.change(screen.getByTestId('service-price'), { target: { value: 'dez' } });
    fireEvent.change(screen.getByTestId('service-duration'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('service-save'));
    expect(await screen.findByText('Valor inválido')).toBeTruthy();

    fireEvent.change(screen.getByTestId('service-price'), { target: { value: '49,90' } });
    fireEvent.click(screen.getByTestId('service-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Corte',
        description: null,
        price: 49.9,
        duration: 45,
        additionalInfo: null,
      }),
    );
  });

  it('the edit dialog shows the price the Brazilian way and sends the changes to PUT /services/{id}', async () => {
    const massagem = service(4, { name: 'Massagem', description: 'Relaxante', price: 1234.5, duration: 90, additionalInfo: 'Toalha' });
    const calls = stubApi(
      on('GET', '/services/', 200, { services: [massagem], count: 1, hasMore: false }),
      on('PUT', '/services/4', 200, { ...massagem, duration: 60 }),
    );
    renderWithProviders(<ServicesPage canEdit />);
    fireEvent.click(await screen.findByTestId('services-edit'));
    expect((await screen.findByTestId<HTMLInputElement>('service-price')).value).toBe('1234,50');
    expect(screen.getByTestId<HTMLInputElement>('service-duration').value).toBe('90');
    fireEvent.change(screen.getByTestId('service-duration'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('service-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        name: 'Massagem',
        description: 'Relaxante',
        price: 1234.5,
        duration: 60,
        additionalInfo: 'Toalha',
      }),
    );
  });

  it('a user without services-page:edit reads the catalogue without add, edit or delete', async () => {
    stubApi(on('GET', '/services/', 200, { services: [service(1)], count: 1, hasMore: false }));
    renderWithProviders(<ServicesPage canEdit={false} />);
    await screen.findByTestId('services-row');
    expect(screen.queryByTestId('services-add')).toBeNull();
    expect(screen.queryByTestId('services-edit')).toBeNull();
    expect(screen.queryByText('Ações')).toBeNull();
    expect(screen.getByTestId('services-pagination-range').textContent).toBe('1–1 de 1');
  });

  it('a service is deleted after its confirmation', async () => {
    const calls = stubApi(
      on('GET', '/services/', 200, { services: [service(5, { name: 'Pedicure' })], count: 1, hasMore: false }),
      on('DELETE', '/services/5', 200, { message: 'Service deleted' }),
    );
    renderWithProviders(<ServicesPage canEdit />);
    fireEvent.click(await screen.findByTestId('services-delete'));
    expect(await screen.findByText('Excluir o serviço Pedicure?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('service-delete-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/services/5')).toBe(true));
  });
});
