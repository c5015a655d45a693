import '@/lib/i18n';

import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { paths } from '@/config/paths';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import type { AuthUser } from '@/features/auth/types';
import { system } from '@/lib/theme';
import ptBR from '@/locales/pt-BR.json';
import { aPlan, aUser, aUserCompany } from '@/testing/contract-fakes';

import { AgentTemplatesRoute } from './agent-templates';
import { AgentsRoute } from './agents';
import { AnnouncementsRoute } from './announcements';
import { ChatsRoute } from './chats';
import { ConnectionsRoute } from './connections';
import { IntegrationsAndAgentsRoute } from './integrations-and-agents';
import { KanbanRoute } from './kanban';
import { QueuesRoute } from './queues';
import { SchedulesRoute } from './schedules';
import { SettingsRoute } from './settings';
import { UsersRoute } from './users';

const PAGE_REFUSED = ptBR.common.noPagePermission;
const PLAN_REFUSED = ptBR.common.noPlanPermission;

const noFlags = aPlan({ useKanban: false, useSchedules: false, useInternalChat: false });
const admin = aUser({ id: 1, profile: 'admin', super: false, companyId: 1, company: aUserCompany({ plan: noFlags }) }) as AuthUser;
const agent = { ...admin, profile: 'user' } as AuthUser;

const pages: Record<string, ReactNode> = {
  [paths.announcements]: <AnnouncementsRoute />,
  [paths.connections]: <ConnectionsRoute />,
  [paths.queues]: <QueuesRoute />,
  [paths.settings]: <SettingsRoute />,
  [paths.users]: <UsersRoute />,
  [paths.kanban]: <KanbanRoute />,
  [paths.schedules]: <SchedulesRoute />,
  [paths.chats]: <ChatsRoute />,
  [paths.agentTemplates]: <AgentTemplatesRoute />,
  [paths.integrationsAndAgents]: <IntegrationsAndAgentsRoute />,
  [paths.agents]: <AgentsRoute />,
};

function visit(user: AuthUser, path: string) {
  const auth: AuthContextValue = { user, loading: false, login: vi.fn(), logout: vi.fn() };
  const router = createMemoryRouter(
    [{ path: '/', element: <p>home</p> }, ...Object.entries(pages).map(([route, element]) => ({ path: route, element }))],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return router;
}

/** The one refusal: the reason on the page, nothing of the page itself, and / after 1 s. */
function expectRefused(router: ReturnType<typeof visit>, path: string, message: string) {
  const refusal = screen.getByTestId('access-denied');
  expect(refusal.textContent).toBe(message);
  act(() => {
    vi.advanceTimersByTime(999);
  });
  expect(router.state.location.pathname).toBe(path);
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(router.state.location.pathname).toBe('/');
}

describe('a refused page behaves one way: its reason, then / after 1 s', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it.each([paths.announcements])("a super-user page refuses a company admin as the user's, not the company's (%s)", (path) => {
    const router = visit(admin, path);
    expectRefused(router, path, PAGE_REFUSED);
    expect(screen.queryByText(PLAN_REFUSED)).toBeNull();
  });

  it.each([paths.connections, paths.queues, paths.settings, paths.announcements])('an admin page refuses an agent (%s)', (path) => {
    const router = visit(agent, path);
    expectRefused(router, path, PAGE_REFUSED);
  });

  it('a page behind a named permission refuses an agent (/users: users-page:view)', () => {
    const router = visit(agent, paths.users);
    expectRefused(router, paths.users, PAGE_REFUSED);
  });

  it("the agent templates page refuses a company admin with its own text: 'Acesso negado...'", () => {
    const router = visit(admin, paths.agentTemplates);
    expectRefused(router, paths.agentTemplates, 'Acesso negado. Esta página é apenas para super usuários.');
  });

  it.each([paths.kanban, paths.schedules, paths.chats, paths.integrationsAndAgents, paths.agents])(
    "a plan feature's page says the company's plan lacks it (%s)",
    (path) => {
      const router = visit(admin, path);
      expectRefused(router, path, PLAN_REFUSED);
    },
  );
});
