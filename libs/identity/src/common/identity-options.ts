import type { LoginDelays, RateLimitBucket, RateLimitRule } from './rate-limits';

export const IDENTITY_OPTIONS = Symbol('IDENTITY_OPTIONS');

export interface IdentityOptions {
  /** Refresh tokens (login sessions) live this long without use. */
  refreshTtlSeconds: number;
  /** Set the cookie's Secure flag (behind HTTPS). */
  secureCookies: boolean;
  /** The first super admin; a password is generated when none is given. */
  admin: { email: string; password?: string };
  /** Told once, on the start that created the first super admin, what its login is. */
  onAdminSeeded?: (login: { email: string; password: string; generated: boolean }) => void;
  /**
   * Outgoing mail (sign-up and reset codes). Without an SMTP URL the mails are kept in
   * identity.mails and written to the log, so a standalone install still works. `publicUrl`: the
   * address users open the web at, for links in mails (else the super user's own page's origin).
   */
  mail?: { smtpUrl?: string; from?: string; publicUrl?: string };
  /** Per bucket: attempts per IP and per e-mail within a window; defaults in rate-limits.ts. */
  rateLimits?: Partial<Record<RateLimitBucket, RateLimitRule>>;
  /** The growing wait between login attempts of an e-mail past its free failures; defaults in rate-limits.ts. */
  loginDelays?: LoginDelays;
}
