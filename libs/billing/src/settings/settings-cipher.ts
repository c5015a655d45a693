import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

import { AppError } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { BILLING_OPTIONS, type BillingOptions } from '../common/billing-options';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * The providers' settings at rest: AES-256-GCM under a key derived (HKDF-SHA256) from BILLING_KEYS_SECRET
 * (JWT_SECRET when unset); a random IV per value, and the tag refuses a value changed in the database.
 */
@Injectable()
export class SettingsCipher {
  private readonly key: Buffer | null;

  constructor(@Inject(BILLING_OPTIONS) options: BillingOptions) {
    this.key =
      options.keysSecret && options.keysSecret.length >= 32
        ? Buffer.from(hkdfSync('sha256', options.keysSecret, 'zapdesk-billing', 'provider settings at rest', 32))
        : null;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.required(), iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
  }

  open(stored: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('Unknown sealed setting format');
    const decipher = createDecipheriv('aes-256-gcm', this.required(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }

  private required(): Buffer {
    if (!this.key) throw new AppError('ERR_SERVICE_UNAVAILABLE', 'No secret to keep payment settings with (BILLING_KEYS_SECRET)');
    return this.key;
  }
}
