import type { SessionAuthority, SessionState } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { Company } from '../entities/company.entity';
import { RefreshToken } from '../entities/refresh-token.entity';
import { User } from '../entities/user.entity';

interface SessionRow {
  userId: number;
  companyId: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  companyOpen: boolean;
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
    const row = await this.dataSource
      .createQueryBuilder(RefreshToken, 'token')
      .innerJoin(User, 'user', 'user.id = token.userId')
      .innerJoin(Company, 'company', 'company.id = user.companyId')
      .select('user.id', 'userId')
      .addSelect('user.companyId', 'companyId')
      .addSelect('user.profile', 'profile')
      .addSelect('user.super', 'super')
      .addSelect('company.status AND company.approved', 'companyOpen')
      .where('token.familyId = :sessionId', { sessionId })
      .andWhere('token.revokedAt IS NULL')
      .limit(1)
      .getRawOne<SessionRow>();
    if (!row) return { live: false, reason: 'session ended or unknown' };
    if (!row.companyOpen && !row.super) return { live: false, reason: 'company inactive' };
    return { live: true, userId: row.userId, companyId: row.companyId, profile: row.profile, super: row.super };
  }
}
