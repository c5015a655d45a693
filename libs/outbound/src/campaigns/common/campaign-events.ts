import { type Campaign, type CampaignProgress, campaignProgressed, campaignSaved } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CampaignRepository, type CampaignRow, mapCampaign } from './campaign.repository';
import { CampaignClock } from './campaign-clock';
import { CampaignShippingRepository } from './campaign-shipping.repository';
import { isInsideWindow, nextWindowOpening } from './campaign-window';

/** A campaign's figures and its events: saved (fields, status) and progressed (figures), on outbound.events. */
@Injectable()
export class CampaignEvents {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly outbox: OutboxWriter,
    private readonly clock: CampaignClock,
  ) {}

  /** Announces the campaign as it is now in this transaction; null when it is gone. */
  async saved(manager: EntityManager, companyId: number, id: number, created = false): Promise<Campaign | null> {
    const row = await this.campaigns.view(manager, companyId, id);
    if (!row) return null;
    const campaign = mapCampaign(row);
    await this.outbox.add(manager, { definition: campaignSaved, companyId, key: `campaign-${id}`, payload: { campaign, created } });
    return campaign;
  }

  async progressed(manager: EntityManager, row: CampaignRow): Promise<CampaignProgress> {
    const progress = await this.progressOf(manager, row);
    await this.outbox.add(manager, {
      definition: campaignProgressed,
      companyId: row.company_id,
      key: `campaign-${row.id}`,
      payload: { progress },
    });
    return progress;
  }

  async progressOf(manager: EntityManager | null, row: CampaignRow): Promise<CampaignProgress> {
    const counts = await this.shipping.counts(manager, row.id);
    const now = this.clock.now();
    const timeZone = await this.clock.timeZone(manager, row.company_id);
    const running = row.status === 'EM_ANDAMENTO';
    const outsideWindow = running && !isInsideWindow(windowOf(row), now, timeZone);
    const resumesAt = outsideWindow ? nextWindowOpening(windowOf(row), now, timeZone) : null;
    return {
      campaignId: row.id,
      status: row.status,
      validContacts: await this.shipping.validContacts(manager, row),
      recipients: counts.recipients,
      delivered: counts.delivered,
      confirmationRequested: counts.confirmation_requested,
      confirmed: counts.confirmed,
      failed: counts.failed,
      outsideWindow,
      resumesAt: resumesAt ? resumesAt.toISOString() : null,
      completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    };
  }
}

export const windowOf = (row: Pick<CampaignRow, 'start_hour' | 'end_hour' | 'allow_saturday' | 'allow_sunday'>) => ({
  startHour: row.start_hour,
  endHour: row.end_hour,
  allowSaturday: row.allow_saturday,
  allowSunday: row.allow_sunday,
});
