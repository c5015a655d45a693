import { JOBS, type Jobs } from '@app/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';

import { CAMPAIGN_PROGRESS_QUEUE, CampaignProgress } from './campaign-progress';
import { CAMPAIGN_START_QUEUE, CampaignStarts } from './campaign-starts';
import { CAMPAIGN_SEND_QUEUE, ConnectionRuns } from './connection-runs';

/**
 * Sends campaigns, exactly once per recipient, at each connection's pace (decision 0033): every step
 * is a pg-boss job and one transaction, and this registers their workers. A campaign starts at its
 * scheduled time (CampaignStarts); a connection's run sends its next recipients (ConnectionRuns);
 * WhatsApp's answer settles the record and sets when the connection may send again (CampaignAnswers);
 * a campaign's figures are announced, and it finishes, in its progress job (CampaignProgress). Nothing
 * lives in memory: a crash loses at most an uncommitted run, which the next run redoes.
 */
@Injectable()
export class DispatchWorkers implements OnModuleInit {
  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly starts: CampaignStarts,
    private readonly runs: ConnectionRuns,
    private readonly progress: CampaignProgress,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    for (const queue of [CAMPAIGN_START_QUEUE, CAMPAIGN_SEND_QUEUE, CAMPAIGN_PROGRESS_QUEUE]) {
      await this.jobs.declareQueue(queue, { uniqueByKey: true });
    }
    await this.jobs.work<{ campaignId: number }>(CAMPAIGN_START_QUEUE, (job) => this.starts.start(job.data.campaignId), { batchSize: 10 });
    await this.jobs.work<{ connectionId: number }>(CAMPAIGN_SEND_QUEUE, (job) => this.runs.run(job.data.connectionId), {
      batchSize: 20,
      pollingIntervalSeconds: 0.5,
    });
    await this.jobs.work<{ campaignId: number }>(CAMPAIGN_PROGRESS_QUEUE, (job) => this.progress.announce(job.data.campaignId), {
      batchSize: 20,
    });
  }
}
