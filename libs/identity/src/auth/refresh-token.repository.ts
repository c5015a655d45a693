import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';

import { RefreshToken } from '../entities/refresh-token.entity';

/** identity.refresh_tokens: a login session is the family of its rotating refresh tokens (hashed). */
@Injectable()
export class RefreshTokenRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The token with this hash; its row locked for the caller's transaction when `lock`. */
  findByHash(manager: EntityManager, tokenHash: string, lock = false): Promise<RefreshToken | null> {
    return manager.findOne(RefreshToken, { where: { tokenHash }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  async insert(manager: EntityManager, token: Pick<RefreshToken, 'id' | 'familyId' | 'userId' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await manager.insert(RefreshToken, token);
  }

  async markUsed(manager: EntityManager, id: string): Promise<void> {
    await manager.update(RefreshToken, { id }, { usedAt: new Date() });
  }

  /** The sessions (families) of a user that still have an unrevoked token. */
  async openFamiliesOfUser(manager: EntityManager, userId: number): Promise<string[]> {
    const rows = await manager
      .createQueryBuilder(RefreshToken, 'token')
      .select('DISTINCT token.familyId', 'familyId')
      .where('token.userId = :userId AND token.revokedAt IS NULL', { userId })
      .getRawMany<{ familyId: string }>();
    return rows.map((row) => row.familyId);
  }

  /** Revokes a family's unrevoked tokens; the user of the first one revoked, undefined when none was left. */
  async revokeFamily(manager: EntityManager, familyId: string): Promise<number | undefined> {
    const revoked = await manager
      .createQueryBuilder()
      .update(RefreshToken)
      .set({ revokedAt: () => 'now()' })
      .where({ familyId, revokedAt: IsNull() })
      .returning(['userId'])
      .execute();
    return (revoked.raw as { user_id: number }[])[0]?.user_id;
  }

  /** Revokes every unrevoked token of a user. */
  async revokeAllOfUser(manager: EntityManager, userId: number): Promise<void> {
    await manager.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
