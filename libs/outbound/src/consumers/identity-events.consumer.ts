import { COMPANY_TIME_ZONE_SETTING, companyDeleted, type EventEnvelope, settingUpdated, TOPICS } from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { CompanySettingRepository } from '../projections/company-setting.repository';

export const IDENTITY_EVENTS_CONSUMER = 'outbound-identity';
/** The company settings outbound keeps. */
const KEPT_SETTINGS = new Set(['campaignsEnabled', COMPANY_TIME_ZONE_SETTING]);

/** Keeps the company settings outbound obeys (campaignsEnabled, the company's time zone) from identity's events. */
@Injectable()
export class IdentityEventsConsumer implements EventConsumer {
  readonly subscription = { groupId: IDENTITY_EVENTS_CONSUMER, topics: [TOPICS.identityEvents] };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly settings: CompanySettingRepository,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const setting = readEvent(settingUpdated, envelope);
    const kept = setting?.companyId && KEPT_SETTINGS.has(setting.key) ? setting : null;
    const gone = readEvent(companyDeleted, envelope);
    if (!kept && !gone) return;
    await this.processed.consumeOnce(IDENTITY_EVENTS_CONSUMER, envelope, async (manager) => {
      if (kept) await this.settings.set(manager, kept.companyId!, kept.key, kept.value);
      if (gone) await this.settings.deleteCompany(manager, gone.companyId);
    });
  }
}
