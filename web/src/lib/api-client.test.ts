import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, ApiError, apiRequest, buildUrl } from '@/lib/api-client';
import { getToken, onSessionEnded } from '@/lib/session';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const queue = [...responses];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = queue.shift();
    if (!next) throw new Error(`unexpected fetch ${String(url)}`);
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function authHeader(call: Call | undefined): string | null {
  return new Headers(call?.init.headers).get('Authorization');
}

describe('api client', () => {
  beforeEach(() => {
    localStorage.setItem('token', JSON.stringify('old-token'));
    localStorage.setItem('companyId', '7');
    localStorage.setItem('userId', '3');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the stored token (a JSON string in localStorage) as a Bearer header under /api', async () => {
    const { calls } = mockFetch(json(200, { ok: true }));
    await expect(api.get('/users', { query: { searchParam: '', pageNumber: 1 } })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/users?searchParam=&pageNumber=1');
    expect(authHeader(calls[0])).toBe('Bearer old-token');
  });

  it('a 403 refreshes the token once with the cookie, stores it and retries the call with it', async () => {
    const { calls } = mockFetch(
      json(403, { error: 'ERR_SESSION_EXPIRED', message: 'expired' }),
      json(200, { token: 'new-token', user: { id: 3 } }),
      json(200, { users: [] }),
    );

    await expect(api.get('/users')).resolves.toEqual({ users: [] });

    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['GET /api/users', 'POST /api/auth/refresh_token', 'GET /api/users']);
    expect(calls[1]?.init.credentials).toBe('include');
    expect(authHeader(calls[2])).toBe('Bearer new-token');
    expect(localStorage.getItem('token')).toBe(JSON.stringify('new-token'));
    expect(getToken()).toBe('new-token');
  });

  it('retries only once: a second 403 is thrown as an ApiError without another refresh', async () => {
    const { calls } = mockFetch(
      json(403, { error: 'ERR_NO_PERMISSION', message: 'nope' }),
      json(200, { token: 'new-token' }),
      json(403, { error: 'ERR_NO_PERMISSION', message: 'nope' }),
    );

    const error = await api.get('/settings').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION', message: 'nope' });
    expect(calls).toHaveLength(3);
  });

  it('concurrent 403s share one refresh', async () => {
    const { calls } = mockFetch(
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(403, { error: 'ERR_SESSION_EXPIRED' }),
      json(200, { token: 'new-token' }),
      json(200, { a: 1 }),
      json(200, { b: 2 }),
    );
    const results = await Promise.all([api.get('/a'), api.get('/b')]);
    expect(results).toHaveLength(2);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh_token'))).toHaveLength(1);
  });

  it('a 401 clears the token and company id, ends the session and throws the error code', async () => {
    mockFetch(json(401, { error: 'ERR_SESSION_EXPIRED', message: 'Session expired' }));
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    const error = await api.get('/auth/me').catch((e: unknown) => e);
    unsubscribe();

    expect(error).toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED', message: 'Session expired' });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
  });

  it('a refresh answered with 401 ends the session instead of retrying', async () => {
    const { calls } = mockFetch(json(403, { error: 'ERR_SESSION_EXPIRED' }), json(401, { error: 'ERR_SESSION_EXPIRED' }));
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    await expect(api.get('/users')).rejects.toMatchObject({ status: 403 });
    unsubscribe();

    expect(calls).toHaveLength(2);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('skipAuthRefresh (login) turns a 403 into an error without refreshing', async () => {
    const { calls } = mockFetch(json(403, { error: 'ERR_NO_PERMISSION', message: 'x' }));
    await expect(api.post('/auth/login', { email: 'a@b.c' }, { skipAuthRefresh: true })).rejects.toMatchObject({
      status: 403,
    });
    expect(calls).toHaveLength(1);
  });

  it('validation errors carry their fields', async () => {
    mockFetch(
      json(400, {
        error: 'ERR_VALIDATION',
        message: 'Invalid input',
        fields: [{ path: 'email', message: 'Invalid email' }],
      }),
    );
    const error = await api.post('/users', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual([{ path: 'email', message: 'Invalid email' }]);
    expect((error as ApiError).code).toBe('ERR_VALIDATION');
  });

  it('a plain-text error body becomes the message', async () => {
    mockFetch(new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 502, code: undefined, message: 'Bad gateway' });
  });

  it('JSON bodies are sent with a Content-Type and 204 answers resolve to undefined', async () => {
    const { calls } = mockFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/auth/logout')).resolves.toBeUndefined();
    expect(calls[0]?.init.method).toBe('DELETE');

    const second = mockFetch(json(200, {}));
    await api.put('/users/1', { name: 'Ana' });
    expect(new Headers(second.calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
    expect(second.calls[0]?.init.body).toBe(JSON.stringify({ name: 'Ana' }));
  });

  it('builds query strings without empty values and with repeated array values', () => {
    expect(buildUrl('/tickets', { a: 'x', b: undefined, c: null, q: [1, 2] })).toBe('/api/tickets?a=x&q=1&q=2');
  });
});
