import { CAMPAIGN_DEFAULT_TIME_ZONE } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';

import { OUTBOUND_OPTIONS, type OutboundOptions } from '../outbound-options';

/** The time campaigns run by: now, and the time zone of a company's hours and weekdays. */
@Injectable()
export class CampaignClock {
  constructor(@Inject(OUTBOUND_OPTIONS) private readonly options: OutboundOptions) {}

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Every company's campaigns read their hours in this zone (companies have no zone of their own yet). */
  timeZone(_companyId: number): string {
    return this.options.campaignTimeZone ?? CAMPAIGN_DEFAULT_TIME_ZONE;
  }
}
