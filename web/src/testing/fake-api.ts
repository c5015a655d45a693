import { vi } from 'vitest';

export type FakeCall = { method: string; url: string; body: unknown };
type Reply = { status: number; body?: unknown };
export type FakeRoute = (call: FakeCall) => Reply | undefined;

/**
 * Replaces fetch with a tiny in-memory API: each route may answer a call; unanswered calls get 404.
 * Returns the calls made, in order.
 */
export function stubApi(...routes: FakeRoute[]): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const raw = init?.body;
      const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
      const call = { method, url, body };
      calls.push(call);
      const reply = routes.map((route) => route(call)).find(Boolean) ?? {
        status: 404,
        body: { error: 'ERR_NOT_FOUND', message: 'not found' },
      };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A route answering `method path` (path without the query) with a status and body. */
export function on(method: string, path: string, status: number, body?: unknown): FakeRoute {
  return (call) => (call.method === method && call.url.split('?')[0] === `/api${path}` ? { status, body } : undefined);
}
