import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { OUTBOUND_OPTIONS, type OutboundOptions } from '../../common/outbound-options';
import { CompanySettingRepository } from '../../projections/company-setting.repository';

/** The time campaigns run by: now, and the time zone of a company's hours and weekdays. */
@Injectable()
export class CampaignClock {
  constructor(
    @Inject(OUTBOUND_OPTIONS) private readonly options: OutboundOptions,
    private readonly settings: CompanySettingRepository,
  ) {}

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Seconds from now until `at` by this clock (pg-boss counts a job's delay from its own now). */
  secondsUntil(at: Date): number {
    return Math.max(0, (at.getTime() - this.now().getTime()) / 1_000);
  }

  /** The zone the company's campaign hours and weekdays are read in: its own (the setting `timezone`). */
  timeZone(manager: EntityManager | null, companyId: number): Promise<string> {
    return this.settings.timeZone(manager, companyId);
  }
}
