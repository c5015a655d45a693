import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

import type { OutboundUrlGuard } from '@app/platform';

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** The body of a request as bytes (the providers' SDK sends JSON text). */
function bodyBytes(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('guardedFetch sends text or bytes only');
}

/**
 * A `fetch` for the providers' SDK that goes through the platform's outbound URL guard (decision
 * 0023): the URL is checked (scheme, metadata names, every address the name resolves to) right before
 * the call, and the connection is made to the addresses the guard checked, never to the name resolved
 * again (TLS still verifies the name). Redirects are not followed.
 */
export function guardedFetch(guard: OutboundUrlGuard): typeof fetch {
  return async (input, init = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const checked = await guard.check(raw, 'webhook');
    const lookup: LookupFunction = (_host, options, callback) => {
      const entries = checked.addresses.map((address) => ({ address, family: isIP(address) }));
      if (options.all) (callback as (error: null, addresses: typeof entries) => void)(null, entries);
      else callback(null, entries[0]!.address, entries[0]!.family);
    };
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = bodyBytes(init.body);
    const transport = checked.url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        checked.url,
        {
          method: init.method ?? 'GET',
          headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
          agent: agents[checked.url.protocol as keyof typeof agents],
          lookup,
          signal: init.signal ?? undefined,
        },
        (response) => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
          }
          const status = response.statusCode ?? 502;
          const empty = status === 204 || status === 304 || init.method === 'HEAD';
          if (empty) response.resume();
          resolve(
            new Response(empty ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), {
              status,
              statusText: response.statusMessage,
              headers: responseHeaders,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
