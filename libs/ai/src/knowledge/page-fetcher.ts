import { KNOWLEDGE_LIMITS, KNOWLEDGE_MESSAGES } from '@app/contracts';
import { AppError, OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { guardedFetch } from '../common/guarded-fetch';

/** Redirects followed, each checked by the guard like the first address. */
const MAX_REDIRECTS = 3;

export type FetchedPage =
  | { ok: true; bytes: Uint8Array; kind: 'html' | 'text' | 'pdf'; url: string }
  | { ok: false; failure: 'fetch_failed' | 'too_large' | 'unreadable'; detail: string; sizeBytes: number };

/** The kind of reading a page's content type asks for; null for what is not a document (images, video...). */
function kindOf(contentType: string): 'html' | 'text' | 'pdf' | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/') || type === '') return 'text';
  return null;
}

/**
 * Fetches a web page for the knowledge of an agent through the outbound URL guard (loopback,
 * private and metadata addresses refused after DNS, on every redirect too), reading at most
 * KNOWLEDGE_LIMITS.pageBytes of its body within the fetch timeout.
 */
@Injectable()
export class PageFetcher {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(guard: OutboundUrlGuard, @Inject(AI_OPTIONS) options: AiOptions) {
    this.fetch = guardedFetch(guard);
    this.timeoutMs = options.knowledgeFetchTimeoutMs ?? 15_000;
  }

  async fetchPage(address: string): Promise<FetchedPage> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let url = address;
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await this.fetch(url, { headers: { accept: 'text/html, text/plain, application/pdf;q=0.9, */*;q=0.1' }, signal });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          if (redirects >= MAX_REDIRECTS) return { ok: false, failure: 'fetch_failed', detail: 'too many redirects', sizeBytes: 0 };
          url = new URL(location, url).href;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { ok: false, failure: 'fetch_failed', detail: `HTTP ${response.status}`, sizeBytes: 0 };
        }
        const kind = kindOf(response.headers.get('content-type') ?? '');
        if (!kind) {
          await response.body?.cancel();
          return { ok: false, failure: 'unreadable', detail: `content type ${response.headers.get('content-type')}`, sizeBytes: 0 };
        }
        const bytes = await readBounded(response, KNOWLEDGE_LIMITS.pageBytes);
        if (!bytes) return { ok: false, failure: 'too_large', detail: `more than ${KNOWLEDGE_LIMITS.pageBytes} bytes`, sizeBytes: 0 };
        return { ok: true, bytes, kind, url };
      }
    } catch (error) {
      if (error instanceof OutboundUrlRefusedError) {
        throw new AppError('ERR_VALIDATION', `The address is refused: ${error.message}`, {
          fields: [{ path: 'url', message: KNOWLEDGE_MESSAGES.urlRefused }],
        });
      }
      return { ok: false, failure: 'fetch_failed', detail: error instanceof Error ? error.message : String(error), sizeBytes: 0 };
    }
  }
}

/** The body, or null as soon as it passes `limit` bytes (the rest is never read). */
async function readBounded(response: Response, limit: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}
