import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { aConnection } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CloudCostsCard, currentMonth } from './cloud-costs-card';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

describe("the dashboard's monthly Cloud API costs", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the month is taken in the company time zone', () => {
    expect(currentMonth('America/Sao_Paulo', new Date('2026-12-01T02:00:00Z'))).toBe('2026-11');
    expect(currentMonth('UTC', new Date('2026-12-01T02:00:00Z'))).toBe('2026-12');
  });

  it('shows the billed conversations of the month by category with a total, and another month when picked', async () => {
    const calls = stubApi(
      on('GET', '/whatsapp/', 200, [aConnection({ id: 1, provider: 'beta' }), aConnection({ id: 2, provider: 'cloud' })]),
      (call) =>
        call.url === '/api/whatsapp-cloud/costs?month=2026-10'
          ? { status: 200, body: [{ category: 'utility', conversations: 1, billable: 0 }] }
          : call.url.startsWith('/api/whatsapp-cloud/costs?month=')
            ? {
                status: 200,
                body: [
                  { category: 'marketing', conversations: 12, billable: 10 },
                  { category: 'service', conversations: 5, billable: 0 },
                ],
              }
            : undefined,
    );
    renderWithProviders(<CloudCostsCard />);
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Categoria', 'Conversas', 'Cobráveis'],
      ['Marketing', '12', '10'],
      ['Atendimento', '5', '0'],
      ['Total', '17', '10'],
    ]);
    expect(screen.getByRole('heading', { name: 'Conversas cobradas pela Meta (API oficial)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mês'), { target: { value: '2026-10' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.getByText('Utilidade')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/whatsapp-cloud/costs?month=2026-10')).toBe(true);
  });

  it('says so when Meta billed nothing that month', async () => {
    stubApi(on('GET', '/whatsapp/', 200, [aConnection({ id: 2, provider: 'cloud' })]), on('GET', '/whatsapp-cloud/costs', 200, []));
    renderWithProviders(<CloudCostsCard />);
    expect((await screen.findByTestId('cloud-costs-empty')).textContent).toBe('Nenhuma conversa cobrada pela Meta neste mês.');
  });

  it('is not shown, and the costs not asked, without a Cloud API connection', async () => {
    const calls = stubApi(on('GET', '/whatsapp/', 200, [aConnection({ id: 1, provider: 'beta' })]));
    renderWithProviders(<CloudCostsCard />);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/whatsapp/')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('cloud-costs')).toBeNull();
    expect(calls.some((call) => call.url.includes('costs'))).toBe(false);
  });
});
