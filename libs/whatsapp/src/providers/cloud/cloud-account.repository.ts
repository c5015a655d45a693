import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import type { SealedSecret } from './cloud-secrets-cipher';

/** whatsapp.cloud_accounts as node-postgres reads it. */
interface CloudAccountRow {
  connection_id: number;
  company_id: number;
  phone_number_id: string;
  waba_id: string;
  access_token: string;
  access_token_shown: string;
  app_secret: string;
  app_secret_shown: string;
  verify_token: string;
  verify_token_shown: string;
  webhook_key: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  messaging_tier: string;
  check_error: string;
  checked_at: Date | null;
}

/** A Cloud API connection's account; its secrets sealed (CloudSecretsCipher). */
export interface StoredCloudAccount {
  connectionId: number;
  companyId: number;
  phoneNumberId: string;
  wabaId: string;
  accessToken: SealedSecret;
  appSecret: SealedSecret;
  verifyToken: SealedSecret;
  webhookKey: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  messagingTier: string;
  checkError: string;
  checkedAt: Date | null;
}

export type CloudAccountFields = Pick<
  StoredCloudAccount,
  'connectionId' | 'companyId' | 'phoneNumberId' | 'wabaId' | 'accessToken' | 'appSecret' | 'verifyToken'
>;

export interface CloudNumberState {
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  messagingTier: string;
  checkError: string;
}

const mapCloudAccount = (row: CloudAccountRow): StoredCloudAccount => ({
  connectionId: row.connection_id,
  companyId: row.company_id,
  phoneNumberId: row.phone_number_id,
  wabaId: row.waba_id,
  accessToken: { stored: row.access_token, shown: row.access_token_shown },
  appSecret: { stored: row.app_secret, shown: row.app_secret_shown },
  verifyToken: { stored: row.verify_token, shown: row.verify_token_shown },
  webhookKey: row.webhook_key,
  displayPhoneNumber: row.display_phone_number,
  verifiedName: row.verified_name,
  qualityRating: row.quality_rating,
  messagingTier: row.messaging_tier,
  checkError: row.check_error,
  checkedAt: row.checked_at,
});

/** whatsapp.cloud_accounts: one row per Cloud API connection. */
@Injectable()
export class CloudAccountRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  async ofConnection(connectionId: number): Promise<StoredCloudAccount | null> {
    const rows: CloudAccountRow[] = await this.dataSource.query(`SELECT * FROM whatsapp.cloud_accounts WHERE connection_id = $1`, [
      connectionId,
    ]);
    return rows[0] ? mapCloudAccount(rows[0]) : null;
  }

  /** The account of the company's connection; null for another company's. */
  async ofCompany(companyId: number, connectionId: number): Promise<StoredCloudAccount | null> {
    const account = await this.ofConnection(connectionId);
    return account?.companyId === companyId ? account : null;
  }

  /** The account a webhook URL names (its key is the only thing trusted of the call before the signature). */
  async byWebhookKey(webhookKey: string): Promise<StoredCloudAccount | null> {
    const rows: CloudAccountRow[] = await this.dataSource.query(`SELECT * FROM whatsapp.cloud_accounts WHERE webhook_key = $1`, [
      webhookKey,
    ]);
    return rows[0] ? mapCloudAccount(rows[0]) : null;
  }

  /** The connection already using this phone number id, if another one does. */
  async holderOf(manager: EntityManager, phoneNumberId: string): Promise<number | null> {
    const rows: { connection_id: number }[] = await manager.query(
      `SELECT connection_id FROM whatsapp.cloud_accounts WHERE phone_number_id = $1`,
      [phoneNumberId],
    );
    return rows[0]?.connection_id ?? null;
  }

  /** Writes the account (its webhook key stays once made) with what the check just learnt of the number. */
  async save(manager: EntityManager, account: CloudAccountFields, state: CloudNumberState): Promise<StoredCloudAccount> {
    const rows: CloudAccountRow[] = await manager.query(
      `INSERT INTO whatsapp.cloud_accounts (connection_id, company_id, phone_number_id, waba_id, access_token, access_token_shown,
              app_secret, app_secret_shown, verify_token, verify_token_shown, display_phone_number, verified_name,
              quality_rating, messaging_tier, check_error, checked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now())
       ON CONFLICT (connection_id) DO UPDATE SET
              phone_number_id = EXCLUDED.phone_number_id, waba_id = EXCLUDED.waba_id,
              access_token = EXCLUDED.access_token, access_token_shown = EXCLUDED.access_token_shown,
              app_secret = EXCLUDED.app_secret, app_secret_shown = EXCLUDED.app_secret_shown,
              verify_token = EXCLUDED.verify_token, verify_token_shown = EXCLUDED.verify_token_shown,
              display_phone_number = EXCLUDED.display_phone_number, verified_name = EXCLUDED.verified_name,
              quality_rating = EXCLUDED.quality_rating, messaging_tier = EXCLUDED.messaging_tier,
              check_error = EXCLUDED.check_error, checked_at = now(), updated_at = now()
       RETURNING *`,
      [
        account.connectionId,
        account.companyId,
        account.phoneNumberId,
        account.wabaId,
        account.accessToken.stored,
        account.accessToken.shown,
        account.appSecret.stored,
        account.appSecret.shown,
        account.verifyToken.stored,
        account.verifyToken.shown,
        state.displayPhoneNumber,
        state.verifiedName,
        state.qualityRating,
        state.messagingTier,
        state.checkError,
      ],
    );
    return mapCloudAccount(rows[0]!);
  }

  /** What the session's own check of the number found (a failure leaves the rest as it was). */
  async recordCheck(connectionId: number, state: Partial<CloudNumberState> & { checkError: string }): Promise<void> {
    await this.dataSource.query(
      `UPDATE whatsapp.cloud_accounts
          SET display_phone_number = COALESCE($2, display_phone_number), verified_name = COALESCE($3, verified_name),
              quality_rating = COALESCE($4, quality_rating), messaging_tier = COALESCE($5, messaging_tier),
              check_error = $6, checked_at = now(), updated_at = now()
        WHERE connection_id = $1`,
      [
        connectionId,
        state.displayPhoneNumber ?? null,
        state.verifiedName ?? null,
        state.qualityRating ?? null,
        state.messagingTier ?? null,
        state.checkError,
      ],
    );
  }

  async delete(manager: EntityManager, connectionId: number): Promise<void> {
    await manager.query(`DELETE FROM whatsapp.cloud_accounts WHERE connection_id = $1`, [connectionId]);
  }
}
