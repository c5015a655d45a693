import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, IsNull, Repository, type EntityManager } from 'typeorm';
import { isSecretSettingKey, sessionStarted, SUBSCRIPTION_WARNING_DAYS, type SubscriptionInfo } from '@app/contracts';
import { AccessTokenService, AppError, OutboxWriter } from '@app/platform';
import { mapUser, planFlags, type UserResponseDto } from '../dtos/user.dto';
import { CompanySetting } from '../entities/company-setting.entity';
import { RefreshToken } from '../entities/refresh-token.entity';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { User } from '../entities/user.entity';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity-options';

export interface IssuedSession {
  token: string;
  sessionId: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  user: UserResponseDto;
  subscription: SubscriptionInfo;
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
    @InjectRepository(User, 'identity') private readonly users: Repository<User>,
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly accessTokens: AccessTokenService,
    private readonly outbox: OutboxWriter,
    private readonly rateLimiter: RateLimiter,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  /** Checks the password, opens a session and tells the user's other sessions (identity.session.started). */
  async login(email: string, password: string, ip: string): Promise<IssuedSession> {
    await this.rateLimiter.consume('login', ip, email);
    const user = await this.loadUser({ email: email.toLowerCase() });
    const valid = user
      ? await argon2.verify(user.passwordHash, password)
      : await argon2.verify(await DUMMY_HASH, password).then(() => false);
    if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS', 'Invalid e-mail or password');
    this.assertCompanyMayLogIn(user);
    return this.dataSource.transaction(async (manager) => {
      const session = await this.issue(manager, user, randomUUID());
      await this.outbox.add(manager, {
        definition: sessionStarted,
        companyId: user.companyId,
        key: user.id,
        payload: { userId: user.id, companyId: user.companyId, sessionId: session.sessionId },
      });
      return session;
    });
  }

  /** Rotates the refresh token: the presented one is spent, a new one of the same family issued. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED', 'No session');
    // The revocation of a reused token's family must commit, so failures are returned, not thrown.
    const outcome = await this.dataSource.transaction(async (manager): Promise<IssuedSession | AppError> => {
      const stored = await manager.findOne(RefreshToken, {
        where: { tokenHash: hashToken(refreshToken) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!stored) return new AppError('ERR_SESSION_EXPIRED', 'Unknown session');
      if (stored.usedAt || stored.revokedAt) {
        // A spent token presented again: it leaked, or an attacker raced the user. End the session.
        await this.revokeFamily(manager, stored.familyId);
        return new AppError('ERR_SESSION_EXPIRED', 'Session ended: refresh token reused');
      }
      if (stored.expiresAt.getTime() <= Date.now()) return new AppError('ERR_SESSION_EXPIRED', 'Session expired');
      await manager.update(RefreshToken, { id: stored.id }, { usedAt: new Date() });
      const user = await this.loadUser({ id: stored.userId });
      if (!user) return new AppError('ERR_SESSION_EXPIRED', 'User no longer exists');
      this.assertCompanyMayLogIn(user);
      return this.issue(manager, user, stored.familyId);
    });
    if (outcome instanceof AppError) throw outcome;
    return outcome;
  }

  /** Ends the session of the given refresh token and/or session id; unknown ones are ignored. */
  async logout(refreshToken: string | undefined, sessionId: string | undefined): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (refreshToken) {
        const stored = await manager.findOne(RefreshToken, { where: { tokenHash: hashToken(refreshToken) } });
        if (stored) await this.revokeFamily(manager, stored.familyId);
      }
      if (sessionId) await this.revokeFamily(manager, sessionId);
    });
  }

  async me(userId: number, companyId: number): Promise<UserResponseDto> {
    const user = await this.loadUser({ id: userId, companyId });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
    return mapUser(user, await this.companySettings(this.dataSource.manager, user));
  }

  /** The company's settings for the browser; the billing secrets only for super users. */
  private async companySettings(manager: EntityManager, user: User) {
    const rows = await manager.find(CompanySetting, { where: { companyId: user.companyId }, order: { key: 'ASC' } });
    return rows.filter(({ key }) => user.super || !isSecretSettingKey(key)).map(({ key, value }) => ({ key, value }));
  }

  private loadUser(where: { id?: number; email?: string; companyId?: number }): Promise<User | null> {
    return this.users.findOne({ where, relations: { company: { plan: true } } });
  }

  private assertCompanyMayLogIn(user: User): void {
    const company = user.company!;
    if (user.super) return;
    if (!company.approved) throw new AppError('ERR_COMPANY_NOT_APPROVED', 'Company not approved yet');
    if (!company.status) throw new AppError('ERR_NO_PERMISSION', 'Company is inactive');
    const today = new Date().toISOString().slice(0, 10);
    if (company.dueDate && company.dueDate < today) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', `Subscription expired on ${company.dueDate}`, {
        dueDate: company.dueDate,
      });
    }
  }

  private async issue(manager: EntityManager, user: User, familyId: string): Promise<IssuedSession> {
    const refreshToken = randomBytes(48).toString('base64url');
    const refreshExpiresAt = new Date(Date.now() + this.options.refreshTtlSeconds * 1000);
    await manager.insert(RefreshToken, {
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
      user: mapUser(user, await this.companySettings(manager, user)),
      subscription: subscriptionInfo(user.company!.dueDate),
    };
  }

  private async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
