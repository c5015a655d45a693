import type { SocketEventMap, SocketEventName } from '@app/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { io as createSocket, Socket } from 'socket.io-client';

import { isTokenExpired } from '@/lib/jwt';
import { endSession, getToken } from '@/lib/session';

/**
 * The real-time connection (spec section 7, "Real-time socket"): websocket transport only, the raw
 * token in the handshake query, opened only with an unexpired token. The rooms joined
 * (`joinNotification`, `joinTickets` with a status...) are remembered and re-sent after a reconnect.
 */

export const SOCKET_URL: string | undefined = import.meta.env.VITE_SOCKET_URL || undefined;

let socket: Socket | null = null;
/** socket.io-client, fetched on the first connect (a signed-in session), not with /login's code. */
let client: typeof createSocket | null = null;
let clientLoading: Promise<void> | null = null;
/** A connect asked for while the client was still loading (cleared by a disconnect meanwhile). */
let connectWanted = false;
const joins = new Map<string, { event: string; args: unknown[] }>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function joinKey(event: string, args: unknown[]): string {
  return `${event}:${JSON.stringify(args)}`;
}

function emitJoins(target: Socket): void {
  for (const { event, args } of joins.values()) target.emit(event, ...args);
}

export type ConnectResult = 'connected' | 'no-token' | 'expired';

/**
 * Fetches socket.io-client (once). A signed-in page load starts it early, beside the screen's own
 * code; tests await it so that a connect opens the socket at once.
 */
export function loadSocketClient(): Promise<void> {
  clientLoading ??= import('socket.io-client').then(
    (module) => {
      client = module.io;
    },
    (error: unknown) => {
      clientLoading = null;
      throw error;
    },
  );
  return clientLoading;
}

/**
 * Opens the socket if there is none ('connected': open, or opening as soon as socket.io-client has
 * arrived). An expired token is cleared and the session ends (the auth provider sends the user to /login).
 */
export function connectSocket(): ConnectResult {
  if (socket) return 'connected';
  const token = getToken();
  if (!token) return 'no-token';
  if (isTokenExpired(token)) {
    endSession();
    return 'expired';
  }
  if (client) {
    openSocket(client, token);
    return 'connected';
  }
  connectWanted = true;
  loadSocketClient().then(
    () => {
      if (!connectWanted || socket) return;
      connectWanted = false;
      const current = getToken();
      if (client && current && !isTokenExpired(current)) openSocket(client, current);
    },
    (error: unknown) => {
      connectWanted = false;
      console.warn('[socket] socket.io-client did not load', error);
    },
  );
  return 'connected';
}

function openSocket(create: typeof createSocket, token: string): void {
  const options = { transports: ['websocket'], query: { token } };
  const created = SOCKET_URL ? create(SOCKET_URL, options) : create(options);

  // The API client may have refreshed the token since: hand the current one to each new attempt.
  created.io.on('reconnect_attempt', () => {
    const current = getToken();
    if (current) created.io.opts.query = { token: current };
  });
  created.io.on('reconnect', () => {
    emitJoins(created);
  });
  created.on('connect_error', (error: Error) => {
    console.warn('[socket] connect_error', error.message);
  });

  socket = created;
  // Rooms joined while the client was loading go out with the first connection.
  emitJoins(created);
  notify();
}

export function disconnectSocket(): void {
  connectWanted = false;
  if (!socket) return;
  const closing = socket;
  socket = null;
  joins.clear();
  closing.removeAllListeners();
  closing.io.removeAllListeners();
  closing.disconnect();
  notify();
}

/**
 * Connects again after the server closed the socket (its session changed), with the token the API
 * client holds now, and repeats the joins.
 */
export function reconnectSocket(): void {
  if (!socket || socket.connected) return;
  const current = getToken();
  if (current) socket.io.opts.query = { token: current };
  const target = socket;
  target.once('connect', () => emitJoins(target));
  target.connect();
}

export function getSocket(): Socket | null {
  return socket;
}

/** Emits a join (e.g. `joinTickets`, 'open') now and again after every reconnect. */
export function joinRoom(event: string, ...args: unknown[]): void {
  joins.set(joinKey(event, args), { event, args });
  socket?.emit(event, ...args);
}

/** Forgets a join so that reconnects no longer repeat it; `leaveEvent` is emitted if given. */
export function leaveRoom(event: string, args: unknown[] = [], leaveEvent?: string): void {
  joins.delete(joinKey(event, args));
  if (leaveEvent) socket?.emit(leaveEvent, ...args);
}

/** The joins that a reconnect re-sends (for tests and debugging). */
export function activeJoins(): { event: string; args: unknown[] }[] {
  return [...joins.values()];
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current socket (null when signed out), re-rendering when it is opened or closed. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(subscribe, getSocket, () => null);
}

/**
 * Listens to one socket event while the component is mounted; the payload has the type the contracts'
 * socket map gives the event (the gateway emits from the same map). The handler may change between
 * renders without re-subscribing. A null/empty event name listens to nothing.
 */
export function useSocketEvent<E extends SocketEventName>(
  eventName: E | null | undefined,
  handler: (payload: SocketEventMap[E]) => void,
): void {
  const current = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(() => {
    if (!current || !eventName) return;
    const name: string = eventName;
    function handleEvent(payload: SocketEventMap[E]) {
      handlerRef.current(payload);
    }
    current.on(name, handleEvent);
    return () => {
      current.off(name, handleEvent);
    };
  }, [current, eventName]);
}
