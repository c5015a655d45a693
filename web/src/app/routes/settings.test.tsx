import '@/lib/i18n';

import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SettingsRoute } from '@/app/routes/settings';
import { AuthContext } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { system } from '@/lib/theme';
import { aUser } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';

function renderAs(user: AuthUser) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <AuthContext.Provider value={{ user, loading: false, login: vi.fn(), logout: vi.fn() }}>
          <MemoryRouter>
            <SettingsRoute />
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const admin: AuthUser = aUser({ id: 1, name: 'Ana', email: 'a@x.com', profile: 'admin', super: false, companyId: 1 });
const setting = (key: string, value: string, companyId: number | null = 1) => ({
  key,
  value,
  companyId,
  updatedAt: '2026-01-01T00:00:00Z',
});
const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('settings tabs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an admin sees Options only while scheduleType is not company', async () => {
    stubApi(on('GET', '/settings', 200, [setting('scheduleType', 'queue')]));
    renderAs(admin);
    await screen.findByTestId('company-settings');
    expect(tabs()).toEqual(['Opções']);
  });

  it('scheduleType company adds the Schedules tab', async () => {
    stubApi(on('GET', '/settings', 200, [setting('scheduleType', 'company')]));
    renderAs(admin);
    await screen.findByTestId('company-settings');
    expect(tabs()).toEqual(['Opções', 'Horários']);
  });

  it('a super user also gets Logo, Companies, New Company, Plans, Help, the revenue and the global settings', async () => {
    stubApi(on('GET', '/settings', 200, [setting('scheduleType', 'disabled'), setting('trial', '3', null)]));
    renderAs({ ...admin, super: true });
    await screen.findByTestId('global-settings');
    expect(tabs()).toEqual(['Opções', 'Logo', 'Empresas', 'Nova Empresa', 'Planos', 'Ajuda', 'Receita']);
  });

  it('a plain user is turned away', async () => {
    stubApi();
    renderAs({ ...admin, profile: 'user' });
    expect(await screen.findByTestId('access-denied')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
