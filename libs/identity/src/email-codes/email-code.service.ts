import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { type EmailCode, type EmailCodePurpose, EmailCodeRepository } from './email-code.repository';

export const EMAIL_CODE_TTL_MS: Record<EmailCodePurpose, number> = { signup: 15 * 60_000, reset: 30 * 60_000 };
/** A verified sign-up code lets /companies/cadastro run within this time. */
export const SIGN_UP_VERIFIED_TTL_MS = 60 * 60_000;
/** Wrong guesses a code survives. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

const hashCode = (email: string, code: string) => createHash('sha256').update(`${email}:${code}`).digest();

/** Issues and checks the six-digit codes mailed for sign-up and password reset. */
@Injectable()
export class EmailCodeService {
  constructor(private readonly codes: EmailCodeRepository) {}

  /** A new code for this e-mail and purpose (for `ttlMs`, else the purpose's time); earlier ones stop working. Returns the code to mail. */
  async issue(manager: EntityManager, purpose: EmailCodePurpose, email: string, ttlMs = EMAIL_CODE_TTL_MS[purpose]): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Now and then, codes dead for a day go, so the table stays small.
    if (Math.random() < 0.05) await this.codes.deleteLongExpired(manager);
    await this.codes.consumeUnused(manager, purpose, email);
    await this.codes.insert(manager, {
      purpose,
      email,
      codeHash: hashCode(email, code).toString('hex'),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return code;
  }

  /**
   * Checks a code against the newest live one of this e-mail; a wrong guess counts against it, so
   * the caller must let its transaction commit on a null answer (return, do not throw).
   * Returns the matching row (locked for the caller's transaction) or null.
   */
  async check(manager: EntityManager, purpose: EmailCodePurpose, email: string, code: string): Promise<EmailCode | null> {
    const live = await this.codes.newestLive(manager, purpose, email);
    if (!live || live.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return null;
    const matches = timingSafeEqual(Buffer.from(live.codeHash, 'hex'), hashCode(email, code));
    if (!matches) {
      await this.codes.setAttempts(manager, live.id, live.attempts + 1);
      return null;
    }
    return live;
  }

  /** The sign-up code verified for this e-mail within the hour and not used yet. */
  findVerifiedSignUp(manager: EntityManager, email: string): Promise<EmailCode | null> {
    return this.codes.newestVerifiedSignUp(manager, email, new Date(Date.now() - SIGN_UP_VERIFIED_TTL_MS));
  }
}
