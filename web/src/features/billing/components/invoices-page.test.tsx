import type { Invoice, SubscriptionPixResponse } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { InvoicesPage } from './invoices-page';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string | null, handler: (payload: unknown) => void) => {
    if (event) handlers.set(event, handler);
  },
}));

const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 1,
  companyId: 7,
  detail: 'Ouro (Trimestral)',
  value: 29970,
  dueDate: '2099-01-10',
  recurrence: 'TRIMESTRAL',
  status: 'open',
  paidAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});
const pix: SubscriptionPixResponse = {
  invoiceId: 1,
  valor: { original: '299.70' },
  qrcode: { qrcode: '00020126...6304ABCD', imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=' },
};
const invoices = on('GET', '/invoices/all', 200, {
  invoices: [
    anInvoice(),
    anInvoice({ id: 2, dueDate: '2020-01-10' }),
    anInvoice({ id: 3, dueDate: '2020-02-10', status: 'paid', paidAt: '2020-02-01T12:00:00.000Z' }),
  ],
  count: 3,
  hasMore: false,
});

describe('the invoices page (Faturas)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
    handlers.clear();
  });

  it('shows Id, Detalhes, Valor in reais, Data Venc. and Pago, Vencido (highlighted) or Em Aberto from the dates; PAGAR only when not paid', async () => {
    stubApi(invoices);
    renderWithProviders(<InvoicesPage companyId={7} plan={{ name: 'Ouro', users: 5, connections: 2 }} />);
    const rows = await screen.findAllByTestId('invoices-row');
    expect(rows.map((row) => within(row).getByTestId('invoices-status').textContent)).toEqual(['Em Aberto', 'Vencido', 'Pago']);
    expect(rows.map((row) => row.getAttribute('data-overdue'))).toEqual([null, 'true', null]);
    expect(within(rows[0]!).getByText('R$ 299,70')).toBeTruthy();
    expect(within(rows[0]!).getByText('10/01/2099')).toBeTruthy();
    expect(rows.map((row) => within(row).queryByTestId('invoices-pay') !== null)).toEqual([true, true, false]);
  });

  it("checks step 1 with the spec's texts, shows the plan, pays by the invoice's id only, shows the Pix with Copiado for 1 s, and the renewal on CONCLUIDA", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stubApi(invoices, on('POST', '/subscription', 200, pix));
    renderWithProviders(<InvoicesPage companyId={7} plan={{ name: 'Plano Ouro', users: 5, connections: 2 }} />);
    fireEvent.click(within((await screen.findAllByTestId('invoices-row'))[0]!).getByTestId('invoices-pay'));

    fireEvent.click(await screen.findByTestId('billing-next'));
    for (const text of ['O nome completo é obrigatório', 'O Endereço é obrigatório', 'Cidade é obrigatória', 'CEP é obrigatório']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    fireEvent.change(screen.getByTestId('billing-firstName'), { target: { value: 'Maria Souza' } });
    fireEvent.change(screen.getByTestId('billing-address'), { target: { value: 'Rua das Flores, 10' } });
    fireEvent.change(screen.getByTestId('billing-city'), { target: { value: 'Curitiba' } });
    fireEvent.change(screen.getByTestId('billing-zipcode'), { target: { value: '80000-000' } });
    fireEvent.click(screen.getByTestId('billing-next'));
    const planCard = await screen.findByTestId('billing-step-plan');
    expect(within(planCard).getByText('Plano Ouro')).toBeTruthy();
    fireEvent.click(screen.getByTestId('billing-back'));
    expect(await screen.findByTestId('billing-step-details')).toBeTruthy();
    fireEvent.click(screen.getByTestId('billing-next'));
    fireEvent.click(await screen.findByTestId('billing-next'));
    expect(await screen.findByTestId('billing-step-review')).toBeTruthy();
    fireEvent.click(screen.getByTestId('billing-pay'));

    expect((await screen.findByTestId('billing-pix-total')).textContent?.replace(/\u00a0/g, ' ')).toBe('Total: R$ 299,70');
    const posted = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(posted).toMatchObject({ invoiceId: 1, firstName: 'Maria Souza', city: 'Curitiba', country: 'BR' });
    expect(posted).not.toHaveProperty('price');
    expect((screen.getByTestId('billing-pix-code') as HTMLInputElement).value).toBe(pix.qrcode.qrcode);

    fireEvent.click(screen.getByTestId('billing-pix-copy'));
    await waitFor(() => expect(screen.getByTestId('billing-pix-copy').textContent).toBe('Copiado'));
    expect(writeText).toHaveBeenCalledWith(pix.qrcode.qrcode);
    await waitFor(() => expect(screen.getByTestId('billing-pix-copy').textContent).toBe('Copiar código'), { timeout: 2_000 });

    handlers.get('company-7-payment')!({
      action: 'CONCLUIDA',
      company: { id: 7, dueDate: '2099-04-10' },
      invoice: anInvoice({ status: 'paid' }),
    });
    expect((await screen.findByTestId('billing-renewed')).textContent).toBe('Sua licença foi renovada até 10/04/2099!');
  });
});
