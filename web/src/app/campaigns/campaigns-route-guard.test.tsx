import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/storage-keys';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { aPlan, aUser, aUserCompany } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

import { CampaignsRouteGuard } from './campaigns-route-guard';

const admin = (useCampaigns: boolean): AuthUser =>
  aUser({ id: 1, profile: 'admin', super: false, companyId: 1, company: aUserCompany({ plan: aPlan({ useCampaigns }) }) });
const setting = (value: string) => [{ key: 'campaignsEnabled', value, companyId: 1, updatedAt: '2026-11-26T12:00:00.000Z' }];

function renderGuard(user: AuthUser) {
  const auth: AuthContextValue = { user, loading: false, login: vi.fn(), logout: vi.fn() };
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <CampaignsRouteGuard>
        <p>campaign screen</p>
      </CampaignsRouteGuard>
    </AuthContext.Provider>,
  );
}

describe('campaign routes (cshow)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it("exist while the company's campaignsEnabled is 'true', which writes the cshow flag", async () => {
    stubApi(on('GET', '/settings', 200, setting('true')));
    renderGuard(admin(true));
    await screen.findByText('campaign screen');
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.campaignsShown)).not.toBeNull());
  });

  it("do not exist when campaignsEnabled is 'false': the flag is removed and the page is not found", async () => {
    window.localStorage.setItem(STORAGE_KEYS.campaignsShown, 'true');
    stubApi(on('GET', '/settings', 200, setting('false')));
    renderGuard(admin(true));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.campaignsShown)).toBeNull());
    expect(screen.queryByText('campaign screen')).toBeNull();
  });
});
