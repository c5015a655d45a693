import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { aLoginResponse, aUser, aUserCompany } from '@/testing/contract-fakes';
import { fakeJwt } from '@/testing/test-utils';

type Handler = (...args: unknown[]) => void;
const socketState = vi.hoisted(() => ({ handlers: new Map<string, Handler[]>(), connected: 0 }));

vi.mock('socket.io-client', () => ({
  io: () => {
    socketState.connected += 1;
    return {
      emit: vi.fn(),
      on: (event: string, handler: Handler) => {
        socketState.handlers.set(event, [...(socketState.handlers.get(event) ?? []), handler]);
      },
      off: (event: string, handler: Handler) => {
        socketState.handlers.set(
          event,
          (socketState.handlers.get(event) ?? []).filter((h) => h !== handler),
        );
      },
      disconnect: vi.fn(),
      removeAllListeners: vi.fn(),
      io: { opts: {}, on: vi.fn(), removeAllListeners: vi.fn() },
    };
  },
}));

const { AppProvider } = await import('@/app/provider');
const { preloadAllScreens, routes } = await import('@/app/router');

const admin = aUser({
  id: 1,
  name: 'Admin',
  email: 'admin@example.com',
  profile: 'admin',
  super: false,
  companyId: 1,
  allTicket: 'enabled',
  company: aUserCompany({ id: 1, name: 'Acme', dueDate: '2999-12-31' }),
});

type Call = { method: string; url: string; body?: unknown };

function startFakeApi() {
  const calls: Call[] = [];
  const token = fakeJwt({ id: 1, companyId: 1, exp: Math.floor(Date.now() / 1000) + 3600 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const reply = (status: number, payload?: unknown) =>
        new Response(payload === undefined ? null : JSON.stringify(payload), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (method === 'POST' && url === '/api/auth/login') {
        const { password } = body as { password: string };
        return password === 'right'
          ? reply(200, aLoginResponse(token, admin))
          : reply(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'Invalid credentials' });
      }
      if (url === '/api/auth/me') return reply(200, admin);
      if (url === '/api/auth/logout') return reply(204);
      if (url === '/api/version') return reply(200, { version: '1.2.3' });
      if (url.startsWith('/api/users')) {
        return reply(200, {
          users: [
            aUser({ id: 1, name: 'Admin', email: 'admin@example.com', profile: 'admin' }),
            aUser({ id: 2, name: 'Bia', email: 'bia@example.com', profile: 'user' }),
          ],
          count: 2,
          hasMore: false,
        });
      }
      return reply(404, { error: 'ERR_NOT_FOUND', message: 'not found' });
    }),
  );
  return { calls, token };
}

function renderApp(initialPath = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('the app', () => {
  // The shell and the pages load on demand (issue 29): their code is loaded once here, so that the
  // first test to open one does not spend its waits on it.
  beforeAll(() => preloadAllScreens(), 120_000);
  beforeEach(() => {
    socketState.handlers.clear();
    socketState.connected = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('an anonymous visitor is sent to /login', async () => {
    startFakeApi();
    const router = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('wrong credentials show the translated error as a toast', async () => {
    startFakeApi();
    renderApp('/login');
    const emailInput = await screen.findByLabelText(/E-mail/);
    fireEvent.change(emailInput, { target: { value: 'admin@example.com' } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Falha na autenticação. Verifique seus dados.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs in, lands on the inbox inside the shell, follows user events on /users and logs out', async () => {
    const { calls, token } = startFakeApi();
    const router = renderApp('/login');

    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'Admin@Example.com' } });
    fireEvent.change(screen.getByLabelText(/Senha/), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({ email: 'admin@example.com', password: 'right' });
    expect(localStorage.getItem('token')).toBe(JSON.stringify(token));
    expect(localStorage.getItem('companyId')).toBe('1');
    expect(localStorage.getItem('userId')).toBe('1');

    // The shell renders after the session's answer and the ticket screen: on a loaded machine that is
    // more than findBy's default second.
    const topBar = await screen.findByTestId('top-bar', {}, { timeout: 10_000 });
    expect(within(topBar).getByText('Olá Admin, seja bem-vindo!')).toBeTruthy();
    expect(within(topBar).getByRole('button', { name: 'Alternar tema' })).toBeTruthy();
    const sideMenu = screen.getByTestId('side-menu');
    expect(within(sideMenu).getByText('Usuários')).toBeTruthy();

    await act(() => router.navigate('/users'));
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByText('bia@example.com')).toBeTruthy();
    await waitFor(() => expect(socketState.connected).toBe(1));

    const usersCallsBefore = calls.filter((c) => c.url.startsWith('/api/users')).length;
    act(() => {
      for (const handler of socketState.handlers.get('company-1-user') ?? []) {
        handler({ action: 'create', user: { id: 3, name: 'Caio', email: 'caio@example.com', profile: 'user' } });
      }
    });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/users')).length).toBeGreaterThan(usersCallsBefore));

    fireEvent.click(within(topBar).getByRole('button', { name: 'Perfil' }));
    // Choose the item with the keyboard (jsdom has no layout for pointer highlighting).
    const logoutItem = (await screen.findByText('Sair')).closest('[role=menuitem]')!;
    const menu = logoutItem.closest('[role=menu]')!;
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(logoutItem.hasAttribute('data-highlighted')).toBe(true));
    fireEvent.keyDown(menu, { key: 'Enter' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Bem-vindo de volta' })).toBeTruthy();
  }, 30_000);

  it('with a stored token the app asks /api/auth/me and / is the dashboard for an admin', async () => {
    // A wide window: the side menu is open and shows the version to admins.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width: 1201px'),
          media: query,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    const { calls, token } = startFakeApi();
    localStorage.setItem('token', JSON.stringify(token));
    const router = renderApp('/');
    expect(await screen.findByTestId('dashboard-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls[0]?.url).toBe('/api/auth/me');
    expect((await screen.findByTestId('app-version')).textContent).toBe('Versão 1.2.3');
    expect(screen.getByTestId('side-menu').dataset.state).toBe('open');
    vi.restoreAllMocks();
  });

  it("opened first, a page loaded on demand (/schedules) shows the shell with a spinner, without react-router's HydrateFallback warning", async () => {
    const warn = vi.spyOn(console, 'warn');
    const { token } = startFakeApi();
    localStorage.setItem('token', JSON.stringify(token));
    const router = renderApp('/schedules');
    expect(await screen.findByTestId('top-bar')).toBeTruthy();
    await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 30_000 });
    expect(router.state.location.pathname).toBe('/schedules');
    const warnings = warn.mock.calls.map((call) => call.map(String).join(' '));
    expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
    vi.restoreAllMocks();
  });
});
