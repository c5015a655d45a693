import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CompanySettingsPanel } from '@/features/settings/components/company-settings-panel';
import { GlobalSettingsPanel } from '@/features/settings/components/global-settings-panel';
import { COMPANY_SETTING_KEYS } from '@/features/settings/types';
import { timeZoneOptions } from '@/features/settings/utils/time-zones';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

const stored = [
  { key: 'scheduleType', value: 'queue', companyId: 1, updatedAt: '2026-01-01T00:00:00Z' },
  { key: 'trial', value: '3', companyId: null, updatedAt: '2026-01-01T00:00:00Z' },
];

describe('settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an admin sees every company setting with its enumeration, but not the billing integrations', async () => {
    stubApi(on('GET', '/settings', 200, stored));
    renderWithProviders(<CompanySettingsPanel isSuper={false} />);
    const scheduleType = (await screen.findByTestId('setting-scheduleType')) as HTMLSelectElement;
    expect(scheduleType.value).toBe('queue');
    expect(Array.from(scheduleType.options).map((option) => option.value)).toEqual(['disabled', 'queue', 'company']);
    for (const key of COMPANY_SETTING_KEYS) expect(screen.getByTestId(`setting-${key}`)).toBeTruthy();
    expect(screen.queryByTestId('setting-asaas')).toBeNull();
    expect((screen.getByTestId('setting-userRating') as HTMLSelectElement).value).toBe('disabled');
  });

  it('a change is saved with PUT /settings/{key}', async () => {
    const calls = stubApi(
      on('GET', '/settings', 200, stored),
      on('PUT', '/settings/userRating', 200, { key: 'userRating', value: 'enabled', companyId: 1, updatedAt: '2026-01-01T00:00:00Z' }),
    );
    renderWithProviders(<CompanySettingsPanel isSuper />);
    // The billing integrations are billing's payment settings, not company settings.
    expect(await screen.findByTestId('setting-userRating')).toBeTruthy();
    expect(screen.queryByTestId('setting-asaas')).toBeNull();
    fireEvent.change(screen.getByTestId('setting-userRating'), { target: { value: 'enabled' } });
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ key: 'userRating', value: 'enabled' });
  });

  it('the company time zone is a searchable list of IANA zones; a pick is saved with PUT /settings/timezone and shown', async () => {
    let zone = 'America/Sao_Paulo';
    const calls = stubApi(
      (call) =>
        call.method === 'GET' && call.url === '/api/settings'
          ? { status: 200, body: [...stored, { key: 'timezone', value: zone, companyId: 1, updatedAt: '2026-01-01T00:00:00Z' }] }
          : undefined,
      (call) => {
        if (call.method !== 'PUT' || call.url !== '/api/settings/timezone') return undefined;
        zone = (call.body as { value: string }).value;
        return { status: 200, body: { key: 'timezone', value: zone, companyId: 1, updatedAt: '2026-01-01T00:00:00Z' } };
      },
    );
    renderWithProviders(<CompanySettingsPanel isSuper={false} />);
    const input = (await screen.findByTestId('setting-timezone')) as HTMLInputElement;
    expect(screen.getByText('Fuso horário')).toBeTruthy();
    expect(input.value).toBe('America/Sao Paulo (GMT-3)');
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'tokyo' } });
    const options = await screen.findByTestId('setting-timezone-options');
    await waitFor(() =>
      expect(
        within(options)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Asia/Tokyo (GMT+9)']),
    );
    fireEvent.click(within(options).getByRole('option'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/settings/timezone',
      body: { key: 'timezone', value: 'Asia/Tokyo' },
    });
    // The list read again says Tokyo, and the field shows it.
    await waitFor(() => expect((screen.getByTestId('setting-timezone') as HTMLInputElement).value).toBe('Asia/Tokyo (GMT+9)'));
  });

  it('the zone list holds every zone the browser knows, labelled with its offset; an unknown stored zone is still listed', () => {
    const options = timeZoneOptions('Etc/Unknown_Zone', 'pt-BR', new Date('2026-01-15T12:00:00Z'));
    const values = options.map((option) => option.value);
    expect(values).toEqual(expect.arrayContaining(['America/Sao_Paulo', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Etc/Unknown_Zone']));
    expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b)));
    expect(options.find((option) => option.value === 'America/New_York')?.label).toBe('America/New York (GMT-5)');
    expect(options.find((option) => option.value === 'Etc/Unknown_Zone')?.label).toBe('Etc/Unknown Zone');
  });

  it('super users set sign-up permission, visibility and the trial of 1 to 7 days', async () => {
    stubApi(on('GET', '/settings', 200, stored));
    renderWithProviders(<GlobalSettingsPanel />);
    await waitFor(() => expect((screen.getByTestId('setting-trial') as HTMLSelectElement).value).toBe('3'));
    const trial = screen.getByTestId('setting-trial') as HTMLSelectElement;
    expect(Array.from(trial.options).map((option) => option.value)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(Array.from((screen.getByTestId('setting-allowregister') as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'enabled',
      'disabled',
    ]);
    expect(screen.getByTestId('setting-viewregister')).toBeTruthy();
  });
});
