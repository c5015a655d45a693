import { readFileSync } from 'node:fs';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ticketListQuery } from '@/features/tickets/utils/ticket-list-filter';
import { api, buildUrl } from '@/lib/api-client';
import { EARLY_ANSWER_MAX_AGE_MS, takeEarlyAnswer } from '@/lib/early-answers';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Where the build writes the ticket screen's chunks into the script (vite.config.ts). */
const TICKET_SCREEN_CHUNKS_SLOT = '/* the ticket screen chunks */ []';

/** index.html's script that starts the early requests, run as the browser runs it (with the build's chunk list). */
function runEarlyRequestsScript(screenChunks: string[] = []): void {
  const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .find((body) => body.includes('__earlyAnswers'));
  if (!script?.includes(TICKET_SCREEN_CHUNKS_SLOT)) throw new Error('index.html has no early-requests script with its chunk slot');
  new Function(script.replace(TICKET_SCREEN_CHUNKS_SLOT, JSON.stringify(screenChunks)))();
}

describe('early answers (index.html starts the first GETs, the API client takes them)', () => {
  beforeEach(() => {
    localStorage.setItem('token', JSON.stringify('the-token'));
  });

  afterEach(() => {
    delete window.__earlyAnswers;
    window.history.pushState({}, '', '/');
    vi.unstubAllGlobals();
  });

  it('on the ticket screen, asks for the session and then for the open and pending lists of the user, by the URLs the app asks', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        urls.push(url);
        expect(new Headers(init.headers).get('Authorization')).toBe('Bearer the-token');
        return url === '/api/auth/me' ? json(200, { id: 3, queues: [{ id: 5 }, { id: 2 }] }) : json(200, { tickets: [], url });
      }),
    );
    window.history.pushState({}, '', '/tickets');
    runEarlyRequestsScript();
    await expect(api.get('/auth/me')).resolves.toEqual({ id: 3, queues: [{ id: 5 }, { id: 2 }] });

    const openList = buildUrl('/tickets', ticketListQuery({ status: 'open', showAll: false, queueIds: [5, 2] }, null));
    const pendingList = buildUrl('/tickets', ticketListQuery({ status: 'pending', showAll: false, queueIds: [5, 2] }, null));
    expect(urls).toEqual(['/api/auth/me', openList, pendingList]);
    await expect(
      api.get('/tickets', { query: ticketListQuery({ status: 'open', showAll: false, queueIds: [5, 2] }, null) }),
    ).resolves.toEqual({
      tickets: [],
      url: openList,
    });
    expect(urls).toHaveLength(3);
  });

  it("on the ticket screen, preloads the screen's chunks once the entry's scripts have arrived", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { id: 3, queues: [] })),
    );
    let observed: (() => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: () => void) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const entries: { name: string }[] = [];
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => entries as PerformanceEntryList);
    const entryScript = Object.assign(document.createElement('script'), { type: 'module', src: '/assets/index-1.js' });
    document.head.append(entryScript);
    window.history.pushState({}, '', '/tickets/some-uuid');
    runEarlyRequestsScript(['/assets/tickets-1.js', '/assets/app-layout-1.js']);
    const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

    observed?.();
    expect(preloads()).toEqual([]);
    entries.push({ name: 'http://localhost/assets/index-1.js' });
    observed?.();
    observed?.();
    expect(preloads()).toEqual(['/assets/tickets-1.js', '/assets/app-layout-1.js']);
    entryScript.remove();
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  });

  it('elsewhere asks for the session only, and without a stored token for nothing', async () => {
    const fetchMock = vi.fn(async () => json(200, { id: 3, queues: [] }));
    vi.stubGlobal('fetch', fetchMock);
    window.history.pushState({}, '', '/contacts');
    runEarlyRequestsScript();
    await api.get('/auth/me');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    delete window.__earlyAnswers;
    localStorage.removeItem('token');
    runEarlyRequestsScript();
    expect(window.__earlyAnswers).toBeUndefined();
  });

  it('an answer is taken once; the next call of the URL is a request of its own', async () => {
    const fetchMock = vi.fn(async () => json(200, { id: 3, queues: [] }));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyRequestsScript();
    await api.get('/auth/me');
    await api.get('/auth/me');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a failed early answer (an expired token) is asked again through the session rules: refreshed, then retried', async () => {
    const answers = [
      json(403, { error: 'ERR_SESSION_EXPIRED', message: 'expired' }),
      json(403, { error: 'ERR_SESSION_EXPIRED', message: 'expired' }),
      json(200, { token: 'new-token' }),
      json(200, { id: 3, queues: [] }),
    ];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return answers.shift()!;
      }),
    );
    runEarlyRequestsScript();
    await expect(api.get('/auth/me')).resolves.toEqual({ id: 3, queues: [] });
    expect(urls).toEqual(['/api/auth/me', '/api/auth/me', '/api/auth/refresh_token', '/api/auth/me']);
  });

  it('is not taken for another session, nor once the page is older than the answers may be', async () => {
    window.__earlyAnswers = { token: 'the-token', answers: { '/api/auth/me': Promise.resolve({ ok: true, body: { id: 3 } }) } };
    localStorage.setItem('token', JSON.stringify('another-token'));
    expect(takeEarlyAnswer('/api/auth/me')).toBeUndefined();

    localStorage.setItem('token', JSON.stringify('the-token'));
    window.__earlyAnswers.answers['/api/auth/me'] = Promise.resolve({ ok: true, body: { id: 3 } });
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_ANSWER_MAX_AGE_MS + 1);
    expect(takeEarlyAnswer('/api/auth/me')).toBeUndefined();
  });
});
