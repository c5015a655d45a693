import type { Invoice } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { ConfirmPaymentButton } from './confirm-payment-button';

const invoice: Invoice = {
  id: 41,
  companyId: 7,
  detail: 'Ouro (Mensal)',
  value: 9990,
  dueDate: '2026-12-10',
  recurrence: 'MENSAL',
  status: 'open',
  paidAt: null,
  createdAt: '2026-11-30T12:00:00.000Z',
};

describe("the companies page's payment confirmation (static Pix key)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("lists the company's open invoices when opened and confirms the chosen one with POST /invoices/{id}/confirm-payment", async () => {
    const calls = stubApi(
      on('GET', '/invoices/open', 200, [invoice]),
      on('POST', '/invoices/41/confirm-payment', 200, { ...invoice, status: 'paid', paidAt: '2026-12-01T12:00:00.000Z' }),
    );
    const toasts = vi.spyOn(toaster, 'create');
    renderWithProviders(<ConfirmPaymentButton companyId={7} companyName="Acme" />);
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('companies-confirm-payment'));
    expect((await screen.findByTestId('open-invoice')).textContent).toMatch(/R\$\s99,90 · 10\/12\/2026/);
    expect(calls[0]!.url).toBe('/api/invoices/open?companyId=7');
    fireEvent.click(screen.getByTestId('open-invoice-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/invoices/41/confirm-payment')).toBe(true));
    await waitFor(() => expect(toasts.mock.calls.map(([toast]) => toast.title)).toEqual(['Pagamento confirmado']));
  });
});
