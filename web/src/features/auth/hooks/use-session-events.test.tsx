import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { fakeJwt, TestProviders } from '@/testing/test-utils';

type Handler = (...args: unknown[]) => void;
const state = vi.hoisted(() => ({ handlers: new Map<string, Handler[]>(), emit: [] as unknown[][] }));

vi.mock('socket.io-client', () => ({
  io: () => ({
    emit: (...args: unknown[]) => state.emit.push(args),
    on: (event: string, handler: Handler) => state.handlers.set(event, [...(state.handlers.get(event) ?? []), handler]),
    off: (event: string, handler: Handler) =>
      state.handlers.set(
        event,
        (state.handlers.get(event) ?? []).filter((h) => h !== handler),
      ),
    disconnect: () => {},
    removeAllListeners: () => {},
    io: { opts: {}, on: () => {}, removeAllListeners: () => {} },
  }),
}));
vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const { connectSocket, disconnectSocket, loadSocketClient } = await import('@/lib/socket');
await loadSocketClient();
const { setToken } = await import('@/lib/session');
const { reloadPage } = await import('@/lib/reload-page');
const { useOtherSessionSignOut, useUserStatusHeartbeat, USER_STATUS_INTERVAL_MS } =
  await import('@/features/auth/hooks/use-session-events');

const SID = '5f0c1b9e-7d7a-4a47-9b1a-1d2c3e4f5a6b';

function Watcher() {
  useOtherSessionSignOut({ id: 7, companyId: 3 });
  useUserStatusHeartbeat(true);
  return null;
}

function fire(event: string, payload: unknown) {
  act(() => {
    for (const handler of state.handlers.get(event) ?? []) handler(payload);
  });
}

describe('session events', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    state.handlers.clear();
    state.emit.length = 0;
    setToken(fakeJwt({ sub: '7', companyId: 3, sid: SID, exp: Date.now() / 1000 + 3600 }));
    localStorage.setItem('companyId', '3');
    connectSocket();
  });

  afterEach(() => {
    disconnectSocket();
    vi.useRealTimers();
  });

  it('a login elsewhere shows the message, then clears local storage and reloads after 1 s', async () => {
    render(
      <TestProviders>
        <Watcher />
        <Toaster />
      </TestProviders>,
    );
    fire('company-3-auth', { action: 'update', user: { id: 7 }, sessionId: 'a-newer-session' });
    expect(await screen.findByText('Sua conta foi acessada em outro computador.')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it('its own login event changes nothing', () => {
    render(
      <TestProviders>
        <Watcher />
      </TestProviders>,
    );
    fire('company-3-auth', { action: 'update', user: { id: 7 }, sessionId: SID });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(reloadPage).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('emits userStatus at once and every 5 minutes', () => {
    render(
      <TestProviders>
        <Watcher />
      </TestProviders>,
    );
    const statusCount = () => state.emit.filter(([event]) => event === 'userStatus').length;
    expect(statusCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(USER_STATUS_INTERVAL_MS - 1);
    });
    expect(statusCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(statusCount()).toBe(2);
    expect(USER_STATUS_INTERVAL_MS).toBe(300_000);
  });
});
