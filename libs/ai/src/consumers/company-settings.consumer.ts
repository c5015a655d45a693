import { type EventEnvelope, settingUpdated, TOPICS } from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { AI_OPTIONS, type AiOptions } from '../common/ai-options';
import { GroupRepository } from '../groups/group.repository';

export const COMPANY_SETTINGS_CONSUMER = 'ai-company-settings';

/**
 * Keeps each company's time zone (identity's `timezone` setting, decision 0037): the groups' summaries
 * run by its clock. Setting a value is idempotent, so the event is applied directly (events of one
 * company come in order under its key).
 */
@Injectable()
export class CompanySettingsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(AI_OPTIONS) options: AiOptions,
    private readonly groups: GroupRepository,
  ) {
    this.subscription = {
      groupId: options.companySettingsGroupId ?? COMPANY_SETTINGS_CONSUMER,
      topics: [TOPICS.identityEvents],
      eventTypes: [settingUpdated.type],
    };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const setting = readEvent(settingUpdated, envelope);
    if (!setting || setting.key !== 'timezone' || setting.companyId === null) return;
    const companyId = setting.companyId;
    await this.groups.transaction((manager) => this.groups.setTimeZone(manager, companyId, setting.value));
  }
}
