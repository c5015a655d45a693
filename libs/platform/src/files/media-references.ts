import { assertSafeKey } from '../storage/file-storage';

/** Where the WhatsApp service serves a company's stored media (uploads, received and sent media). */
export const MEDIA_ROUTE = '/api/whatsapp-media/';

export const mediaUrlOfKey = (key: string) => `${MEDIA_ROUTE}${key}`;

/** The company a storage key belongs to (`companies/{id}/...`), or null. */
export function companyOfKey(key: string): number | null {
  const match = /^companies\/([1-9]\d*)\//.exec(key);
  return match ? Number(match[1]) : null;
}

/**
 * The storage key a media reference (`mediaUrl`, `mediaPath`: what POST /whatsapp-media answered)
 * names, when it is a file of `companyId`; null for anything else. A reference is an id, not a
 * path: exactly the media route, then a safe key under the company, nothing encoded, no `..`, no
 * other host, no query.
 */
export function companyMediaKey(reference: string, companyId: number): string | null {
  if (!reference.startsWith(MEDIA_ROUTE)) return null;
  const key = reference.slice(MEDIA_ROUTE.length);
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return companyOfKey(key) === companyId ? key : null;
}
