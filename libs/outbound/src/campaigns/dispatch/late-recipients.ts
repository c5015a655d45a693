import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CampaignRepository, connectionsOf } from '../common/campaign.repository';
import { CampaignShippingRepository } from '../common/campaign-shipping.repository';
import { CampaignProgress } from './campaign-progress';
import { ConnectionRuns } from './connection-runs';

/**
 * Recipients that appear after campaigns began (items of their list found valid on WhatsApp, a
 * contact that now has their tag) join them, in the transaction that made them appear (decision 0038).
 */
@Injectable()
export class LateRecipients {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly runs: ConnectionRuns,
    private readonly progress: CampaignProgress,
  ) {}

  /**
   * Each running campaign gets their shipping records (one per recipient, whatever the repeats) and
   * its connections are woken, to send them at their pace and inside the campaign's hours; a scheduled
   * one takes them at its start. Either announces its figures (the valid contacts grew). A finished or
   * stopped campaign is left alone.
   */
  async appeared(
    manager: EntityManager,
    companyId: number,
    source: { contactListId: number; itemIds: number[] } | { contactId: number },
  ): Promise<void> {
    const campaigns = await this.campaigns.lockTakingRecipients(manager, companyId, source);
    for (const row of campaigns) {
      const connections = connectionsOf(row);
      if (row.status === 'EM_ANDAMENTO' && connections.length > 0) {
        const woken = await this.shipping.addRecipients(
          manager,
          row,
          connections,
          'itemIds' in source ? { itemIds: source.itemIds } : source,
        );
        if (woken.length === 0) continue;
        await this.shipping.ensurePace(manager, row.company_id, connections);
        for (const connectionId of woken) await this.runs.wake(manager, connectionId);
      }
      await this.progress.soon(manager, row.id);
    }
  }
}
