import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toaster } from '@/components/ui/toaster';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CampaignSettingsPage } from './campaign-settings-page';

const records = (variables: unknown[]) => [
  { key: 'messageInterval', value: '20' },
  { key: 'longerIntervalAfter', value: '20' },
  { key: 'greaterInterval', value: '60' },
  { key: 'variables', value: JSON.stringify(variables) },
];

describe('campaign settings page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it('shows the defaults (20, 20, 60) and adds a variable only when its key is new', async () => {
    const calls = stubApi(
      on('GET', '/campaign-settings', 200, records([{ key: 'loja', value: 'Centro' }])),
      on(
        'POST',
        '/campaign-settings',
        200,
        records([
          { key: 'loja', value: 'Centro' },
          { key: 'cupom', value: 'BF10' },
        ]),
      ),
    );
    renderWithProviders(<CampaignSettingsPage />);
    expect(((await screen.findByTestId('campaign-settings-messageInterval')) as HTMLSelectElement).value).toBe('20');
    expect((screen.getByTestId('campaign-settings-greaterInterval') as HTMLSelectElement).value).toBe('60');
    expect([...(screen.getByTestId('campaign-settings-messageInterval') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '0',
      '5',
      '10',
      '15',
      '20',
    ]);

    fireEvent.change(screen.getByTestId('campaign-variable-key'), { target: { value: 'loja' } });
    fireEvent.click(screen.getByTestId('campaign-variable-add'));
    expect(await screen.findByText('Esta variável já existe')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('campaign-variable-key'), { target: { value: 'cupom' } });
    fireEvent.change(screen.getByTestId('campaign-variable-value'), { target: { value: 'BF10' } });
    fireEvent.click(screen.getByTestId('campaign-variable-add'));
    await waitFor(() => expect(screen.getAllByTestId('campaign-variable-row')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      settings: {
        messageInterval: 20,
        longerIntervalAfter: 20,
        greaterInterval: 60,
        variables: [
          { key: 'loja', value: 'Centro' },
          { key: 'cupom', value: 'BF10' },
        ],
      },
    });
  });
});
