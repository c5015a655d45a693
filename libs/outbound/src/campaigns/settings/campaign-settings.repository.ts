import type { CampaignSettingRecord } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The campaign settings of the companies: the spec's key/value records, values as JSON. */
@Injectable()
export class CampaignSettingsRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async records(manager: EntityManager | null, companyId: number): Promise<{ key: string; value: string }[]> {
    return (manager ?? this.dataSource).query(`SELECT key, value FROM outbound.campaign_settings WHERE company_id = $1 ORDER BY key`, [
      companyId,
    ]);
  }

  async save(manager: EntityManager, companyId: number, key: CampaignSettingRecord['key'], value: string): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.campaign_settings (company_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, key) DO UPDATE SET value = $3, updated_at = now()`,
      [companyId, key, value],
    );
  }
}
