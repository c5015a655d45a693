import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { aUser } from '@/testing/contract-fakes';
import { on, stubApi } from '@/testing/fake-api';
import { fakeJwt, TestProviders } from '@/testing/test-utils';

type Handler = (...args: unknown[]) => void;
const state = vi.hoisted(() => ({
  handlers: new Map<string, Handler[]>(),
  socket: null as null | { connected: boolean; connect: ReturnType<typeof vi.fn>; io: { opts: { query?: unknown } } },
}));

vi.mock('socket.io-client', async () => {
  const { vi: mocks } = await import('vitest');
  return {
    io: () => {
      const add = (event: string, handler: Handler) => state.handlers.set(event, [...(state.handlers.get(event) ?? []), handler]);
      const socket = {
        connected: true,
        connect: mocks.fn(),
        emit: () => {},
        on: add,
        once: add,
        off: (event: string, handler: Handler) =>
          state.handlers.set(
            event,
            (state.handlers.get(event) ?? []).filter((h) => h !== handler),
          ),
        disconnect: () => {},
        removeAllListeners: () => {},
        io: { opts: { query: {} as unknown }, on: () => {}, removeAllListeners: () => {} },
      };
      state.socket = socket;
      return socket;
    },
  };
});

const { connectSocket, disconnectSocket, loadSocketClient } = await import('@/lib/socket');
await loadSocketClient();
const { getToken, setToken } = await import('@/lib/session');
const { useSessionCheckOnServerDisconnect } = await import('@/features/auth/hooks/use-session-events');

function Watcher() {
  useSessionCheckOnServerDisconnect(true);
  return null;
}

function serverCloses(reason = 'io server disconnect') {
  state.socket!.connected = false;
  for (const handler of state.handlers.get('disconnect') ?? []) handler(reason);
}

const ME = aUser({ id: 7, companyId: 3, name: 'Ana', profile: 'user' });

describe('a socket closed by the server (its session changed)', () => {
  const oldToken = fakeJwt({ sub: '7', companyId: 3, exp: Date.now() / 1000 + 3600 });

  beforeEach(() => {
    state.handlers.clear();
    setToken(oldToken);
    connectSocket();
  });

  afterEach(() => {
    disconnectSocket();
    vi.unstubAllGlobals();
  });

  it('a changed role: /auth/me answers 403, the token is refreshed and the socket connects again with it', async () => {
    const newToken = fakeJwt({ sub: '7', companyId: 3, exp: Date.now() / 1000 + 3600, v: 2 });
    let refreshed = false;
    const calls = stubApi(
      (call) =>
        call.url === '/api/auth/me'
          ? refreshed
            ? { status: 200, body: ME }
            : { status: 403, body: { error: 'ERR_INVALID_TOKEN', message: '' } }
          : undefined,
      (call) =>
        call.url === '/api/auth/refresh_token' ? ((refreshed = true), { status: 200, body: { token: newToken, user: ME } }) : undefined,
    );
    render(
      <TestProviders>
        <Watcher />
      </TestProviders>,
    );
    serverCloses();
    await waitFor(() => expect(state.socket!.connect).toHaveBeenCalledTimes(1));
    expect(state.socket!.io.opts.query).toEqual({ token: newToken });
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/me', '/api/auth/refresh_token', '/api/auth/me']);
  });

  it('an ended session: /auth/me answers 401, the session ends here too and nothing reconnects', async () => {
    const calls = stubApi(on('GET', '/auth/me', 401, { error: 'ERR_SESSION_EXPIRED', message: 'Session ended' }));
    render(
      <TestProviders>
        <Watcher />
      </TestProviders>,
    );
    serverCloses();
    await waitFor(() => expect(getToken()).toBeNull());
    expect(calls).toHaveLength(1);
    expect(state.socket!.connect).not.toHaveBeenCalled();
  });

  it('a dropped connection is left to socket.io, without asking the server', () => {
    const calls = stubApi();
    render(
      <TestProviders>
        <Watcher />
      </TestProviders>,
    );
    serverCloses('transport close');
    expect(calls).toHaveLength(0);
  });
});
