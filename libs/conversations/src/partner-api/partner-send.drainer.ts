import { AppError, ProjectionMiss } from '@app/platform';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactRepository } from '../common/contact.repository';
import { ConversationEvents } from '../common/conversation-events';
import { ProjectionRepository } from '../common/projection.repository';
import { TicketRepository, type TicketRow } from '../common/ticket.repository';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';
import { ApiAnswerRepository } from './api-answer.repository';
import { ApiTokenRepository } from './api-token.repository';
import { type ClaimedSend, type NumberShare, PartnerSendRepository } from './partner-send.repository';

/** Sends claimed per transaction: a burst is settled in a few commits rather than one each. */
const BATCH = 50;
/**
 * Transactions settling sends at once, each over its own share of the numbers (so one number's sends
 * stay in order, and two never wait on the same contact's row): a send is mostly waiting on PostgreSQL.
 */
const LANES = 4;
/** How often queued sends are looked for besides the wake-ups (another replica's, or a crash's leftovers). */
const SWEEP_MS = 1_000;
/** How often settled sends past the Idempotency-Key window are forgotten, and how many at a time. */
const PURGE_MS = 10 * 60_000;
const PURGE_LIMIT = 5_000;
const FAILED_KEPT_DAYS = 30;
/** A send whose connection is not projected yet is tried again this long before it fails. */
const PROJECTION_PATIENCE_MS = 60_000;
/** Errors after which the whole batch is tried again (nothing of it was wrong). */
const RETRY_CODES = new Set(['40001', '40P01', '55P03', '57014']);

/**
 * The inbox's path for accepted partner sends (decision 0051, "Accepting a send"): the number's
 * contact, its live ticket on the token's connection (or the company's default; a new one is
 * pending), and each message sent as the inbox sends one, with the id reserved when it was accepted.
 * A batch of queued sends is claimed with `FOR UPDATE SKIP LOCKED` and each is settled in the same
 * transaction that stores its messages, so a crash leaves it queued and it is never sent twice. One
 * send's refusal (its connection is gone) fails that send alone, rolled back to its savepoint.
 */
@Injectable()
export class PartnerSendDrainer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PartnerSendDrainer.name);
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private sweeping?: NodeJS.Timeout;
  private purging?: NodeJS.Timeout;

  constructor(
    private readonly sends: PartnerSendRepository,
    private readonly tokens: ApiTokenRepository,
    private readonly contacts: ContactRepository,
    private readonly tickets: TicketRepository,
    private readonly projections: ProjectionRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
    private readonly stats: TicketStatsRepository,
    private readonly answers: ApiAnswerRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeping = setInterval(() => this.wake(), SWEEP_MS);
    this.sweeping.unref();
    this.purging = setInterval(() => void this.purge(), PURGE_MS);
    this.purging.unref();
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeping);
    clearInterval(this.purging);
    await this.draining;
  }

  /** Drains the queue now (a send was accepted); a wake-up while draining makes the loop look once more. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.warn({ error }, 'partner sends: draining failed, the sweep tries again'))
      .finally(() => {
        this.draining = null;
      });
  }

  /** Until the queue is empty: batch after batch. Returns once nothing is left that this process can claim. */
  async drain(): Promise<void> {
    do {
      this.again = false;
      await Promise.all(Array.from({ length: LANES }, (_, lane) => this.drainLane(lane)));
    } while (this.again && !this.stopped);
  }

  private async drainLane(lane: number): Promise<void> {
    const share = { lane, lanes: LANES };
    while (!this.stopped && (await this.sends.transaction((manager) => this.settleBatch(manager, share))) === BATCH);
  }

  /** Forgets settled sends past the key window, and the other routes' Idempotency-Key answers past it. */
  async purge(): Promise<number> {
    let total = 0;
    try {
      for (let removed = PURGE_LIMIT; removed === PURGE_LIMIT && !this.stopped; total += removed) {
        removed = await this.sends.purgeSettled(PURGE_LIMIT, FAILED_KEPT_DAYS);
      }
      for (let removed = PURGE_LIMIT; removed === PURGE_LIMIT && !this.stopped; total += removed) {
        removed = await this.answers.purge(PURGE_LIMIT);
      }
    } catch (error) {
      this.logger.warn({ error }, 'partner sends: purge failed');
    }
    return total;
  }

  private async settleBatch(manager: EntityManager, share: NumberShare): Promise<number> {
    const claimed = await this.sends.claimQueued(manager, BATCH, share);
    for (const send of claimed) {
      try {
        await this.sends.savepoint(manager, async (savepoint) => {
          const ticketId = await this.sendOne(savepoint, send);
          await this.sends.markSent(savepoint, send.id, ticketId);
        });
      } catch (error) {
        if (retryable(error)) throw error;
        if (error instanceof ProjectionMiss && Date.now() - send.accepted_at.getTime() < PROJECTION_PATIENCE_MS) continue;
        if (!(error instanceof AppError)) this.logger.error({ error, send: send.id }, 'partner send failed');
        await this.sends.markFailed(manager, send.id, reasonOf(error));
      }
    }
    return claimed.length;
  }

  private async sendOne(manager: EntityManager, send: ClaimedSend): Promise<number> {
    const ticket = await this.ticketFor(manager, send);
    const texts = send.medias.length === 0 ? [null] : send.medias;
    for (const [index, media] of texts.entries()) {
      await this.outbound.sendText(manager, ticket, index === 0 ? send.body : '', null, {
        media: media ?? undefined,
        automatic: true,
        messageId: send.message_ids[index]!,
      });
    }
    return ticket.id;
  }

  /** The contact's live ticket on the connection, or a new pending one (waiting in the inbox as a new conversation would). */
  private async ticketFor(manager: EntityManager, send: ClaimedSend): Promise<TicketRow> {
    const companyId = send.company_id;
    const connectionId = send.whatsapp_id ?? (await this.projections.defaultConnectionId(manager, companyId));
    if (!connectionId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No default connection');
    if (!(await this.projections.connection(manager, companyId, connectionId))) {
      throw new AppError('ERR_NO_WAPP_FOUND', 'The connection of this token no longer exists');
    }
    const contact = await this.contacts.upsertFromWhatsapp(
      manager,
      companyId,
      connectionId,
      { number: send.number, lid: null, pushName: null },
      false,
      false,
    );
    if (contact.created) await this.events.contactChanged(manager, companyId, contact.id, true);
    let ticketId = await this.tickets.insertStarted(manager, {
      companyId,
      contactId: contact.id,
      connectionId,
      status: 'pending',
      userId: null,
      queueId: null,
      isGroup: false,
    });
    if (ticketId !== null) await this.stats.opened(manager, [ticketId]);
    ticketId ??= await this.tokens.liveTicketId(manager, companyId, contact.id, connectionId);
    const ticket = ticketId === null ? null : await this.tickets.findRow(manager, companyId, { id: ticketId }, true);
    if (!ticket) throw new AppError('ERR_CREATING_TICKET', 'Could not open a ticket for this number');
    return ticket;
  }
}

function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRY_CODES.has(code);
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  return 'ERR_INTERNAL: the message could not be stored';
}
