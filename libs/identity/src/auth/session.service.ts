import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { sessionEnded, sessionStarted, SUBSCRIPTION_WARNING_DAYS, type SubscriptionInfo } from '@app/contracts';
import { AccessTokenService, AppError, OutboxWriter, SessionRegistry } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import type { EntityManager } from 'typeorm';

import { IDENTITY_OPTIONS, type IdentityOptions } from '../common/identity-options';
import { type User, UserRepository } from '../common/user.repository';
import { mapUser, planFlags, type UserResponseDto } from '../common/user-answers';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { SettingRepository } from '../settings/setting.repository';
import { LoginDeviceCookies } from './login-device-cookies';
import { RefreshTokenRepository } from './refresh-token.repository';

export interface IssuedSession {
  token: string;
  sessionId: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  user: UserResponseDto;
  subscription: SubscriptionInfo;
  /** A login's new device cookie for this browser (decision 0024); refreshes issue none. */
  deviceCookie?: string;
}

const DAY_MS = 86_400_000;

/** Days left until the end of the due date (UTC), and whether fewer than 5 remain. */
export function subscriptionInfo(dueDate: string | null, now = Date.now()): SubscriptionInfo {
  if (!dueDate) return { dueDate: null, daysLeft: null, warning: false };
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const daysLeft = Math.max(0, Math.floor((Date.UTC(year, month - 1, day + 1) - now) / DAY_MS));
  return { dueDate, daysLeft, warning: daysLeft < SUBSCRIPTION_WARNING_DAYS };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Verifying against this when the e-mail is unknown keeps both failures equally slow.
const DUMMY_HASH = argon2.hash('not-a-real-password-' + randomUUID());

/** Login sessions: password check, access tokens, rotating refresh tokens with reuse detection. */
@Injectable()
export class SessionService {
  constructor(
    private readonly tokens: RefreshTokenRepository,
    private readonly users: UserRepository,
    private readonly settings: SettingRepository,
    private readonly accessTokens: AccessTokenService,
    private readonly outbox: OutboxWriter,
    private readonly rateLimiter: RateLimiter,
    private readonly sessions: SessionRegistry,
    private readonly deviceCookies: LoginDeviceCookies,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  /**
   * Checks the password, opens a session and tells the user's other sessions (identity.session.started).
   * `deviceCookie`: what this browser presented; when it is this account's, the attempt is throttled
   * as that device's alone, not with the account's unknown clients (decision 0024).
   */
  async login(email: string, password: string, ip: string, deviceCookie?: unknown): Promise<IssuedSession> {
    const device = this.deviceCookies.deviceOf(deviceCookie, email);
    await this.rateLimiter.assertLoginMayTry(ip, email, device);
    const user = await this.loadUser({ email: email.toLowerCase() });
    const valid = user
      ? await argon2.verify(user.passwordHash, password)
      : await argon2.verify(await DUMMY_HASH, password).then(() => false);
    if (!user || !valid) {
      await this.rateLimiter.loginFailed(ip, email, device);
      throw new AppError('ERR_INVALID_CREDENTIALS', 'Invalid e-mail or password');
    }
    await this.rateLimiter.loginSucceeded(email, device);
    this.assertCompanyMayLogIn(user, { offerCheckout: true });
    const session = await this.tokens.transaction(async (manager) => {
      const issued = await this.issue(manager, user, randomUUID());
      await this.outbox.add(manager, {
        definition: sessionStarted,
        companyId: user.companyId,
        key: user.id,
        payload: { userId: user.id, companyId: user.companyId, sessionId: issued.sessionId },
      });
      return issued;
    });
    return { ...session, deviceCookie: this.deviceCookies.issue(email) };
  }

  /** Rotates the refresh token: the presented one is spent, a new one of the same family issued. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED', 'No session');
    let ended: string[] = [];
    // The revocation of a reused token's family must commit, so failures are returned, not thrown.
    const outcome = await this.tokens.transaction(async (manager): Promise<IssuedSession | AppError> => {
      const stored = await this.tokens.findByHash(manager, hashToken(refreshToken), true);
      if (!stored) return new AppError('ERR_SESSION_EXPIRED', 'Unknown session');
      if (stored.usedAt || stored.revokedAt) {
        // A spent token presented again: it leaked, or an attacker raced the user. End the session.
        ended = await this.endSession(manager, stored.familyId, 'refresh-token-reused');
        return new AppError('ERR_SESSION_EXPIRED', 'Session ended: refresh token reused');
      }
      if (stored.expiresAt.getTime() <= Date.now()) return new AppError('ERR_SESSION_EXPIRED', 'Session expired');
      await this.tokens.markUsed(manager, stored.id);
      const user = await this.loadUser({ id: stored.userId });
      if (!user) return new AppError('ERR_SESSION_EXPIRED', 'User no longer exists');
      this.assertCompanyMayLogIn(user);
      return this.issue(manager, user, stored.familyId);
    });
    this.forget(ended);
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** Ends the session of the given refresh token and/or session id; unknown ones are ignored. */
  async logout(refreshToken: string | undefined, sessionId: string | undefined): Promise<void> {
    const ended = await this.tokens.transaction(async (manager) => {
      const families = new Set<string>(sessionId ? [sessionId] : []);
      if (refreshToken) {
        const stored = await this.tokens.findByHash(manager, hashToken(refreshToken));
        if (stored) families.add(stored.familyId);
      }
      const endedNow: string[] = [];
      for (const family of families) endedNow.push(...(await this.endSession(manager, family, 'logout')));
      return endedNow;
    });
    this.forget(ended);
  }

  /**
   * Ends every open session of a user (someone else set their password), in the caller's
   * transaction; call `forget` with the answer once it committed.
   */
  async endSessionsOfUser(manager: EntityManager, userId: number): Promise<string[]> {
    const families = await this.tokens.openFamiliesOfUser(manager, userId);
    const ended: string[] = [];
    for (const familyId of families) ended.push(...(await this.endSession(manager, familyId, 'logout')));
    return ended;
  }

  /**
   * Stops accepting the ended sessions' access tokens in this process at once; other processes
   * hear it from identity.session.ended a moment later.
   */
  forget(sessionIds: string[]): void {
    for (const sessionId of sessionIds) this.sessions.apply({ kind: 'session-ended', sessionId });
  }

  async me(userId: number, companyId: number): Promise<UserResponseDto> {
    const user = await this.loadUser({ id: userId, companyId });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
    return mapUser(user, await this.companySettings(user));
  }

  /** The company's settings for the browser. */
  private async companySettings(user: User, manager?: EntityManager) {
    const rows = await this.settings.companySettingsByKey(user.companyId, manager);
    return rows.map(({ key, value }) => ({ key, value }));
  }

  private loadUser(where: { id?: number; email?: string; companyId?: number }): Promise<User | null> {
    return this.users.findWithCompanyAndPlan(where);
  }

  /**
   * `offerCheckout`: the password was just checked, so an expired company's admin is handed a pass to
   * pay its invoice with (decision 0053); the refusal stays a refusal, and no session is opened.
   */
  private assertCompanyMayLogIn(user: User, { offerCheckout = false } = {}): void {
    const company = user.company!;
    if (user.super) return;
    if (!company.approved) throw new AppError('ERR_COMPANY_NOT_APPROVED', 'Company not approved yet');
    if (!company.status) throw new AppError('ERR_NO_PERMISSION', 'Company is inactive');
    const today = new Date().toISOString().slice(0, 10);
    if (company.dueDate && company.dueDate < today) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', `Subscription expired on ${company.dueDate}`, {
        dueDate: company.dueDate,
        ...(offerCheckout &&
          user.profile === 'admin' && { checkoutPass: this.accessTokens.signCheckoutPass({ userId: user.id, companyId: user.companyId }) }),
      });
    }
  }

  private async issue(manager: EntityManager, user: User, familyId: string): Promise<IssuedSession> {
    const refreshToken = randomBytes(48).toString('base64url');
    const refreshExpiresAt = new Date(Date.now() + this.options.refreshTtlSeconds * 1000);
    await this.tokens.insert(manager, {
      id: randomUUID(),
      familyId,
      userId: user.id,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiresAt,
    });
    const token = this.accessTokens.sign({
      sub: String(user.id),
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
      sid: familyId,
      plan: planFlags(user.company!.plan!),
    });
    return {
      token,
      sessionId: familyId,
      refreshToken,
      refreshExpiresAt,
      user: mapUser(user, await this.companySettings(user, manager)),
      subscription: subscriptionInfo(user.company!.dueDate),
    };
  }

  /** Revokes a session's refresh tokens and announces its end; [] when it had already ended. */
  private async endSession(manager: EntityManager, familyId: string, reason: 'logout' | 'refresh-token-reused'): Promise<string[]> {
    const userId = await this.tokens.revokeFamily(manager, familyId);
    if (userId === undefined) return [];
    const user = await this.users.findIdAndCompany(manager, userId);
    if (!user) return [familyId];
    await this.outbox.add(manager, {
      definition: sessionEnded,
      companyId: user.companyId,
      key: user.id,
      payload: { userId: user.id, companyId: user.companyId, sessionId: familyId, reason },
    });
    return [familyId];
  }
}
