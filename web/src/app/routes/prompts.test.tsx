import '@/lib/i18n';

import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import { system } from '@/lib/theme';
import { aPlan, aUser, aUserCompany } from '@/testing/contract-fakes';

import { PromptsRoute } from './prompts';

vi.mock('@/features/prompts/components/prompts-page', () => ({ PromptsPage: () => <p>prompts list</p> }));

function renderFor(useOpenAi: boolean) {
  const user = aUser({ companyId: 7, company: aUserCompany({ plan: aPlan({ useOpenAi }) }) });
  const auth: AuthContextValue = { user, loading: false, login: vi.fn(), logout: vi.fn() };
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/prompts', element: <PromptsRoute /> },
    ],
    { initialEntries: ['/prompts'] },
  );
  render(
    <ChakraProvider value={system}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </ChakraProvider>,
  );
}

describe('/prompts', () => {
  it("needs the plan's useOpenAi: without it, the no-permission message instead of the list", () => {
    renderFor(false);
    expect(screen.queryByText('prompts list')).toBeNull();
    expect(screen.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')).toBeTruthy();
  });

  it('with useOpenAi the list shows', () => {
    renderFor(true);
    expect(screen.getByText('prompts list')).toBeTruthy();
  });
});
