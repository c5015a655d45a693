import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull, MoreThan } from 'typeorm';

import { EmailCode, type EmailCodePurpose } from '../entities/email-code.entity';

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
    await manager.update(EmailCode, { purpose, email, consumedAt: IsNull() }, { consumedAt: new Date() });
  }

  async insert(manager: EntityManager, code: Pick<EmailCode, 'purpose' | 'email' | 'codeHash' | 'expiresAt'>): Promise<void> {
    await manager.insert(EmailCode, { ...code, attempts: 0, verifiedAt: null, consumedAt: null });
  }

  /** The newest unused, unexpired code of this e-mail and purpose, locked for the caller's transaction. */
  newestLive(manager: EntityManager, purpose: EmailCodePurpose, email: string): Promise<EmailCode | null> {
    return manager.findOne(EmailCode, {
      where: { purpose, email, consumedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC', id: 'DESC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The newest unused sign-up code of this e-mail verified after `since`, locked for the caller's transaction. */
  newestVerifiedSignUp(manager: EntityManager, email: string, since: Date): Promise<EmailCode | null> {
    return manager.findOne(EmailCode, {
      where: { purpose: 'signup', email, consumedAt: IsNull(), verifiedAt: MoreThan(since) },
      order: { verifiedAt: 'DESC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async setAttempts(manager: EntityManager, id: number, attempts: number): Promise<void> {
    await manager.update(EmailCode, { id }, { attempts });
  }

  async markVerified(manager: EntityManager, id: number): Promise<void> {
    await manager.update(EmailCode, { id }, { verifiedAt: new Date() });
  }

  async markConsumed(manager: EntityManager, id: number): Promise<void> {
    await manager.update(EmailCode, { id }, { consumedAt: new Date() });
  }
}
