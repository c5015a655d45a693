import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to stored files, so the browser can open or download a private file from the
 * server (which answers with the headers of `sendStoredFile`) without the bearer token, and never
 * has to turn a customer's bytes into a blob URL of the app's origin. The signature covers the key
 * and the expiry; the key names its company, so a link opens that one file only until it expires.
 */
export const FILE_LINK_SECONDS = 3600;

const keyOf = (secret: string) => createHmac('sha256', secret).update('zapdesk file links v1').digest();

export function fileLinkSignature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', keyOf(secret)).update(`${key}\n${expires}`).digest('base64url');
}

/**
 * The expiry of a link made now: rounded up to the half hour, so links made for one file within the
 * same half hour are the same URL (the browser's cache keeps the file), valid 60 to 90 minutes.
 */
export function fileLinkExpiry(nowMs = Date.now()): number {
  const half = 1800;
  return Math.ceil(nowMs / 1000 / half) * half + FILE_LINK_SECONDS;
}

export function verifyFileLink(
  secret: string,
  key: string,
  expires: string | undefined,
  signature: string | undefined,
  nowMs = Date.now(),
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < nowMs) return false;
  const expected = Buffer.from(fileLinkSignature(secret, key, Number(expires)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
