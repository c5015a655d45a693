import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

import { PLATFORM_OPTIONS, type PlatformOptions } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

/** The device cookie's name: a browser that has logged in to an account before (decision 0024). */
export const DEVICE_COOKIE = 'jdc';

/** How long a browser is remembered after its last login. */
export const DEVICE_COOKIE_TTL_MS = 180 * 86_400_000;

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Device cookies as OWASP's "Slow Down Online Guessing Attacks with Device Cookies" describes them:
 * `<nonce>.<HMAC(login name, nonce)>`, issued on each successful login. Only this server can make
 * one, and one is valid only for the account it was issued for, so presenting it proves that this
 * browser logged in to that account before. The key is derived from JWT_SECRET (HKDF): rotating the
 * secret forgets every device, as it ends every session.
 */
@Injectable()
export class LoginDeviceCookies {
  private readonly key: Buffer;

  constructor(@Inject(PLATFORM_OPTIONS) options: PlatformOptions) {
    this.key = Buffer.from(hkdfSync('sha256', options.jwt.secret, '', 'zapdesk login device cookie', 32));
  }

  /** A new device cookie for this login name. */
  issue(email: string): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.sign(email, nonce)}`;
  }

  /** The device's id (its nonce) when the cookie was issued by us for this login name, else null. */
  deviceOf(cookie: unknown, email: string): string | null {
    if (typeof cookie !== 'string') return null;
    const [nonce, signature, ...rest] = cookie.split('.');
    if (!nonce || !signature || rest.length > 0 || !/^[\w-]{24}$/.test(nonce)) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = Buffer.from(this.sign(email, nonce), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  private sign(email: string, nonce: string): string {
    return createHmac('sha256', this.key)
      .update(`${normalEmail(email)}\n${nonce}`)
      .digest('base64url');
  }
}
