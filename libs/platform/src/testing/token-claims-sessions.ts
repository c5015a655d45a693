import { Injectable, Module } from '@nestjs/common';

import { AccessTokenService } from '../auth/access-token.service';
import { SESSION_AUTHORITY, type SessionAuthority, type SessionState } from '../auth/session-authority';

/**
 * Identity's session answers for tests and benchmarks of a service without identity: every
 * session whose token verifies is alive with the user and role its token states, until `end`.
 */
@Injectable()
export class TokenClaimsSessionAuthority implements SessionAuthority {
  private readonly ended = new Set<string>();
  lookups = 0;

  constructor(private readonly tokens: AccessTokenService) {}

  async lookup(sessionId: string, token: string): Promise<SessionState> {
    this.lookups++;
    if (this.ended.has(sessionId)) return { live: false, reason: 'session ended' };
    const tenancy = this.tokens.verify(token);
    return { live: true, userId: tenancy.userId, companyId: tenancy.companyId, profile: tenancy.profile, super: tenancy.super };
  }

  /** Identity's answer for this session from now on (the cache in SessionRegistry is not told). */
  end(sessionId: string): void {
    this.ended.add(sessionId);
  }
}

/** Import beside PlatformModule where no identity module answers session checks. */
@Module({
  providers: [TokenClaimsSessionAuthority, { provide: SESSION_AUTHORITY, useExisting: TokenClaimsSessionAuthority }],
  exports: [TokenClaimsSessionAuthority, SESSION_AUTHORITY],
})
export class TokenClaimsSessionsModule {}
