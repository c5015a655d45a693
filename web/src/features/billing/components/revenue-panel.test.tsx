import type { RevenueResponse } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { RevenuePanel } from './revenue-panel';

const none = { paidCount: 0, paidCents: 0, openCount: 0, openCents: 0, overdueCount: 0, overdueCents: 0 };
const revenue: RevenueResponse = {
  from: '2026-10',
  to: '2026-12',
  months: [
    { month: '2026-10', ...none, paidCount: 1, paidCents: 9990 },
    { month: '2026-11', ...none },
    { month: '2026-12', ...none, openCount: 2, openCents: 5990, overdueCount: 1, overdueCents: 4990 },
  ],
  plans: [
    { planId: 1, planName: 'Ouro', ...none, paidCount: 1, paidCents: 9990 },
    { planId: 2, planName: 'Prata', ...none, openCount: 2, openCents: 5990, overdueCount: 1, overdueCents: 4990 },
  ],
  totals: { paidCount: 1, paidCents: 9990, openCount: 2, openCents: 5990, overdueCount: 1, overdueCents: 4990 },
};
const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, ' ');

describe('the revenue panel (super settings)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows received, open and overdue in reais with their counts, each plan, and asks for another window when chosen', async () => {
    const calls = stubApi(on('GET', '/invoices/revenue', 200, revenue));
    renderWithProviders(<RevenuePanel />);
    expect(text(await screen.findByTestId('revenue-total-paid'))).toBe('R$ 99,90');
    expect(text(screen.getByTestId('revenue-total-open'))).toBe('R$ 59,90');
    expect(text(screen.getByTestId('revenue-total-overdue'))).toBe('R$ 49,90');
    const rows = screen.getAllByTestId('revenue-plan-row');
    expect(rows.map((row) => text(within(row).getAllByRole('cell')[0]!))).toEqual(['Ouro', 'Prata']);
    expect(text(within(rows[1]!).getAllByRole('cell')[3]!)).toBe('R$ 49,90 (1)');
    expect(calls.at(-1)!.url).toContain('months=12');
    fireEvent.change(screen.getByTestId('revenue-window'), { target: { value: '3' } });
    await waitFor(() => expect(calls.at(-1)!.url).toContain('months=3'));
  });

  it('each total is a valid description list: its term, then its amount and its count as descriptions', async () => {
    stubApi(on('GET', '/invoices/revenue', 200, revenue));
    renderWithProviders(<RevenuePanel />);
    await screen.findByTestId('revenue-total-paid');
    const lists = Array.from(screen.getByTestId('revenue-panel').querySelectorAll('dl'));
    expect(lists.map((list) => Array.from(list.children, (child) => child.tagName))).toEqual([
      ['DT', 'DD', 'DD'],
      ['DT', 'DD', 'DD'],
      ['DT', 'DD', 'DD'],
    ]);
    expect(lists.map((list) => text(list.lastElementChild as HTMLElement))).toEqual(['1 fatura', '2 faturas', '1 fatura']);
  });
});
