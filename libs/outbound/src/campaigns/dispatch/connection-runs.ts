import { randomInt } from 'node:crypto';

import {
  type CampaignPauseReason,
  type CampaignSettingRecord,
  campaignSettingsOf,
  messageSendRequested,
  outboundSendReference,
  type SendContent,
} from '@app/contracts';
import { JOBS, type Jobs, OutboxWriter } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { mediaTypeOf } from '../../common/media-type';
import { fillTemplate } from '../../common/template-content';
import { ConnectionRepository } from '../../projections/connection.repository';
import { CampaignRepository, type CampaignRow, confirmationMessagesOf, messagesOf } from '../common/campaign.repository';
import { CampaignClock } from '../common/campaign-clock';
import { windowOf } from '../common/campaign-events';
import { fillVariables, pickMessage, shippingCommandId } from '../common/campaign-message';
import { CampaignShippingRepository, type PaceRow, type ShippingRow, type ShippingStage } from '../common/campaign-shipping.repository';
import { isInsideWindow, nextWindowOpening } from '../common/campaign-window';
import { FileListRepository } from '../file-lists/file-list.repository';
import { CampaignSettingsRepository } from '../settings/campaign-settings.repository';
import { CampaignProgress } from './campaign-progress';

/** The next sends through one connection (one pending job per connection, key `connection-{id}`). */
export const CAMPAIGN_SEND_QUEUE = 'outbound-campaign-sends';

/** With no interval, at most this many recipients per run of a connection, and this many awaiting WhatsApp's answer. */
const SEND_BATCH = 50;
const IN_FLIGHT_MAX = 500;
/** A connection whose answer is late is looked at again after this long (the answer normally wakes it). */
const WATCHDOG_MS = 60_000;

/**
 * The send loop: a connection's runs. A run claims the connection's next recipients among the
 * campaigns inside their hours, writes their send commands to the outbox with ids derived from the
 * shipping record (the whatsapp service carries a command id out once), marks them requested and
 * sets when the connection may send again, in one transaction.
 */
@Injectable()
export class ConnectionRuns {
  private readonly logger = new Logger(ConnectionRuns.name);

  constructor(
    @Inject(JOBS) private readonly jobs: Jobs | null,
    private readonly campaigns: CampaignRepository,
    private readonly shipping: CampaignShippingRepository,
    private readonly settings: CampaignSettingsRepository,
    private readonly fileLists: FileListRepository,
    private readonly progress: CampaignProgress,
    private readonly outbox: OutboxWriter,
    private readonly clock: CampaignClock,
    private readonly connections: ConnectionRepository,
  ) {}

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
        startAfter: at ? this.clock.secondsUntil(at) : 0,
      },
    );
  }

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
      const limit = this.batchLimit(settings, pace, await this.shipping.inFlight(manager, connectionId));
      if (limit <= 0) {
        return void (await this.wake(
          manager,
          connectionId,
          new Date(now.getTime() + (settings.messageInterval > 0 ? WATCHDOG_MS : 1_000)),
        ));
      }
      const open = await this.campaignsOpenNow(manager, connectionId, pace.company_id, now);
      if (open.length === 0) return;
      const claimed = await this.shipping.claim(
        manager,
        connectionId,
        open.map((row) => row.id),
        limit,
      );
      if (claimed.length === 0) return;
      const cloud = (await this.connections.providersOf(manager, pace.company_id, [connectionId])).get(connectionId) === 'cloud';
      await this.requestSends(manager, connectionId, claimed, new Map(open.map((row) => [row.id, row])), settings.variables, now, cloud);
      await this.pace(manager, pace, claimed.length, settings, now);
    });
  }

  /** How many recipients this run may claim: one at a time with an interval (the next waits for the answer), a batch without. */
  private batchLimit(settings: ReturnType<typeof campaignSettingsOf>, pace: PaceRow, inFlight: number): number {
    let limit = settings.messageInterval > 0 ? (inFlight > 0 ? 0 : 1) : Math.min(SEND_BATCH, IN_FLIGHT_MAX - inFlight);
    if (settings.longerIntervalAfter > 0 && settings.greaterInterval > 0) {
      limit = Math.min(limit, Math.max(1, settings.longerIntervalAfter - pace.sent_since_pause));
    }
    return limit;
  }

  /** The connection's campaigns with work that are inside their hours now; when none is, the run waits for the first to open. */
  private async campaignsOpenNow(manager: EntityManager, connectionId: number, companyId: number, now: Date): Promise<CampaignRow[]> {
    const candidates = await this.shipping.campaignsWithWork(manager, connectionId);
    if (candidates.length === 0) return [];
    const rows = (await Promise.all(candidates.map((id) => this.campaigns.view(manager, null, id)))).filter(
      (row): row is CampaignRow => row !== null,
    );
    const timeZone = await this.clock.timeZone(manager, companyId);
    const open = rows.filter((row) => isInsideWindow(windowOf(row), now, timeZone));
    if (open.length === 0) {
      const openings = rows.map((row) => nextWindowOpening(windowOf(row), now, timeZone)).filter((at): at is Date => at !== null);
      if (openings.length > 0) await this.wake(manager, connectionId, new Date(Math.min(...openings.map((at) => at.getTime()))));
    }
    return open;
  }

  /** The claimed records' send commands, one per part, and the records marked requested. */
  private async requestSends(
    manager: EntityManager,
    connectionId: number,
    claimed: ShippingRow[],
    campaigns: Map<number, CampaignRow>,
    variables: { key: string; value: string }[],
    now: Date,
    cloud: boolean,
  ): Promise<void> {
    const sends: { id: number; stage: ShippingStage; parts: number }[] = [];
    for (const record of claimed) {
      const parts = await this.partsFor(manager, campaigns.get(record.campaign_id)!, record, variables, cloud);
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
            reference: outboundSendReference({
              service: 'outbound',
              kind: 'campaign',
              campaignId: record.campaign_id,
              shippingId: record.id,
              attempt: record.attempt,
              stage: parts.stage,
              part: index,
            }),
          },
        });
      }
      sends.push({ id: record.id, stage: parts.stage, parts: parts.contents.length });
    }
    await this.shipping.markRequested(manager, sends, now);
  }

  /**
   * The pace after these sends: the gap (random inside the interval, never under it), the longer
   * pause after every longerIntervalAfter messages, and the connection's next run.
   */
  private async pace(
    manager: EntityManager,
    pace: PaceRow,
    claimed: number,
    settings: ReturnType<typeof campaignSettingsOf>,
    now: Date,
  ): Promise<void> {
    const intervalMs = settings.messageInterval * 1_000;
    let sentSincePause = pace.sent_since_pause + claimed;
    let gapMs = intervalMs > 0 ? intervalMs + randomInt(Math.floor(intervalMs / 2) + 1) : 0;
    if (settings.longerIntervalAfter > 0 && settings.greaterInterval > 0 && sentSincePause >= settings.longerIntervalAfter) {
      gapMs = Math.max(gapMs, settings.greaterInterval * 1_000);
      sentSincePause = 0;
    }
    const nextAt = new Date(now.getTime() + gapMs);
    await this.shipping.setPace(manager, pace.connection_id, { nextAt, gapMs, sentSincePause });
    // Without an interval the next run follows at once (or after the longer pause); with one, the
    // answer to this send wakes it (gap counted from the answer), the watchdog if none comes.
    await this.wake(manager, pace.connection_id, intervalMs > 0 ? new Date(nextAt.getTime() + WATCHDOG_MS) : nextAt);
  }

  /**
   * What one record sends now: the confirmation message, or the main message with the file list's
   * files and the campaign's attachment. Through a Cloud API connection the first message to the
   * recipient is the campaign's template alone, its variables filled for them (outside the 24-hour
   * window nothing else may go, issue 27); after a confirmation answer the window is open and
   * the main message goes as on any connection.
   */
  private async partsFor(
    manager: EntityManager,
    campaign: CampaignRow,
    record: ShippingRow,
    variables: { key: string; value: string }[],
    cloud: boolean,
  ): Promise<{ stage: ShippingStage; contents: SendContent[] }> {
    const recipient = { name: record.name, number: record.number, email: record.email };
    if (cloud && campaign.template && record.phase === 'pending') {
      return { stage: record.stage, contents: [fillTemplate(campaign.template, recipient, variables)] };
    }
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
      contents.push({
        type: 'media',
        mediaType: mediaTypeOf(campaign.media_mimetype),
        mediaUrl: campaign.media_path,
        mimetype: campaign.media_mimetype,
        fileName: campaign.media_name ?? 'arquivo',
        caption: '',
        ptt: false,
      });
    }
    if (contents.length === 0) contents.push({ type: 'text', body: '.' });
    return { stage: 'main', contents };
  }

  /** The connection's campaign sends pause (once: a paused one stays as it is), and its campaigns announce it. */
  async pause(manager: EntityManager, pace: PaceRow, reason: CampaignPauseReason, detail: string | null): Promise<void> {
    if (!(await this.shipping.pause(manager, pace.connection_id, reason, detail, this.clock.now()))) return;
    this.logger.warn({ connectionId: pace.connection_id, reason, detail }, "a connection's campaign sends are paused");
    for (const campaignId of await this.shipping.campaignsWithWork(manager, pace.connection_id))
      await this.progress.soon(manager, campaignId);
  }
}
