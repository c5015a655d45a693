import { createHmac, randomBytes } from 'node:crypto';

import { WEBHOOK_SECRET_PREFIX } from '@app/contracts';

/** A new endpoint secret: `whsec_` and the base64 of 24 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the secret's key (the base64 after `whsec_`). */
export function webhookSignature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The Standard Webhooks headers of one attempt. While a rotated-out secret is still valid, the
 * signature header carries both signatures (space-separated), so a receiver on either secret verifies.
 */
export function webhookHeaders(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => webhookSignature(secret, messageId, timestampSeconds, body)).join(' '),
  };
}
