import '@/lib/i18n';

import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PlanGuard } from '@/features/auth/components/plan-guard';
import { RoleGuard } from '@/features/auth/components/role-guard';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { system } from '@/lib/theme';
import { aPlan, aUser, aUserCompany } from '@/testing/contract-fakes';

function userWith(plan: Partial<Record<'useKanban', boolean>>, extra: Partial<AuthUser> = {}): AuthUser {
  return aUser({
    id: 1,
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'admin',
    super: false,
    companyId: 1,
    company: aUserCompany({ plan: aPlan(plan) }),
    ...extra,
  });
}

function renderAt(user: AuthUser, page: React.ReactNode) {
  const auth: AuthContextValue = { user, loading: false, login: vi.fn(), logout: vi.fn() };
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/page', element: page },
    ],
    { initialEntries: ['/page'] },
  );
  render(
    <ChakraProvider value={system}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </ChakraProvider>,
  );
  return router;
}

describe('plan-gated pages', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('without the plan flag: the message, then / after 1 s', () => {
    const router = renderAt(userWith({ useKanban: false }), <PlanGuard flag="useKanban">kanban board</PlanGuard>);
    expect(screen.queryByText('kanban board')).toBeNull();
    expect(screen.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(router.state.location.pathname).toBe('/page');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('with the flag the page shows', () => {
    const router = renderAt(userWith({ useKanban: true }), <PlanGuard flag="useKanban">kanban board</PlanGuard>);
    expect(screen.getByText('kanban board')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(router.state.location.pathname).toBe('/page');
  });

  it('a super-only page turns an admin away the same way', () => {
    const router = renderAt(userWith({}), <RoleGuard role="super">announcements</RoleGuard>);
    expect(screen.queryByText('announcements')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(router.state.location.pathname).toBe('/');
    renderAt(userWith({}, { super: true }), <RoleGuard role="super">announcements for super</RoleGuard>);
    expect(screen.getByText('announcements for super')).toBeTruthy();
  });
});
