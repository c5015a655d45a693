import type { CompanySettingKey, GlobalSettingKey } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface CompanySettingRow {
  company_id: number;
  key: string;
  value: string;
  updated_at: Date;
}

export interface GlobalSettingRow {
  key: string;
  value: string;
  updated_at: Date;
}

/** One stored setting of a company. */
export interface CompanySetting {
  companyId: number;
  key: string;
  value: string;
  updatedAt: Date;
}

/** Platform-wide settings (allowregister, viewregister, trial), edited by super users. */
export interface GlobalSetting {
  key: string;
  value: string;
  updatedAt: Date;
}

export const toCompanySetting = (row: CompanySettingRow): CompanySetting => ({
  companyId: row.company_id,
  key: row.key,
  value: row.value,
  updatedAt: row.updated_at,
});

export const toGlobalSetting = (row: GlobalSettingRow): GlobalSetting => ({ key: row.key, value: row.value, updatedAt: row.updated_at });

/**
 * identity.company_settings and identity.global_settings, the stored rows only (defaults are the
 * service's). Reads outside a transaction take the caller's `manager` last, when it has one.
 */
@Injectable()
export class SettingRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async companySettings(companyId: number, manager: EntityManager = this.dataSource.manager): Promise<CompanySetting[]> {
    const rows: CompanySettingRow[] = await manager.query(`SELECT * FROM identity.company_settings WHERE company_id = $1`, [companyId]);
    return rows.map(toCompanySetting);
  }

  async companySetting(companyId: number, key: CompanySettingKey): Promise<CompanySetting | null> {
    const rows: CompanySettingRow[] = await this.dataSource.query(
      `SELECT * FROM identity.company_settings WHERE company_id = $1 AND key = $2`,
      [companyId, key],
    );
    return rows[0] ? toCompanySetting(rows[0]) : null;
  }

  /** The company's settings sorted by key. */
  async companySettingsByKey(companyId: number, manager: EntityManager = this.dataSource.manager): Promise<CompanySetting[]> {
    const rows: CompanySettingRow[] = await manager.query(`SELECT * FROM identity.company_settings WHERE company_id = $1 ORDER BY key`, [
      companyId,
    ]);
    return rows.map(toCompanySetting);
  }

  async settingsOfCompanies(companyIds: number[]): Promise<CompanySetting[]> {
    const rows: CompanySettingRow[] = await this.dataSource.query(
      `SELECT * FROM identity.company_settings WHERE company_id = ANY($1::int[])`,
      [companyIds],
    );
    return rows.map(toCompanySetting);
  }

  /** Stores the rows (a stored key takes the new value) and answers them as stored. */
  async insertCompanySettings(
    manager: EntityManager,
    settings: Pick<CompanySetting, 'companyId' | 'key' | 'value'>[],
  ): Promise<CompanySetting[]> {
    if (!settings.length) return [];
    const rows: CompanySettingRow[] = await manager.query(
      `INSERT INTO identity.company_settings (company_id, key, value)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
       RETURNING *`,
      [settings.map((s) => s.companyId), settings.map((s) => s.key), settings.map((s) => s.value)],
    );
    return rows.map(toCompanySetting);
  }

  /** Stores one company setting and answers the stored row. */
  async upsertCompanySetting(manager: EntityManager, companyId: number, key: CompanySettingKey, value: string): Promise<CompanySetting> {
    const rows: CompanySettingRow[] = await manager.query(
      `INSERT INTO identity.company_settings (company_id, key, value, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
       RETURNING *`,
      [companyId, key, value, new Date()],
    );
    return toCompanySetting(rows[0]);
  }

  /**
   * Whether PostgreSQL reads the zone too (the services compute days with AT TIME ZONE): its zone
   * data may be older or newer than the runtime's.
   */
  async knowsTimeZone(zone: string): Promise<boolean> {
    try {
      await this.dataSource.query(`SELECT now() AT TIME ZONE $1`, [zone]);
      return true;
    } catch {
      return false;
    }
  }

  async globalSettings(manager: EntityManager = this.dataSource.manager): Promise<GlobalSetting[]> {
    const rows: GlobalSettingRow[] = await manager.query(`SELECT * FROM identity.global_settings`);
    return rows.map(toGlobalSetting);
  }

  async globalSetting(key: GlobalSettingKey, manager: EntityManager = this.dataSource.manager): Promise<GlobalSetting | null> {
    const rows: GlobalSettingRow[] = await manager.query(`SELECT * FROM identity.global_settings WHERE key = $1`, [key]);
    return rows[0] ? toGlobalSetting(rows[0]) : null;
  }

  /** Stores one global setting and answers the stored row. */
  async upsertGlobalSetting(manager: EntityManager, key: GlobalSettingKey, value: string): Promise<GlobalSetting> {
    const rows: GlobalSettingRow[] = await manager.query(
      `INSERT INTO identity.global_settings (key, value, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
       RETURNING *`,
      [key, value, new Date()],
    );
    return toGlobalSetting(rows[0]);
  }
}
