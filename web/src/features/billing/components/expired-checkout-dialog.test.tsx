import type { ExpiredCheckoutResponse, Invoice, SubscriptionPixResponse } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { type FakeRoute, on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { ExpiredCheckoutDialog } from './expired-checkout-dialog';

const invoice: Invoice = {
  id: 9,
  companyId: 7,
  detail: 'Prata (Mensal)',
  value: 4990,
  dueDate: '2026-11-20',
  recurrence: 'MENSAL',
  status: 'open',
  paidAt: null,
  createdAt: '2026-11-10T12:00:00.000Z',
};
const expired: ExpiredCheckoutResponse = {
  company: { id: 7, name: 'Loja', dueDate: '2026-11-20' },
  expired: true,
  invoice,
  plan: { name: 'Prata', users: 4, connections: null },
};
const renewed: ExpiredCheckoutResponse = {
  ...expired,
  expired: false,
  invoice: null,
  company: { ...expired.company, dueDate: '2026-12-20' },
};
const pix: SubscriptionPixResponse = {
  invoiceId: 9,
  valor: { original: '49.90' },
  qrcode: { qrcode: '00020126...6304ABCD', imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=' },
};

/** The status answers in turn: expired until the Pix is shown, then renewed. */
function statusRoute(): { route: FakeRoute; paid: () => void } {
  let isPaid = false;
  return {
    route: (call) =>
      call.method === 'GET' && call.url === '/api/subscription/expired' ? { status: 200, body: isPaid ? renewed : expired } : undefined,
    paid: () => {
      isPaid = true;
    },
  };
}

function fillDetails() {
  fireEvent.change(screen.getByTestId('billing-firstName'), { target: { value: 'Ana Lima' } });
  fireEvent.change(screen.getByTestId('billing-address'), { target: { value: 'Rua 1' } });
  fireEvent.change(screen.getByTestId('billing-city'), { target: { value: 'Recife' } });
  fireEvent.change(screen.getByTestId('billing-zipcode'), { target: { value: '50000-000' } });
}

describe('the expired company checkout on the login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows why, the plan card and the Pix for the pass, then the renewal once paid, and goes on with the login after 4 s', async () => {
    const status = statusRoute();
    const calls = stubApi(status.route, on('POST', '/subscription/expired', 200, pix));
    const onRenewed = vi.fn();
    renderWithProviders(<ExpiredCheckoutDialog pass="the-pass" onRenewed={onRenewed} onClose={() => undefined} />);
    expect((await screen.findByTestId('expired-checkout-intro')).textContent).toContain('A assinatura venceu em 20/11/2026.');
    fillDetails();
    fireEvent.click(screen.getByTestId('billing-next'));
    expect((await screen.findByTestId('billing-step-plan')).textContent).toContain('4 usuários');
    expect(screen.getByTestId('billing-step-plan').textContent).not.toContain('conex');
    fireEvent.click(screen.getByTestId('billing-next'));
    fireEvent.click(await screen.findByTestId('billing-pay'));
    expect((await screen.findByTestId('billing-pix-total')).textContent?.replace(/\u00a0/g, ' ')).toBe('Total: R$ 49,90');
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ invoiceId: 9, firstName: 'Ana Lima' });
    const headers = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('x-checkout-pass'));
    expect(headers.every((header) => header === 'the-pass')).toBe(true);

    status.paid();
    expect((await screen.findByTestId('billing-renewed', {}, { timeout: 6_000 })).textContent).toBe(
      'Sua licença foi renovada até 20/12/2026!',
    );
    expect(onRenewed).not.toHaveBeenCalled();
    await waitFor(() => expect(onRenewed).toHaveBeenCalledTimes(1), { timeout: 6_000 });
  }, 20_000);

  it('a refused pass says why', async () => {
    stubApi(on('GET', '/subscription/expired', 403, { error: 'ERR_INVALID_TOKEN', message: 'Invalid checkout pass' }));
    renderWithProviders(<ExpiredCheckoutDialog pass="forged" onRenewed={() => undefined} onClose={() => undefined} />);
    expect((await screen.findByTestId('expired-checkout-unavailable')).textContent).toBeTruthy();
  });
});
