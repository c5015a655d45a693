import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface RefreshTokenRow {
  id: string;
  family_id: string;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

/**
 * One refresh token of a login session (family). Tokens rotate on every refresh; presenting a token
 * that was already used or revoked revokes the whole family.
 */
export interface RefreshToken {
  id: string;
  familyId: string;
  userId: number;
  /** sha256 of the token; the token itself is only ever in the client's cookie. */
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export const toRefreshToken = (row: RefreshTokenRow): RefreshToken => ({
  id: row.id,
  familyId: row.family_id,
  userId: row.user_id,
  tokenHash: row.token_hash,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
});

/** identity.refresh_tokens: a login session is the family of its rotating refresh tokens (hashed). */
@Injectable()
export class RefreshTokenRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The token with this hash; its row locked for the caller's transaction when `lock`. */
  async findByHash(manager: EntityManager, tokenHash: string, lock = false): Promise<RefreshToken | null> {
    const rows: RefreshTokenRow[] = await manager.query(
      lock
        ? `SELECT * FROM identity.refresh_tokens WHERE token_hash = $1 LIMIT 1 FOR UPDATE`
        : `SELECT * FROM identity.refresh_tokens WHERE token_hash = $1 LIMIT 1`,
      [tokenHash],
    );
    return rows[0] ? toRefreshToken(rows[0]) : null;
  }

  async insert(manager: EntityManager, token: Pick<RefreshToken, 'id' | 'familyId' | 'userId' | 'tokenHash' | 'expiresAt'>): Promise<void> {
    await manager.query(
      `INSERT INTO identity.refresh_tokens (id, family_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [token.id, token.familyId, token.userId, token.tokenHash, token.expiresAt],
    );
  }

  async markUsed(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE identity.refresh_tokens SET used_at = $2 WHERE id = $1`, [id, new Date()]);
  }

  /** The sessions (families) of a user that still have an unrevoked token. */
  async openFamiliesOfUser(manager: EntityManager, userId: number): Promise<string[]> {
    const rows: { family_id: string }[] = await manager.query(
      `SELECT DISTINCT family_id FROM identity.refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    return rows.map((row) => row.family_id);
  }

  /** Revokes a family's unrevoked tokens; the user of the first one revoked, undefined when none was left. */
  async revokeFamily(manager: EntityManager, familyId: string): Promise<number | undefined> {
    const result: unknown = await manager.query(
      `UPDATE identity.refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL RETURNING user_id`,
      [familyId],
    );
    return changedRows<{ user_id: number }>(result)[0]?.user_id;
  }

  /** Revokes every unrevoked token of a user. */
  async revokeAllOfUser(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`UPDATE identity.refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [
      userId,
      new Date(),
    ]);
  }
}
