import { randomInt } from 'node:crypto';

import {
  CAMPAIGN_FAILURES_TO_PAUSE,
  type CampaignPauseReason,
  type CampaignSettingRecord,
  campaignSettingsOf,
  type EventPayload,
  messageReceived,
  messageSendFailed,
  messageSendRequested,
  messageSent,
  type SendContent,
} from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CampaignSettingsRepository } from '../campaign-settings/campaign-settings.repository';
import { FileListRepository } from '../file-lists/file-list.repository';
import { CampaignRepository, type CampaignRow, confirmationMessagesOf, connectionsOf, messagesOf } from './campaign.repository';
import { CampaignClock } from './campaign-clock';
import { CampaignEvents, windowOf } from './campaign-events';
import { fillVariables, isDisconnection, isReachOutRefusal, pickMessage, shippingCommandId } from './campaign-message';
import { CampaignShippingRepository, type PaceRow, type ShippingRow, type ShippingStage } from './campaign-shipping.repository';
import { isInsideWindow, nextWindowOpening } from './campaign-window';

/** A PROGRAMADA campaign's start, at its scheduled time (one per campaign). */
export const CAMPAIGN_START_QUEUE = 'outbound-campaign-start';
/** The next sends through one connection (one pending job per connection, key `connection-{id}`). */
export const CAMPAIGN_SEND_QUEUE = 'outbound-campaign-sends';
/** A campaign's figures announced, at most one pending per campaign: live progress without an event per message. */
export const CAMPAIGN_PROGRESS_QUEUE = 'outbound-campaign-progress';

/** With no interval, at most this many recipients per run of a connection, and this many awaiting WhatsApp's answer. */
const SEND_BATCH = 50;
const IN_FLIGHT_MAX = 500;
/** A connection whose answer is late is looked at again after this long (the answer normally wakes it). */
const WATCHDOG_MS = 60_000;
const PROGRESS_DELAY_SECONDS = 2;
/** While a campaign runs, its figures (and whether it is finished) are looked at again this often at least. */
const PROGRESS_HEARTBEAT_SECONDS = 10;

interface ShippingReference {
  shippingId: number;
  attempt: number;
  stage: ShippingStage;
}

/** The shipping record a whatsapp answer is about, when it is one of ours. */
function shippingOf(reference: Record<string, string | number> | null): ShippingReference | null {
  if (!reference || reference.service !== 'outbound' || reference.kind !== 'campaign') return null;
  const shippingId = Number(reference.shippingId);
  const attempt = Number(reference.attempt);
  const stage = reference.stage;
  if (!Number.isInteger(shippingId) || !Number.isInteger(attempt) || (stage !== 'main' && stage !== 'confirmation')) return null;
  return { shippingId, attempt, stage };
}

/**
 * Sends campaigns, exactly once per recipient, at each connection's pace (decision 0033).
 *
 * Every step is a pg-boss job and one transaction: a campaign starts at its scheduled time (its
 * recipients become shipping records, unique per campaign and recipient, spread over its connections
 * in turn); a connection's run claims its next records, writes their send commands to the outbox with
 * ids derived from the record (the whatsapp service carries a command id out once) and marks them
 * requested, in one commit; WhatsApp's answer settles the record and sets when the connection may send
 * again. Nothing lives in memory: a crash loses at most an uncommitted run, which the next run redoes.
 */
@Injectable()
export class CampaignDispatch implements OnModuleInit {
  private readonly logger = new Logger(CampaignDispatch.name);

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly settings: CampaignSettingsRepository,
    private readonly fileLists: FileListRepository,
    private readonly events: CampaignEvents,
    private readonly outbox: OutboxWriter,
    private readonly clock: CampaignClock,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.jobs) return;
    for (const queue of [CAMPAIGN_START_QUEUE, CAMPAIGN_SEND_QUEUE, CAMPAIGN_PROGRESS_QUEUE]) {
      await this.jobs.declareQueue(queue, { uniqueByKey: true });
    }
    await this.jobs.work<{ campaignId: number }>(CAMPAIGN_START_QUEUE, (job) => this.start(job.data.campaignId), { batchSize: 10 });
    await this.jobs.work<{ connectionId: number }>(CAMPAIGN_SEND_QUEUE, (job) => this.run(job.data.connectionId), {
      batchSize: 20,
      pollingIntervalSeconds: 0.5,
    });
    await this.jobs.work<{ campaignId: number }>(CAMPAIGN_PROGRESS_QUEUE, (job) => this.announceProgress(job.data.campaignId), {
      batchSize: 20,
    });
  }

  // ---- scheduling -----------------------------------------------------------------------------

  /** Seconds from now until `at` by the campaign clock (pg-boss counts them from its own now). */
  private secondsUntil(at: Date): number {
    return Math.max(0, (at.getTime() - this.clock.now().getTime()) / 1_000);
  }

  /** The campaign starts at `at` (any earlier start of it is replaced). */
  async scheduleStart(manager: EntityManager, campaignId: number, at: Date): Promise<void> {
    await this.jobs?.cancelByKey(manager, CAMPAIGN_START_QUEUE, `campaign-${campaignId}`);
    await this.jobs?.schedule(
      manager,
      CAMPAIGN_START_QUEUE,
      { campaignId },
      {
        singletonKey: `campaign-${campaignId}`,
        startAfter: this.secondsUntil(at),
      },
    );
  }

  async cancelStart(manager: EntityManager, campaignId: number): Promise<void> {
    await this.jobs?.cancelByKey(manager, CAMPAIGN_START_QUEUE, `campaign-${campaignId}`);
  }

  /** The connection's next run at `at` (now when absent or past), replacing the one pending. */
  async wake(manager: EntityManager, connectionId: number, at?: Date): Promise<void> {
    const key = `connection-${connectionId}`;
    await this.jobs?.cancelByKey(manager, CAMPAIGN_SEND_QUEUE, key);
    await this.jobs?.schedule(
      manager,
      CAMPAIGN_SEND_QUEUE,
      { connectionId },
      {
        singletonKey: key,
        startAfter: at ? this.secondsUntil(at) : 0,
      },
    );
  }

  /** The campaign's figures go out within a couple of seconds (one announcement for many changes). */
  private async progressSoon(manager: EntityManager, campaignId: number): Promise<void> {
    await this.jobs?.schedule(
      manager,
      CAMPAIGN_PROGRESS_QUEUE,
      { campaignId },
      {
        singletonKey: `campaign-${campaignId}`,
        startAfter: PROGRESS_DELAY_SECONDS,
      },
    );
  }

  /**
   * The progress job: a running campaign with nothing left to settle becomes FINALIZADA, and its
   * figures are announced. Only this job (one per campaign at a time) finishes a campaign, so the
   * answers of many connections never queue on the campaign's row; while it runs, the job comes
   * back every PROGRESS_HEARTBEAT_SECONDS in case the last answer committed after it looked.
   */
  async announceProgress(campaignId: number): Promise<void> {
    await this.campaigns.transaction(async (manager) => {
      const row = await this.campaigns.view(manager, null, campaignId, true);
      if (!row) return;
      const finished = await this.finishIfSettled(manager, row);
      // A finished campaign was announced; a stopped one, or a late confirmation of a finished one, is announced here.
      if (!finished) await this.events.progressed(manager, row);
      if (row.status === 'EM_ANDAMENTO' && !finished) {
        await this.jobs?.schedule(
          manager,
          CAMPAIGN_PROGRESS_QUEUE,
          { campaignId },
          {
            singletonKey: `campaign-${campaignId}`,
            startAfter: PROGRESS_HEARTBEAT_SECONDS,
          },
        );
      }
    });
  }

  // ---- campaign states ------------------------------------------------------------------------

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
      for (const connectionId of connections) await this.wake(manager, connectionId);
    }
    const current = (await this.campaigns.view(manager, null, row.id))!;
    if (!(await this.finishIfSettled(manager, current))) {
      await this.events.saved(manager, current.company_id, row.id);
      await this.events.progressed(manager, current);
      await this.progressSoon(manager, row.id);
    }
  }

  /**
   * Recipients that appeared after campaigns began (items of their list found valid on WhatsApp, a
   * contact that now has their tag), in the transaction that made them appear: each running campaign
   * gets their shipping records (one per recipient, whatever the repeats) and its connections are woken,
   * to send them at their pace and inside the campaign's hours; a scheduled one takes them at its start.
   * Either announces its figures (the valid contacts grew). A finished or stopped campaign is left alone
   * (docs/decisions/0038).
   */
  async recipientsAppeared(
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
        for (const connectionId of woken) await this.wake(manager, connectionId);
      }
      await this.progressSoon(manager, row.id);
    }
  }

  /**
   * A running campaign with nothing left to send or to hear back about becomes FINALIZADA, announced
   * (true); one whose list still has numbers to check waits for them, since a valid one joins it.
   */
  private async finishIfSettled(manager: EntityManager, row: CampaignRow): Promise<boolean> {
    if (row.status !== 'EM_ANDAMENTO' || (await this.shipping.counts(manager, row.id)).unsettled > 0) return false;
    if (await this.shipping.listStillChecking(manager, row)) return false;
    await this.campaigns.setStatus(manager, row.id, 'FINALIZADA', this.clock.now());
    const finished = (await this.campaigns.view(manager, null, row.id))!;
    await this.events.saved(manager, finished.company_id, row.id);
    await this.events.progressed(manager, finished);
    return true;
  }

  // ---- a connection's run ---------------------------------------------------------------------

  /**
   * One run of a connection: if it is connected, not paused and its pace allows, claims its next
   * recipients among the campaigns inside their hours, writes their commands and sets when it may
   * send again, all in one transaction.
   */
  async run(connectionId: number): Promise<void> {
    await this.shipping.transaction(async (manager) => {
      const pace = await this.shipping.lockPace(manager, connectionId);
      if (!pace) return;
      const now = this.clock.now();
      if (pace.connection_status === null) return void (await this.pause(manager, pace, 'missing', null));
      if (pace.connection_status !== 'CONNECTED') return void (await this.pause(manager, pace, 'disconnected', pace.connection_status));
      if (pace.paused_reason) return;
      if (new Date(pace.next_at).getTime() > now.getTime()) return void (await this.wake(manager, connectionId, new Date(pace.next_at)));

      const settings = campaignSettingsOf((await this.settings.records(manager, pace.company_id)) as CampaignSettingRecord[]);
      const intervalMs = settings.messageInterval * 1_000;
      const inFlight = await this.shipping.inFlight(manager, connectionId);
      // With an interval, one recipient at a time: the next waits for WhatsApp's answer to this one.
      let limit = intervalMs > 0 ? (inFlight > 0 ? 0 : 1) : Math.min(SEND_BATCH, IN_FLIGHT_MAX - inFlight);
      if (settings.longerIntervalAfter > 0 && settings.greaterInterval > 0) {
        limit = Math.min(limit, Math.max(1, settings.longerIntervalAfter - pace.sent_since_pause));
      }
      if (limit <= 0) {
        return void (await this.wake(manager, connectionId, new Date(now.getTime() + (intervalMs > 0 ? WATCHDOG_MS : 1_000))));
      }

      const candidates = await this.shipping.campaignsWithWork(manager, connectionId);
      if (candidates.length === 0) return;
      const rows = (await Promise.all(candidates.map((id) => this.campaigns.view(manager, null, id)))).filter(
        (row): row is CampaignRow => row !== null,
      );
      const timeZone = await this.clock.timeZone(manager, pace.company_id);
      const open = rows.filter((row) => isInsideWindow(windowOf(row), now, timeZone));
      if (open.length === 0) {
        const openings = rows.map((row) => nextWindowOpening(windowOf(row), now, timeZone)).filter((at): at is Date => at !== null);
        if (openings.length > 0) await this.wake(manager, connectionId, new Date(Math.min(...openings.map((at) => at.getTime()))));
        return;
      }
      const claimed = await this.shipping.claim(
        manager,
        connectionId,
        open.map((row) => row.id),
        limit,
      );
      if (claimed.length === 0) return;
      const byId = new Map(open.map((row) => [row.id, row]));
      const sends: { id: number; stage: ShippingStage; parts: number }[] = [];
      for (const record of claimed) {
        const campaign = byId.get(record.campaign_id)!;
        const parts = await this.partsFor(manager, campaign, record, settings.variables);
        for (const [index, content] of parts.contents.entries()) {
          await this.outbox.add(manager, {
            definition: messageSendRequested,
            companyId: record.company_id,
            key: connectionId,
            payload: {
              commandId: shippingCommandId(record.id, record.attempt, parts.stage, index),
              connectionId,
              to: record.number,
              isGroup: false,
              content,
              quotedId: null,
              isForwarded: false,
              reference: {
                service: 'outbound',
                kind: 'campaign',
                campaignId: record.campaign_id,
                shippingId: record.id,
                attempt: record.attempt,
                stage: parts.stage,
                part: index,
              },
            },
          });
        }
        sends.push({ id: record.id, stage: parts.stage, parts: parts.contents.length });
      }
      await this.shipping.markRequested(manager, sends, now);

      // The pace: the gap after these sends (random inside the interval, never under it), the
      // longer pause after every longerIntervalAfter messages.
      let sentSincePause = pace.sent_since_pause + claimed.length;
      let gapMs = intervalMs > 0 ? intervalMs + randomInt(Math.floor(intervalMs / 2) + 1) : 0;
      if (settings.longerIntervalAfter > 0 && settings.greaterInterval > 0 && sentSincePause >= settings.longerIntervalAfter) {
        gapMs = Math.max(gapMs, settings.greaterInterval * 1_000);
        sentSincePause = 0;
      }
      const nextAt = new Date(now.getTime() + gapMs);
      await this.shipping.setPace(manager, connectionId, { nextAt, gapMs, sentSincePause });
      // Without an interval the next run follows at once (or after the longer pause); with one, the
      // answer to this send wakes it (gap counted from the answer), the watchdog if none comes.
      await this.wake(manager, connectionId, intervalMs > 0 ? new Date(nextAt.getTime() + WATCHDOG_MS) : nextAt);
    });
  }

  /** What one record sends now: the confirmation message, or the main message with the file list's files and the campaign's attachment. */
  private async partsFor(
    manager: EntityManager,
    campaign: CampaignRow,
    record: ShippingRow,
    variables: { key: string; value: string }[],
  ): Promise<{ stage: ShippingStage; contents: SendContent[] }> {
    const recipient = { name: record.name, number: record.number, email: record.email };
    if (record.phase === 'pending' && record.stage === 'confirmation') {
      const message = pickMessage(confirmationMessagesOf(campaign)) ?? pickMessage(messagesOf(campaign)) ?? '';
      return { stage: 'confirmation', contents: [{ type: 'text', body: fillVariables(message, recipient, variables) || '.' }] };
    }
    const contents: SendContent[] = [];
    const message = pickMessage(messagesOf(campaign));
    if (message) contents.push({ type: 'text', body: fillVariables(message, recipient, variables) });
    if (campaign.file_list_id !== null) {
      const fileList = await this.fileLists.view(manager, campaign.company_id, campaign.file_list_id);
      for (const option of fileList?.options ?? []) {
        if (!option.path || !option.media_type || !option.mimetype) continue;
        contents.push({
          type: 'media',
          mediaType: option.media_type,
          mediaUrl: option.path,
          mimetype: option.mimetype,
          fileName: option.file_name ?? option.name,
          caption: '',
          ptt: false,
        });
      }
    }
    if (campaign.media_path && campaign.media_mimetype) {
      const mimetype = campaign.media_mimetype;
      contents.push({
        type: 'media',
        mediaType: mimetype.startsWith('image/')
          ? 'image'
          : mimetype.startsWith('audio/')
            ? 'audio'
            : mimetype.startsWith('video/')
              ? 'video'
              : 'document',
        mediaUrl: campaign.media_path,
        mimetype,
        fileName: campaign.media_name ?? 'arquivo',
        caption: '',
        ptt: false,
      });
    }
    if (contents.length === 0) contents.push({ type: 'text', body: '.' });
    return { stage: 'main', contents };
  }

  private async pause(manager: EntityManager, pace: PaceRow, reason: CampaignPauseReason, detail: string | null): Promise<void> {
    if (!(await this.shipping.pause(manager, pace.connection_id, reason, detail, this.clock.now()))) return;
    this.logger.warn({ connectionId: pace.connection_id, reason, detail }, "a connection's campaign sends are paused");
    for (const campaignId of await this.shipping.campaignsWithWork(manager, pace.connection_id))
      await this.progressSoon(manager, campaignId);
  }

  // ---- WhatsApp's answers ---------------------------------------------------------------------

  /** A send was carried out: the part is settled, the connection may send again after its gap. */
  async sent(manager: EntityManager, answer: EventPayload<typeof messageSent>): Promise<void> {
    const reference = shippingOf(answer.reference);
    if (!reference) return;
    const now = this.clock.now();
    const settled = await this.shipping.partSent(manager, reference.shippingId, reference.attempt, reference.stage, now);
    if (!settled) return;
    if (settled.outcome === null) return;
    await this.shipping.countFailure(manager, answer.connectionId, true);
    await this.afterAnswer(manager, answer.connectionId, now);
    await this.settledOne(manager, settled.campaignId);
  }

  /**
   * A send failed. A connection that is down, or that WhatsApp refuses to let reach out, pauses (the
   * record waits, to be sent under a new attempt when it resumes); any other failure fails the record
   * with the reason, and several in a row pause the connection as refused.
   */
  async sendFailed(manager: EntityManager, answer: EventPayload<typeof messageSendFailed>): Promise<void> {
    const reference = shippingOf(answer.reference);
    if (!reference) return;
    const now = this.clock.now();
    const pace = await this.shipping.lockPace(manager, answer.connectionId);
    const paused = isDisconnection(answer.reason) ? 'disconnected' : isReachOutRefusal(answer.reason) ? 'refused' : null;
    if (paused) {
      const given = await this.shipping.giveBack(manager, reference.shippingId, reference.attempt, reference.stage);
      if (pace) await this.pause(manager, pace, paused, answer.reason);
      if (given) await this.progressSoon(manager, given.campaignId);
      return;
    }
    const failed = await this.shipping.fail(manager, reference.shippingId, reference.attempt, reference.stage, answer.reason, now);
    if (!failed) return;
    const inARow = await this.shipping.countFailure(manager, answer.connectionId, false);
    if (pace && inARow >= CAMPAIGN_FAILURES_TO_PAUSE) await this.pause(manager, pace, 'refused', answer.reason);
    else await this.afterAnswer(manager, answer.connectionId, now);
    await this.settledOne(manager, failed.campaignId);
  }

  /** A contact wrote to a connection: an answer to a confirmation it was asked sends its main message. */
  async received(manager: EntityManager, event: EventPayload<typeof messageReceived>): Promise<void> {
    const message = event.message;
    if (message.fromMe || message.isGroup || !message.chat.number) return;
    const confirmed = await this.shipping.confirm(manager, event.connectionId, [message.chat.number], this.clock.now());
    if (confirmed.length === 0) return;
    await this.wake(manager, event.connectionId);
    for (const { campaignId } of confirmed) await this.progressSoon(manager, campaignId);
  }

  /** The connection's answer came: its next run is its gap after now (at once without an interval). */
  private async afterAnswer(manager: EntityManager, connectionId: number, now: Date): Promise<void> {
    const pace = await this.shipping.lockPace(manager, connectionId);
    // Without a gap the connection's runs follow one another by themselves.
    if (!pace || pace.paused_reason || pace.gap_ms === 0) return;
    const nextAt = await this.shipping.pushNextAt(manager, connectionId, new Date(now.getTime() + pace.gap_ms));
    await this.wake(manager, connectionId, nextAt);
  }

  private async settledOne(manager: EntityManager, campaignId: number): Promise<void> {
    await this.progressSoon(manager, campaignId);
  }

  /** A connection connected: its paused share of the campaigns resumes. */
  async connectionUp(manager: EntityManager, connectionId: number): Promise<void> {
    const resumed = await this.shipping.unpause(manager, [connectionId]);
    const [pace] = await this.shipping.paceOf(manager, [connectionId]);
    if (!pace) return;
    await this.wake(manager, connectionId);
    if (resumed.length > 0) {
      for (const campaignId of await this.shipping.campaignsWithWork(manager, connectionId)) await this.progressSoon(manager, campaignId);
    }
  }
}
