import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type EmailCodePurpose = 'signup' | 'reset';

export interface EmailCodeRow {
  id: number;
  purpose: EmailCodePurpose;
  email: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  verified_at: Date | null;
  consumed_at: Date | null;
  created_at: Date;
}

/** A six-digit code sent by e-mail for sign-up or password reset; only its hash is kept. */
export interface EmailCode {
  id: number;
  purpose: EmailCodePurpose;
  email: string;
  codeHash: string;
  /** Wrong guesses so far; the code dies at the limit. */
  attempts: number;
  expiresAt: Date;
  /** Sign-up: when /verify-code accepted it; /companies/cadastro needs it. */
  verifiedAt: Date | null;
  consumedAt: Date | null;
  createdAt: Date;
}

export const toEmailCode = (row: EmailCodeRow): EmailCode => ({
  id: row.id,
  purpose: row.purpose,
  email: row.email,
  codeHash: row.code_hash,
  attempts: row.attempts,
  expiresAt: row.expires_at,
  verifiedAt: row.verified_at,
  consumedAt: row.consumed_at,
  createdAt: row.created_at,
});

/** identity.email_codes: the hashes of the codes mailed for sign-up and password reset. */
@Injectable()
export class EmailCodeRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Codes dead for a day go, so the table stays small. */
  async deleteLongExpired(manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM identity.email_codes WHERE expires_at < now() - interval '1 day'`);
  }

  /** The e-mail's unused codes for this purpose stop working. */
  async consumeUnused(manager: EntityManager, purpose: EmailCodePurpose, email: string): Promise<void> {
    await manager.query(`UPDATE identity.email_codes SET consumed_at = $3 WHERE purpose = $1 AND email = $2 AND consumed_at IS NULL`, [
      purpose,
      email,
      new Date(),
    ]);
  }

  async insert(manager: EntityManager, code: Pick<EmailCode, 'purpose' | 'email' | 'codeHash' | 'expiresAt'>): Promise<void> {
    await manager.query(
      `INSERT INTO identity.email_codes (purpose, email, code_hash, expires_at, attempts, verified_at, consumed_at)
       VALUES ($1, $2, $3, $4, 0, NULL, NULL)`,
      [code.purpose, code.email, code.codeHash, code.expiresAt],
    );
  }

  /** The newest unused, unexpired code of this e-mail and purpose, locked for the caller's transaction. */
  async newestLive(manager: EntityManager, purpose: EmailCodePurpose, email: string): Promise<EmailCode | null> {
    const rows: EmailCodeRow[] = await manager.query(
      `SELECT * FROM identity.email_codes
        WHERE purpose = $1 AND email = $2 AND consumed_at IS NULL AND expires_at > $3
        ORDER BY created_at DESC, id DESC
        LIMIT 1
        FOR UPDATE`,
      [purpose, email, new Date()],
    );
    return rows[0] ? toEmailCode(rows[0]) : null;
  }

  /** The newest unused sign-up code of this e-mail verified after `since`, locked for the caller's transaction. */
  async newestVerifiedSignUp(manager: EntityManager, email: string, since: Date): Promise<EmailCode | null> {
    const rows: EmailCodeRow[] = await manager.query(
      `SELECT * FROM identity.email_codes
        WHERE purpose = 'signup' AND email = $1 AND consumed_at IS NULL AND verified_at > $2
        ORDER BY verified_at DESC
        LIMIT 1
        FOR UPDATE`,
      [email, since],
    );
    return rows[0] ? toEmailCode(rows[0]) : null;
  }

  async setAttempts(manager: EntityManager, id: number, attempts: number): Promise<void> {
    await manager.query(`UPDATE identity.email_codes SET attempts = $2 WHERE id = $1`, [id, attempts]);
  }

  async markVerified(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE identity.email_codes SET verified_at = $2 WHERE id = $1`, [id, new Date()]);
  }

  async markConsumed(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE identity.email_codes SET consumed_at = $2 WHERE id = $1`, [id, new Date()]);
  }
}
