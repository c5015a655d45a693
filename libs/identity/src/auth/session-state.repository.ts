import type { SessionAuthority, SessionState } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

interface SessionRow {
  user_id: number;
  company_id: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  company_open: boolean;
}

/**
 * Identity's answer to "is this login session alive?", the platform's SESSION_AUTHORITY: alive
 * while one refresh token of its family is unrevoked, its user exists and its company is active
 * (super users keep theirs); with the user's role as it is now, not as the token remembers it.
 */
@Injectable()
export class SessionStateRepository implements SessionAuthority {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  async lookup(sessionId: string): Promise<SessionState> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT u.id AS user_id, u.company_id, u.profile, u.super, (c.status AND c.approved) AS company_open
         FROM identity.refresh_tokens token
         JOIN identity.users u ON u.id = token.user_id
         JOIN identity.companies c ON c.id = u.company_id
        WHERE token.family_id = $1 AND token.revoked_at IS NULL
        LIMIT 1`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) return { live: false, reason: 'session ended or unknown' };
    if (!row.company_open && !row.super) return { live: false, reason: 'company inactive' };
    return { live: true, userId: row.user_id, companyId: row.company_id, profile: row.profile, super: row.super };
  }
}
