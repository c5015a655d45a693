import {
  type CampaignSettingRecord,
  campaignSettingRecordSchema,
  type CampaignSettings,
  type CampaignSettingsBody,
  campaignSettingsOf,
} from '@app/contracts';
import type { Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CampaignSettingsRepository } from './campaign-settings.repository';

const KEYS = campaignSettingRecordSchema.shape.key.options;

/**
 * The company's campaign settings (spec 2): the intervals (defaults 20, 20 and 60 seconds) and the
 * named variables; admins of a plan with campaigns read and change them (the controller).
 */
@Injectable()
export class CampaignSettingsService {
  constructor(private readonly settings: CampaignSettingsRepository) {}

  /** Every key, the saved value or its default, as the spec's records. */
  async records(tenancy: Tenancy): Promise<CampaignSettingRecord[]> {
    return recordsOf(await this.current(null, tenancy.companyId));
  }

  /** The settings sent change; the others keep their value. */
  async save(tenancy: Tenancy, body: CampaignSettingsBody): Promise<CampaignSettingRecord[]> {
    return this.settings.transaction(async (manager) => {
      const current = await this.current(manager, tenancy.companyId);
      const next: CampaignSettings = {
        messageInterval: (body.settings.messageInterval as number | undefined) ?? current.messageInterval,
        longerIntervalAfter: (body.settings.longerIntervalAfter as number | undefined) ?? current.longerIntervalAfter,
        greaterInterval: (body.settings.greaterInterval as number | undefined) ?? current.greaterInterval,
        variables: body.settings.variables?.map((variable) => ({ key: variable.key, value: variable.value ?? '' })) ?? current.variables,
      };
      for (const record of recordsOf(next)) await this.settings.save(manager, tenancy.companyId, record.key, record.value);
      return recordsOf(next);
    });
  }

  private async current(manager: EntityManager | null, companyId: number): Promise<CampaignSettings> {
    const records = await this.settings.records(manager, companyId);
    return campaignSettingsOf(
      records.filter((record): record is CampaignSettingRecord => (KEYS as readonly string[]).includes(record.key)),
    );
  }
}

const recordsOf = (settings: CampaignSettings): CampaignSettingRecord[] =>
  KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
