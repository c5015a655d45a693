import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeJwt } from '@/testing/test-utils';

type Handler = (...args: unknown[]) => void;

function createFakeSocket() {
  const managerHandlers = new Map<string, Handler[]>();
  const socketHandlers = new Map<string, Handler[]>();
  return {
    emit: vi.fn(),
    connected: true,
    connect: vi.fn(),
    on: vi.fn((event: string, handler: Handler) => {
      socketHandlers.set(event, [...(socketHandlers.get(event) ?? []), handler]);
    }),
    once: vi.fn((event: string, handler: Handler) => {
      socketHandlers.set(event, [...(socketHandlers.get(event) ?? []), handler]);
    }),
    fire(event: string) {
      for (const handler of socketHandlers.get(event) ?? []) handler();
    },
    off: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
    io: {
      opts: { query: {} as Record<string, unknown> },
      on: vi.fn((event: string, handler: Handler) => {
        managerHandlers.set(event, [...(managerHandlers.get(event) ?? []), handler]);
      }),
      removeAllListeners: vi.fn(),
    },
    fireManager(event: string) {
      for (const handler of managerHandlers.get(event) ?? []) handler();
    },
  };
}

const state = vi.hoisted(() => ({ sockets: [] as unknown[], ioCalls: [] as unknown[][] }));

vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    state.ioCalls.push(args);
    const socket = createFakeSocket();
    state.sockets.push(socket);
    return socket;
  },
}));

const socketModule = await import('@/lib/socket');
await socketModule.loadSocketClient();
const session = await import('@/lib/session');

describe('socket', () => {
  beforeEach(() => {
    state.sockets.length = 0;
    state.ioCalls.length = 0;
  });

  afterEach(() => {
    socketModule.disconnectSocket();
  });

  it('does not open without a token', () => {
    expect(socketModule.connectSocket()).toBe('no-token');
    expect(state.ioCalls).toHaveLength(0);
  });

  it('opens with websocket transport and the raw token in the query', () => {
    const token = fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 });
    session.setToken(token);
    expect(socketModule.connectSocket()).toBe('connected');
    const options = state.ioCalls[0]?.at(-1);
    expect(options).toEqual({ transports: ['websocket'], query: { token } });
  });

  it('an expired token is cleared and ends the session instead of connecting', () => {
    session.setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 - 10 }));
    localStorage.setItem('companyId', '4');
    const ended = vi.fn();
    const unsubscribe = session.onSessionEnded(ended);

    expect(socketModule.connectSocket()).toBe('expired');
    unsubscribe();

    expect(state.ioCalls).toHaveLength(0);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('re-emits every join it made after a reconnect, once per distinct join', () => {
    session.setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    socketModule.connectSocket();
    const socket = state.sockets[0] as ReturnType<typeof createFakeSocket>;

    socketModule.joinRoom('joinNotification');
    socketModule.joinRoom('joinTickets', 'open');
    socketModule.joinRoom('joinTickets', 'pending');
    socketModule.joinRoom('joinTickets', 'open');
    socket.emit.mockClear();

    socket.fireManager('reconnect');

    expect(socket.emit.mock.calls).toEqual([['joinNotification'], ['joinTickets', 'open'], ['joinTickets', 'pending']]);
  });

  it('a left join is no longer repeated', () => {
    session.setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    socketModule.connectSocket();
    const socket = state.sockets[0] as ReturnType<typeof createFakeSocket>;
    socketModule.joinRoom('joinTickets', 'open');
    socketModule.leaveRoom('joinTickets', ['open']);
    socket.emit.mockClear();
    socket.fireManager('reconnect');
    expect(socket.emit).not.toHaveBeenCalled();
  });

  it('hands the current (possibly refreshed) token to each reconnect attempt', () => {
    session.setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    socketModule.connectSocket();
    const socket = state.sockets[0] as ReturnType<typeof createFakeSocket>;
    const refreshed = fakeJwt({ id: 1, exp: Date.now() / 1000 + 7200 });
    session.setToken(refreshed);
    socket.fireManager('reconnect_attempt');
    expect(socket.io.opts.query).toEqual({ token: refreshed });
  });

  it('after the server closed it (its session changed), connects again with the current token and repeats the joins', () => {
    session.setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    socketModule.connectSocket();
    const socket = state.sockets[0] as ReturnType<typeof createFakeSocket>;
    socketModule.joinRoom('joinNotification');
    socket.connected = false;
    const refreshed = fakeJwt({ id: 1, exp: Date.now() / 1000 + 7200 });
    session.setToken(refreshed);
    socket.emit.mockClear();

    socketModule.reconnectSocket();
    expect(socket.io.opts.query).toEqual({ token: refreshed });
    expect(socket.connect).toHaveBeenCalledTimes(1);
    socket.fire('connect');
    expect(socket.emit.mock.calls).toEqual([['joinNotification']]);
  });

  it('does nothing while the socket is still connected', () => {
    session.setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    socketModule.connectSocket();
    const socket = state.sockets[0] as ReturnType<typeof createFakeSocket>;
    socketModule.reconnectSocket();
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('a connect asked for before socket.io-client arrived opens once it has, sending the joins made meanwhile', async () => {
    vi.resetModules();
    const fresh = await import('@/lib/socket');
    (await import('@/lib/session')).setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    expect(fresh.connectSocket()).toBe('connected');
    fresh.joinRoom('joinNotification');
    expect(fresh.getSocket()).toBeNull();

    await fresh.loadSocketClient();
    await Promise.resolve();
    const socket = state.sockets.at(-1) as ReturnType<typeof createFakeSocket>;
    expect(state.ioCalls).toHaveLength(1);
    expect(fresh.getSocket()).toBe(socket);
    expect(socket.emit.mock.calls).toEqual([['joinNotification']]);
    fresh.disconnectSocket();
  });

  it('a disconnect while socket.io-client is loading leaves no socket behind', async () => {
    vi.resetModules();
    const fresh = await import('@/lib/socket');
    (await import('@/lib/session')).setToken(fakeJwt({ id: 1, exp: Date.now() / 1000 + 3600 }));
    fresh.connectSocket();
    fresh.disconnectSocket();

    await fresh.loadSocketClient();
    await Promise.resolve();
    expect(state.ioCalls).toHaveLength(0);
    expect(fresh.getSocket()).toBeNull();
  });
});
