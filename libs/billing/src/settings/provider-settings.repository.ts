import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface ProviderSettingRow {
  key: string;
  /** The value as SettingsCipher sealed it. */
  sealed: string;
  updated_at: Date;
}

/** billing.provider_settings: the payment settings the super user entered, sealed. */
@Injectable()
export class ProviderSettingsRepository {
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  async all(): Promise<ProviderSettingRow[]> {
    return this.dataSource.query(`SELECT key, sealed, updated_at FROM billing.provider_settings ORDER BY key`);
  }

  async put(key: string, sealed: string): Promise<ProviderSettingRow> {
    const rows: ProviderSettingRow[] = await this.dataSource.query(
      `INSERT INTO billing.provider_settings (key, sealed) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET sealed = EXCLUDED.sealed, updated_at = now()
       RETURNING key, sealed, updated_at`,
      [key, sealed],
    );
    return rows[0]!;
  }

  async remove(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM billing.provider_settings WHERE key = $1`, [key]);
  }
}
