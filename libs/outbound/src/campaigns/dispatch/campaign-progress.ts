import { JOBS, type Jobs } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CampaignRepository, type CampaignRow } from '../common/campaign.repository';
import { CampaignClock } from '../common/campaign-clock';
import { CampaignEvents } from '../common/campaign-events';
import { CampaignShippingRepository } from '../common/campaign-shipping.repository';

/** A campaign's figures announced, at most one pending per campaign: live progress without an event per message. */
export const CAMPAIGN_PROGRESS_QUEUE = 'outbound-campaign-progress';

const PROGRESS_DELAY_SECONDS = 2;
/** While a campaign runs, its figures (and whether it is finished) are looked at again this often at least. */
const PROGRESS_HEARTBEAT_SECONDS = 10;

/** A campaign's progress announcements, and its end (FINALIZADA) once nothing is left to settle. */
@Injectable()
export class CampaignProgress {
  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly events: CampaignEvents,
    private readonly clock: CampaignClock,
  ) {}

  /** The campaign's figures go out within a couple of seconds (one announcement for many changes). */
  async soon(manager: EntityManager, campaignId: number): Promise<void> {
    await this.announceAfter(manager, campaignId, PROGRESS_DELAY_SECONDS);
  }

  private async announceAfter(manager: EntityManager, campaignId: number, seconds: number): Promise<void> {
    await this.jobs?.schedule(
      manager,
      CAMPAIGN_PROGRESS_QUEUE,
      { campaignId },
      { singletonKey: `campaign-${campaignId}`, startAfter: seconds },
    );
  }

  /**
   * The progress job: a running campaign with nothing left to settle becomes FINALIZADA, and its
   * figures are announced. Only this job (one per campaign at a time) finishes a campaign, so the
   * answers of many connections never queue on the campaign's row; while it runs, the job comes
   * back every PROGRESS_HEARTBEAT_SECONDS in case the last answer committed after it looked.
   */
  async announce(campaignId: number): Promise<void> {
    await this.campaigns.transaction(async (manager) => {
      const row = await this.campaigns.view(manager, null, campaignId, true);
      if (!row) return;
      const finished = await this.finishIfSettled(manager, row);
      // A finished campaign was announced; a stopped one, or a late confirmation of a finished one, is announced here.
      if (!finished) await this.events.progressed(manager, row);
      if (row.status === 'EM_ANDAMENTO' && !finished) await this.announceAfter(manager, campaignId, PROGRESS_HEARTBEAT_SECONDS);
    });
  }

  /**
   * A running campaign with nothing left to send or to hear back about becomes FINALIZADA, announced
   * (true); one whose list still has numbers to check waits for them, since a valid one joins it.
   */
  async finishIfSettled(manager: EntityManager, row: CampaignRow): Promise<boolean> {
    if (row.status !== 'EM_ANDAMENTO' || (await this.shipping.counts(manager, row.id)).unsettled > 0) return false;
    if (await this.shipping.listStillChecking(manager, row)) return false;
    await this.campaigns.setStatus(manager, row.id, 'FINALIZADA', this.clock.now());
    const finished = (await this.campaigns.view(manager, null, row.id))!;
    await this.events.saved(manager, finished.company_id, row.id);
    await this.events.progressed(manager, finished);
    return true;
  }
}
