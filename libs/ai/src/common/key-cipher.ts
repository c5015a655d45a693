import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from './ai-options';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * The providers' keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the configured
 * secret; each value gets its own random IV, and the tag refuses a value changed in the database.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
@Injectable()
export class KeyCipher {
  private readonly key: Buffer;

  constructor(@Inject(AI_OPTIONS) options: AiOptions) {
    if (!options.keysSecret || options.keysSecret.length < 32) throw new Error('AI_KEYS_SECRET must be at least 32 characters');
    this.key = Buffer.from(hkdfSync('sha256', options.keysSecret, 'zapdesk-ai', 'provider keys at rest', 32));
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
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('Unknown key format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
