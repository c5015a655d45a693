import {
  CAMPAIGN_FAILURES_TO_PAUSE,
  connectionUpdated,
  type EventEnvelope,
  type EventPayload,
  messageReceived,
  messageSendFailed,
  messageSent,
  type OutboundSendReference,
  sessionUpdated,
} from '@app/contracts';
import { readEvent } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { connectionConnected } from '../../projections/connection-projection';
import { CampaignClock } from '../common/campaign-clock';
import { isDisconnection, isReachOutRefusal } from '../common/campaign-message';
import { CampaignShippingRepository } from '../common/campaign-shipping.repository';
import { CampaignProgress } from './campaign-progress';
import { ConfirmationWatch } from './confirmation-watch';
import { ConnectionRuns } from './connection-runs';

type CampaignReference = Extract<OutboundSendReference, { kind: 'campaign' }>;

/**
 * What WhatsApp tells the campaigns: the answer to each send settles its shipping record (and sets
 * when the connection may send again), a contact's message may answer a confirmation it was asked,
 * and a connection that connects resumes its paused share of the campaigns.
 */
@Injectable()
export class CampaignAnswers {
  readonly eventTypes = [connectionUpdated.type, sessionUpdated.type, messageSent.type, messageSendFailed.type, messageReceived.type];

  constructor(
    private readonly shipping: CampaignShippingRepository,
    private readonly runs: ConnectionRuns,
    private readonly progress: CampaignProgress,
    private readonly confirmations: ConfirmationWatch,
    private readonly clock: CampaignClock,
  ) {}

  /** The campaigns' part of a whatsapp event, to run in the consumer's transaction; null when it has none. */
  async take(
    envelope: EventEnvelope,
    reference: OutboundSendReference | null,
  ): Promise<((manager: EntityManager) => Promise<void>) | null> {
    const connectedId = connectionConnected(envelope)?.connectionId ?? null;
    const campaign = reference?.kind === 'campaign' ? reference : null;
    const sent = campaign ? readEvent(messageSent, envelope) : null;
    const failed = campaign ? readEvent(messageSendFailed, envelope) : null;
    // Every contact's message passes here: only one answering a campaign's confirmation is taken.
    const received = readEvent(messageReceived, envelope);
    const answer =
      received &&
      !received.message.fromMe &&
      received.message.chat.number &&
      (await this.confirmations.answers(received.connectionId, received.message.chat.number))
        ? received
        : null;
    if (connectedId === null && !sent && !failed && !answer) return null;
    return async (manager) => {
      if (connectedId !== null) await this.connectionUp(manager, connectedId);
      if (sent) await this.sent(manager, sent, campaign!);
      if (failed) await this.sendFailed(manager, failed, campaign!);
      if (answer) await this.received(manager, answer);
    };
  }

  /** A send was carried out: the part is settled, the connection may send again after its gap. */
  async sent(manager: EntityManager, answer: EventPayload<typeof messageSent>, reference: CampaignReference): Promise<void> {
    const now = this.clock.now();
    const settled = await this.shipping.partSent(manager, reference.shippingId, reference.attempt, reference.stage, now);
    if (!settled) return;
    if (settled.outcome === null) return;
    await this.shipping.countFailure(manager, answer.connectionId, true);
    await this.afterAnswer(manager, answer.connectionId, now);
    await this.progress.soon(manager, settled.campaignId);
  }

  /**
   * A send failed. A connection that is down, or that WhatsApp refuses to let reach out, pauses (the
   * record waits, to be sent under a new attempt when it resumes); any other failure fails the record
   * with the reason, and several in a row pause the connection as refused.
   */
  async sendFailed(manager: EntityManager, answer: EventPayload<typeof messageSendFailed>, reference: CampaignReference): Promise<void> {
    const now = this.clock.now();
    const pace = await this.shipping.lockPace(manager, answer.connectionId);
    const paused = isDisconnection(answer.reason) ? 'disconnected' : isReachOutRefusal(answer.reason) ? 'refused' : null;
    if (paused) {
      const given = await this.shipping.giveBack(manager, reference.shippingId, reference.attempt, reference.stage);
      if (pace) await this.runs.pause(manager, pace, paused, answer.reason);
      if (given) await this.progress.soon(manager, given.campaignId);
      return;
    }
    const failed = await this.shipping.fail(manager, reference.shippingId, reference.attempt, reference.stage, answer.reason, now);
    if (!failed) return;
    const inARow = await this.shipping.countFailure(manager, answer.connectionId, false);
    if (pace && inARow >= CAMPAIGN_FAILURES_TO_PAUSE) await this.runs.pause(manager, pace, 'refused', answer.reason);
    else await this.afterAnswer(manager, answer.connectionId, now);
    await this.progress.soon(manager, failed.campaignId);
  }

  /** A contact wrote to a connection: an answer to a confirmation it was asked sends its main message. */
  async received(manager: EntityManager, event: EventPayload<typeof messageReceived>): Promise<void> {
    const message = event.message;
    if (message.fromMe || message.isGroup || !message.chat.number) return;
    const confirmed = await this.shipping.confirm(manager, event.connectionId, [message.chat.number], this.clock.now());
    if (confirmed.length === 0) return;
    await this.runs.wake(manager, event.connectionId);
    for (const { campaignId } of confirmed) await this.progress.soon(manager, campaignId);
  }

  /** The connection's answer came: its next run is its gap after now (at once without an interval). */
  private async afterAnswer(manager: EntityManager, connectionId: number, now: Date): Promise<void> {
    const pace = await this.shipping.lockPace(manager, connectionId);
    // Without a gap the connection's runs follow one another by themselves.
    if (!pace || pace.paused_reason || pace.gap_ms === 0) return;
    const nextAt = await this.shipping.pushNextAt(manager, connectionId, new Date(now.getTime() + pace.gap_ms));
    await this.runs.wake(manager, connectionId, nextAt);
  }

  /** A connection connected: its paused share of the campaigns resumes. */
  async connectionUp(manager: EntityManager, connectionId: number): Promise<void> {
    const resumed = await this.shipping.unpause(manager, [connectionId]);
    const [pace] = await this.shipping.paceOf(manager, [connectionId]);
    if (!pace) return;
    await this.runs.wake(manager, connectionId);
    if (resumed.length > 0) {
      for (const campaignId of await this.shipping.campaignsWithWork(manager, connectionId)) await this.progress.soon(manager, campaignId);
    }
  }
}
