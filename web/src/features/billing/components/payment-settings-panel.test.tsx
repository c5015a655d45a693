import type { PaymentSettingsResponse } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { PaymentSettingsPanel } from './payment-settings-panel';

const settings: PaymentSettingsResponse = {
  provider: 'asaas',
  settings: [
    { key: 'asaas', source: 'settings', value: '••••cdef', updatedAt: '2026-11-27T12:00:00.000Z' },
    { key: 'pixkey', source: 'env', value: 'financeiro@zapdesk.com.br', updatedAt: null },
    { key: 'tokenixc', source: 'none', value: '', updatedAt: null },
  ],
};

describe('the payment settings panel (IXC, MK-AUTH, ASAAS, Pix key)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a secret only as its hint, in a password field, and saves what is typed with PUT /payment-settings/{key}', async () => {
    const calls = stubApi(
      on('GET', '/payment-settings', 200, settings),
      on('PUT', '/payment-settings/asaas', 200, { key: 'asaas', source: 'settings', value: '••••9999', updatedAt: null }),
    );
    renderWithProviders(<PaymentSettingsPanel />);
    const asaas = (await screen.findByTestId('setting-asaas')) as HTMLInputElement;
    await waitFor(() => expect(asaas.placeholder).toBe('••••cdef'));
    expect(asaas.type).toBe('password');
    expect(asaas.value).toBe('');
    expect((screen.getByTestId('setting-pixkey') as HTMLInputElement).placeholder).toBe('financeiro@zapdesk.com.br');
    expect(screen.getByTestId('payment-provider').textContent).toBe('Cobrança pelo ASAAS');
    expect(screen.queryByTestId('setting-pixkey-remove')).toBeNull();

    fireEvent.change(asaas, { target: { value: '$aact_new_key_9999' } });
    fireEvent.click(screen.getByTestId('setting-asaas-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ value: '$aact_new_key_9999' });
  });
});
