import type { CompanySettingKey, GlobalSettingKey } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';

import { CompanySetting } from '../entities/company-setting.entity';
import { GlobalSetting } from '../entities/global-setting.entity';

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

  companySettings(companyId: number, manager: EntityManager = this.dataSource.manager): Promise<CompanySetting[]> {
    return manager.find(CompanySetting, { where: { companyId } });
  }

  companySetting(companyId: number, key: CompanySettingKey): Promise<CompanySetting | null> {
    return this.dataSource.manager.findOne(CompanySetting, { where: { companyId, key } });
  }

  /** The company's settings sorted by key. */
  companySettingsByKey(companyId: number, manager: EntityManager = this.dataSource.manager): Promise<CompanySetting[]> {
    return manager.find(CompanySetting, { where: { companyId }, order: { key: 'ASC' } });
  }

  settingsOfCompanies(companyIds: number[]): Promise<CompanySetting[]> {
    return this.dataSource.manager.find(CompanySetting, { where: { companyId: In(companyIds) } });
  }

  insertCompanySettings(manager: EntityManager, rows: Pick<CompanySetting, 'companyId' | 'key' | 'value'>[]): Promise<CompanySetting[]> {
    return manager.save(rows.map((row) => manager.create(CompanySetting, row)));
  }

  /** Stores one company setting and answers the stored row. */
  async upsertCompanySetting(manager: EntityManager, companyId: number, key: CompanySettingKey, value: string): Promise<CompanySetting> {
    await manager.upsert(CompanySetting, { companyId, key, value, updatedAt: new Date() }, ['companyId', 'key']);
    return manager.findOneByOrFail(CompanySetting, { companyId, key });
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

  globalSettings(manager: EntityManager = this.dataSource.manager): Promise<GlobalSetting[]> {
    return manager.find(GlobalSetting);
  }

  globalSetting(key: GlobalSettingKey, manager: EntityManager = this.dataSource.manager): Promise<GlobalSetting | null> {
    return manager.findOne(GlobalSetting, { where: { key } });
  }

  /** Stores one global setting and answers the stored row. */
  async upsertGlobalSetting(manager: EntityManager, key: GlobalSettingKey, value: string): Promise<GlobalSetting> {
    await manager.upsert(GlobalSetting, { key, value, updatedAt: new Date() }, ['key']);
    return manager.findOneByOrFail(GlobalSetting, { key });
  }
}
