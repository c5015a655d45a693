import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Values kept at rest sealed: AES-256-GCM under a key derived (HKDF-SHA256) from a configured secret
 * and the purpose, a random IV per value, the tag refusing a value changed in the database. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). Each service names its own purpose, so one secret shared
 * by two of them still gives each its own key.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(secret: string, purpose: { salt: string; info: string }) {
    this.key = Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
  }

  /** The plain value; `what` names it in the error for a value in no format this box wrote. */
  open(stored: string, what = 'sealed value'): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error(`Unknown ${what} format`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
