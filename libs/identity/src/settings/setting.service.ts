import {
  can,
  COMPANY_SETTING_KEYS,
  COMPANY_SETTINGS,
  COMPANY_TIME_ZONE_SETTING,
  type CompanySettingKey,
  GLOBAL_SETTING_KEYS,
  GLOBAL_SETTINGS,
  type GlobalSettingKey,
  IDENTITY_MESSAGES,
  invalidTimeZoneMessage,
  isValidSettingValue,
  type SettingResponse,
  settingUpdated,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { mapSetting } from './setting.dto';
import { type CompanySetting, type GlobalSetting, SettingRepository } from './setting.repository';

const isGlobalKey = (key: string): key is GlobalSettingKey => key in GLOBAL_SETTINGS;
const isCompanyKey = (key: string): key is CompanySettingKey => key in COMPANY_SETTINGS;

/** Company settings (every key the spec lists, defaults created with the company) and global ones. */
@Injectable()
export class SettingService {
  constructor(
    private readonly repository: SettingRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** A new company's settings: every key at its default unless given. */
  async createDefaults(
    manager: EntityManager,
    companyId: number,
    overrides: Partial<Record<CompanySettingKey, string>> = {},
  ): Promise<CompanySetting[]> {
    const rows = COMPANY_SETTING_KEYS.map((key) => ({ companyId, key, value: overrides[key] ?? COMPANY_SETTINGS[key].default }));
    const saved = await this.repository.insertCompanySettings(manager, rows);
    for (const row of saved) await this.publish(manager, row.companyId, row.key, row.value);
    return saved;
  }

  /** GET /settings: the company's settings, plus the global ones for super users. */
  async list(tenancy: Tenancy): Promise<SettingResponse[]> {
    const company = (await this.companySettings(tenancy.companyId)).map(mapSetting);
    if (!tenancy.super) return company;
    const global = await this.globalSettings();
    return [...company, ...global.map(mapSetting)];
  }

  /** The company's stored settings, with defaults for keys it has no row for. */
  async companySettings(companyId: number, manager?: EntityManager): Promise<CompanySetting[]> {
    const stored = await this.repository.companySettings(companyId, manager);
    const byKey = new Map(stored.map((row) => [row.key, row]));
    return COMPANY_SETTING_KEYS.map((key) => byKey.get(key) ?? this.defaultRow(companyId, key));
  }

  private defaultRow(companyId: number, key: CompanySettingKey): CompanySetting {
    return { companyId, key, value: COMPANY_SETTINGS[key].default, updatedAt: new Date(0) };
  }

  /** Several companies' settings in one query, defaults filled in, by company id. */
  async settingsOfCompanies(companyIds: number[]): Promise<Map<number, CompanySetting[]>> {
    const stored = companyIds.length ? await this.repository.settingsOfCompanies(companyIds) : [];
    return new Map(
      companyIds.map((companyId) => {
        const byKey = new Map(stored.filter((row) => row.companyId === companyId).map((row) => [row.key, row]));
        return [companyId, COMPANY_SETTING_KEYS.map((key) => byKey.get(key) ?? this.defaultRow(companyId, key))];
      }),
    );
  }

  async globalSettings(): Promise<GlobalSetting[]> {
    const stored = await this.repository.globalSettings();
    const byKey = new Map(stored.map((row) => [row.key, row]));
    return GLOBAL_SETTING_KEYS.map((key) => byKey.get(key) ?? { key, value: GLOBAL_SETTINGS[key].default, updatedAt: new Date(0) });
  }

  /** A global setting's value (its default when never set). */
  async globalValue(key: GlobalSettingKey, manager?: EntityManager): Promise<string> {
    const row = await this.repository.globalSetting(key, manager);
    return row?.value ?? GLOBAL_SETTINGS[key].default;
  }

  /** GET /settings/:key (public): only the global keys the sign-up and login pages read. */
  async publicValue(key: string): Promise<{ key: string; value: string }> {
    if (!isGlobalKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', `No public setting ${key}`);
    return { key, value: await this.globalValue(key) };
  }

  /**
   * GET /settings/:key for a company key: its value for the caller's company, to every user of it as
   * GET /settings lists them (unknown keys, the spec's payment keys among them, 404: they are billing's).
   */
  async companyValue(tenancy: Tenancy, key: string): Promise<{ key: string; value: string }> {
    if (!isCompanyKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`);
    const row = await this.repository.companySetting(tenancy.companyId, key);
    return { key, value: row?.value ?? COMPANY_SETTINGS[key].default };
  }

  /** PUT /settings/:key: global keys by super users, company keys by admins. */
  async update(tenancy: Tenancy, key: string, value: string): Promise<SettingResponse> {
    if (isGlobalKey(key)) {
      if (!tenancy.super) throw new AppError('ERR_NO_PERMISSION', 'Only super users change global settings');
      this.assertValue(key, value);
      return this.repository.transaction(async (manager) => {
        const stored = await this.repository.upsertGlobalSetting(manager, key, value);
        await this.publish(manager, null, key, value);
        return mapSetting(stored);
      });
    }
    if (!isCompanyKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', `No setting ${key}`);
    if (!can(tenancy, 'settings-page:edit')) throw new AppError('ERR_NO_PERMISSION', 'Only admins change settings');
    this.assertValue(key, value);
    if (key === COMPANY_TIME_ZONE_SETTING && !(await this.repository.knowsTimeZone(value))) this.refuse(key, value);
    return this.repository.transaction(async (manager) => mapSetting(await this.setCompanyValue(manager, tenancy.companyId, key, value)));
  }

  /** Stores one company setting and its identity.setting.updated event in the caller's transaction. */
  async setCompanyValue(manager: EntityManager, companyId: number, key: CompanySettingKey, value: string): Promise<CompanySetting> {
    this.assertValue(key, value);
    const stored = await this.repository.upsertCompanySetting(manager, companyId, key, value);
    await this.publish(manager, companyId, key, value);
    return stored;
  }

  private assertValue(key: string, value: string): void {
    if (!isValidSettingValue(key, value)) this.refuse(key, value);
  }

  private refuse(key: string, value: string): never {
    const message = key === COMPANY_TIME_ZONE_SETTING ? invalidTimeZoneMessage(value) : IDENTITY_MESSAGES.invalidValue;
    throw new AppError('ERR_VALIDATION', key === COMPANY_TIME_ZONE_SETTING ? message : `${message}: ${key}`, {
      fields: [{ path: 'value', message }],
    });
  }

  private async publish(manager: EntityManager, companyId: number | null, key: string, value: string): Promise<void> {
    await this.outbox.add(manager, {
      definition: settingUpdated,
      companyId,
      key: companyId === null ? `global:${key}` : `${companyId}:${key}`,
      payload: { companyId, key, value },
    });
  }
}
