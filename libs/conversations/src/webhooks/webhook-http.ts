import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

import type { OutboundUrlGuard } from '@app/platform';

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

export interface WebhookAnswer {
  status: number;
  /** Retry-After in ms when the receiver sent one (429, 503). */
  retryAfterMs: number | null;
}

/**
 * One POST to a receiver through the outbound URL guard: the URL is checked right before the call
 * and the connection goes to the addresses the guard checked (never to the name resolved again).
 * Redirects are not followed; the answer's body is read and dropped; `timeoutMs` bounds the whole call.
 */
export async function postWebhook(
  guard: OutboundUrlGuard,
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<WebhookAnswer> {
  const checked = await guard.check(rawUrl, 'webhook');
  const lookup: LookupFunction = (_host, options, callback) => {
    const entries = checked.addresses.map((address) => ({ address, family: isIP(address) }));
    if (options.all) (callback as (error: null, addresses: typeof entries) => void)(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
  const bytes = Buffer.from(body);
  const transport = checked.url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const request = transport.request(
      checked.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(bytes.length), 'user-agent': 'zapdesk-webhooks/1' },
        agent: agents[checked.url.protocol as keyof typeof agents],
        lookup,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 502, retryAfterMs: retryAfter(response.headers['retry-after']) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

function retryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
