import { JOBS, type Jobs } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CampaignRepository, type CampaignRow, connectionsOf } from '../common/campaign.repository';
import { CampaignClock } from '../common/campaign-clock';
import { CampaignEvents } from '../common/campaign-events';
import { CampaignShippingRepository } from '../common/campaign-shipping.repository';
import { CampaignProgress } from './campaign-progress';
import { ConnectionRuns } from './connection-runs';

/** A PROGRAMADA campaign's start, at its scheduled time (one per campaign). */
export const CAMPAIGN_START_QUEUE = 'outbound-campaign-start';

/**
 * A campaign's start: scheduled at its time (a pg-boss job per campaign), or at once when the user
 * starts or restarts it. Starting gives its recipients their shipping records, unique per campaign and
 * recipient and spread over its connections in turn, and wakes those connections' runs.
 */
@Injectable()
export class CampaignStarts {
  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly runs: ConnectionRuns,
    private readonly progress: CampaignProgress,
    private readonly events: CampaignEvents,
    private readonly clock: CampaignClock,
  ) {}

  /** The campaign starts at `at` (any earlier start of it is replaced). */
  async scheduleStart(manager: EntityManager, campaignId: number, at: Date): Promise<void> {
    await this.cancelStart(manager, campaignId);
    await this.jobs?.schedule(
      manager,
      CAMPAIGN_START_QUEUE,
      { campaignId },
      {
        singletonKey: `campaign-${campaignId}`,
        startAfter: this.clock.secondsUntil(at),
      },
    );
  }

  async cancelStart(manager: EntityManager, campaignId: number): Promise<void> {
    await this.jobs?.cancelByKey(manager, CAMPAIGN_START_QUEUE, `campaign-${campaignId}`);
  }

  /** The start job: a PROGRAMADA campaign whose time came begins. */
  async start(campaignId: number): Promise<void> {
    await this.campaigns.transaction(async (manager) => {
      const row = await this.campaigns.view(manager, null, campaignId, true);
      if (!row || row.status !== 'PROGRAMADA' || !row.scheduled_at) return;
      if (new Date(row.scheduled_at).getTime() > this.clock.now().getTime() + 1_000) {
        await this.scheduleStart(manager, campaignId, new Date(row.scheduled_at));
        return;
      }
      await this.begin(manager, row, false);
    });
  }

  /**
   * The campaign runs (EM_ANDAMENTO): its recipients get their shipping records (new ones only: a
   * restart never sends a contact twice), its connections are woken. With `resume` (a restart by the
   * user), connections WhatsApp refused are given another chance.
   */
  async begin(manager: EntityManager, row: CampaignRow, resume: boolean): Promise<void> {
    const connections = connectionsOf(row);
    const now = this.clock.now();
    await this.campaigns.setStatus(manager, row.id, 'EM_ANDAMENTO', now);
    if (connections.length > 0) {
      await this.shipping.materialise(manager, row, connections);
      await this.shipping.ensurePace(manager, row.company_id, connections);
      if (resume) await this.shipping.unpause(manager, connections, ['refused']);
      for (const connectionId of connections) await this.runs.wake(manager, connectionId);
    }
    const current = (await this.campaigns.view(manager, null, row.id))!;
    if (!(await this.progress.finishIfSettled(manager, current))) {
      await this.events.saved(manager, current.company_id, row.id);
      await this.events.progressed(manager, current);
      await this.progress.soon(manager, row.id);
    }
  }
}
