import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, ApiError } from '@/lib/api-client';
import { getToken, onSessionEnded } from '@/lib/session';

import { uploadMedia } from './send-media';

type Answer = { status: number; body: unknown };

/** A stand-in XMLHttpRequest that answers each send with the next queued answer and records the headers. */
class FakeXhr {
  static answers: Answer[] = [];
  static sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  private url = '';
  private headers: Record<string, string> = {};

  open(_method: string, url: string) {
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    const answer = FakeXhr.answers.shift();
    queueMicrotask(() => {
      if (!answer) {
        this.onerror?.();
        return;
      }
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const uploaded = {
  url: '/api/whatsapp-media/companies/7/whatsapp/uploads/x-audio.mp3',
  mimetype: 'audio/mpeg',
  fileName: 'audio.mp3',
  size: 12_000,
};
const file = () => new File([new Uint8Array(12)], 'audio.mp3', { type: 'audio/mpeg' });

describe('media upload (XMLHttpRequest) follows the API client session rules', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.setItem('token', JSON.stringify('old-token'));
    localStorage.setItem('companyId', '7');
    FakeXhr.answers = [];
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the file with the stored token and reports progress', async () => {
    FakeXhr.answers = [{ status: 201, body: uploaded }];
    const progress = vi.fn();
    await expect(uploadMedia(file(), progress)).resolves.toEqual(uploaded);
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]).toMatchObject({ url: '/api/whatsapp-media', headers: { Authorization: 'Bearer old-token' } });
    expect((FakeXhr.sent[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(progress).toHaveBeenCalledWith(0.5);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 403 refreshes the token once and the upload is sent again with the new token', async () => {
    FakeXhr.answers = [
      { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
      { status: 201, body: uploaded },
    ];
    fetchMock.mockResolvedValueOnce(json(200, { token: 'new-token' }));

    await expect(uploadMedia(file())).resolves.toEqual(uploaded);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/refresh_token');
    expect(FakeXhr.sent.map((call) => call.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(getToken()).toBe('new-token');
  });

  it('a second 403 after the refresh is an error, without another refresh or upload', async () => {
    FakeXhr.answers = [
      { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'nope' } },
      { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'nope' } },
    ];
    fetchMock.mockResolvedValueOnce(json(200, { token: 'new-token' }));

    const error = await uploadMedia(file()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION', message: 'nope' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('a 401 ends the session (token and company id cleared) and is thrown', async () => {
    FakeXhr.answers = [{ status: 401, body: { error: 'ERR_SESSION_EXPIRED', message: 'Session expired' } }];
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    const error = await uploadMedia(file()).catch((e: unknown) => e);
    unsubscribe();

    expect(error).toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an upload and a fetch call that both get a 403 share one refresh', async () => {
    FakeXhr.answers = [
      { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } },
      { status: 201, body: uploaded },
    ];
    let releaseRefresh: (response: Response) => void = () => undefined;
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'ERR_SESSION_EXPIRED' }))
      .mockReturnValueOnce(new Promise<Response>((resolve) => (releaseRefresh = resolve)))
      .mockResolvedValueOnce(json(200, { ok: true }));

    const both = Promise.all([api.get('/users'), uploadMedia(file())]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseRefresh(json(200, { token: 'new-token' }));

    await expect(both).resolves.toEqual([{ ok: true }, uploaded]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh_token'))).toHaveLength(1);
    expect(FakeXhr.sent.map((call) => call.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });
});
