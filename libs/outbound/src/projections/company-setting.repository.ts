import { COMPANY_TIME_ZONE_SETTING, DEFAULT_COMPANY_TIME_ZONE } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The company settings outbound obeys, as identity announces them (`outbound.company_settings`). */
@Injectable()
export class CompanySettingRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  async set(manager: EntityManager, companyId: number, key: string, value: string): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.company_settings (company_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, key) DO UPDATE SET value = $3`,
      [companyId, key, value],
    );
  }

  async deleteCompany(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`DELETE FROM outbound.company_settings WHERE company_id = $1`, [companyId]);
  }

  /** The setting's value, or null when identity never announced it here. */
  async value(companyId: number, key: string, manager: EntityManager | null = null): Promise<string | null> {
    const rows: { value: string }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT value FROM outbound.company_settings WHERE company_id = $1 AND key = $2`,
      [companyId, key],
    );
    return rows[0]?.value ?? null;
  }

  /**
   * The company's time zone (the setting `timezone`, decision 0037): campaign hours and schedules
   * are read in it; America/Sao_Paulo while identity never announced another.
   */
  async timeZone(manager: EntityManager | null, companyId: number): Promise<string> {
    return (await this.value(companyId, COMPANY_TIME_ZONE_SETTING, manager)) ?? DEFAULT_COMPANY_TIME_ZONE;
  }
}
