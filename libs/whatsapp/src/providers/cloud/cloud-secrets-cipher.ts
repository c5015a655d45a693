import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { maskSecret } from '@app/contracts';

const VERSION = 'v1';
const IV_BYTES = 12;

/** A secret as stored: encrypted, beside the hint the API shows (the mask and the last 4 characters). */
export interface SealedSecret {
  stored: string;
  shown: string;
}

/**
 * The Cloud API secrets at rest, sealed as the ai service seals providers' keys: AES-256-GCM under a
 * key derived (HKDF-SHA256) from the configured secret, a random IV per value, the tag refusing a value
 * changed in the database. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class CloudSecretsCipher {
  private readonly key: Buffer;

  constructor(keysSecret: string) {
    if (!keysSecret || keysSecret.length < 32) throw new Error('WHATSAPP_KEYS_SECRET must be at least 32 characters');
    this.key = Buffer.from(hkdfSync('sha256', keysSecret, 'zapdesk-whatsapp', 'cloud api secrets at rest', 32));
  }

  seal(plain: string): SealedSecret {
    return { stored: this.encrypt(plain), shown: maskSecret(plain) };
  }

  /** A secret sent back as the API showed it stays as stored; another value replaces it. */
  keptOrSealed(sent: string, current: SealedSecret | null): SealedSecret {
    return current && current.shown !== '' && sent === current.shown ? current : this.seal(sent);
  }

  encrypt(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    if (!stored) return '';
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
