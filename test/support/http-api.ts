import { io, type Socket } from 'socket.io-client';

/** One call to a service's HTTP API as `token` (none: anonymous): its status and JSON body (null when none). */
export async function callApi<T = unknown>(
  baseUrl: string,
  token: string | undefined,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

/** A socket.io client of `url` authenticated by `token`, once connected (rejects when refused). */
export function connectSocket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}
