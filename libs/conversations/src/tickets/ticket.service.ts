import {
  can,
  CONVERSATIONS_MESSAGES,
  type Ticket,
  type TicketCloseAllBody,
  type TicketCreateBody,
  type TicketListQuery,
  type TicketListResponse,
  type TicketUpdateBody,
} from '@app/contracts';
import { AppError, ProjectionMiss, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { localTime } from '../common/business-hours';
import { ContactRepository } from '../common/contact.repository';
import { ConversationEvents } from '../common/conversation-events';
import { ProjectionRepository } from '../common/projection.repository';
import { QueueRepository } from '../common/queue.repository';
import { TicketRepository, type TicketRow } from '../common/ticket.repository';
import { maySeeTicket, type ScopedViewer } from '../common/ticket-visibility';
import { viewerOf } from '../common/viewer';
import { WhatsappNumbers } from '../contacts/whatsapp-numbers.client';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';
import { nextTicketState } from './ticket-transitions';

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === constraint;

/** 'Bom dia', 'Boa tarde' or 'Boa noite' by the hour in the company's time zone (Whaticket's {{ms}}). */
export function timeOfDayGreeting(at: Date, timeZone: string): string {
  const hour = Number(localTime(at, timeZone).time.slice(0, 2));
  if (hour >= 6 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * The greeting posted on accept when sendGreetingAccepted is enabled: the agent presents themself
 * (Whaticket's text), signed with their name. It is never the queue's or the connection's greeting,
 * which the bot has already sent.
 */
export function acceptGreeting(userName: string, contactName: string, at: Date, timeZone: string): string {
  const addressee = contactName.trim() ? ` *${contactName.trim()}*` : '';
  return `*${userName}:*\n${timeOfDayGreeting(at, timeZone)}${addressee}, meu nome é *${userName}* e darei continuidade em seu atendimento.`;
}

/**
 * What the new-ticket dialog needs about the contact's open ticket (spec 1 section 4), and only what
 * the caller may see: who holds it and in which queue when the caller may see that ticket, plus its
 * id and uuid when it is the caller's own (the dialog opens it). A hidden ticket is only said to
 * exist: the answer is the error code and message.
 */
export function otherOpenTicketDetails(other: { ticket: Ticket; visible: boolean } | null, viewerId: number): Record<string, unknown> {
  if (!other?.visible) return {};
  const { ticket } = other;
  const holder = { userId: ticket.userId, userName: ticket.user?.name ?? null, queueName: ticket.queue?.name ?? null };
  return ticket.userId === viewerId ? { ...holder, ticketId: ticket.id, uuid: ticket.uuid } : holder;
}

/** Sent on resolve when neither the queue nor the connection has a rating message. */
export const RATING_FALLBACK = 'Por favor, avalie o nosso atendimento com uma nota de 1 a 5.';

@Injectable()
export class TicketService {
  constructor(
    private readonly tickets: TicketRepository,
    private readonly contacts: ContactRepository,
    private readonly queues: QueueRepository,
    private readonly projections: ProjectionRepository,
    private readonly events: ConversationEvents,
    private readonly outbound: OutboundMessageService,
    private readonly numbers: WhatsappNumbers,
    private readonly stats: TicketStatsRepository,
  ) {}

  async list(tenancy: Tenancy, query: TicketListQuery): Promise<TicketListResponse> {
    const viewer = await viewerOf(null, this.projections, tenancy);
    const showAllAllowed = !!query.showAll && can(tenancy, 'tickets-manager:showall');
    return this.tickets.list(viewer, { ...query, showAllAllowed });
  }

  async get(tenancy: Tenancy, where: { id: number } | { uuid: string }): Promise<Ticket> {
    const row = await this.visibleRow(null, tenancy, where);
    return (await this.tickets.view(null, row.id))!;
  }

  /** The caller as the visibility rule sees them; every read for the caller is scoped by it. A null manager reads outside any transaction. */
  viewer(manager: EntityManager | null, tenancy: Tenancy): Promise<ScopedViewer & { name: string }> {
    return viewerOf(manager, this.projections, tenancy);
  }

  /** The ticket if it is the caller's company's and the caller may see it: 404 otherwise, 403 for another queue. */
  async visibleRow(
    manager: EntityManager | null,
    tenancy: Tenancy,
    where: { id: number } | { uuid: string },
    lock = false,
  ): Promise<TicketRow> {
    const found = await this.tickets.findForViewer(manager, await this.viewer(manager, tenancy), where, lock);
    if (!found) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
    const { visible, ...row } = found;
    if (!visible) throw new AppError('ERR_TICKET_NOT_ALLOWED', CONVERSATIONS_MESSAGES.accessNotAllowed);
    return row;
  }

  /** `authorization` is the caller's: the contact's number is checked on WhatsApp with it (when the connection is connected). */
  async create(tenancy: Tenancy, body: TicketCreateBody & { status: 'pending' | 'open' | 'closed' }, authorization = ''): Promise<Ticket> {
    await this.assertOnWhatsapp(tenancy, body, authorization);
    return this.tickets.transaction(async (manager) => {
      const contact = await this.contacts.find(manager, tenancy.companyId, body.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      const viewer = await viewerOf(manager, this.projections, tenancy);
      const queueId = body.queueId ?? null;
      if (queueId === null && !can(tenancy, 'tickets-manager:showall')) {
        throw new AppError('ERR_VALIDATION', CONVERSATIONS_MESSAGES.queueRequired, {
          fields: [{ path: 'queueId', message: CONVERSATIONS_MESSAGES.queueRequired }],
        });
      }
      if (queueId !== null) await this.assertQueue(manager, tenancy.companyId, queueId);
      if (queueId !== null && !maySeeTicket(viewer, { queueId, userId: null })) {
        throw new AppError('ERR_TICKET_NOT_ALLOWED', CONVERSATIONS_MESSAGES.accessNotAllowed);
      }
      const connectionId = body.whatsappId ?? (await this.projections.defaultConnectionId(manager, tenancy.companyId));
      if (!connectionId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No default connection');
      await this.assertConnection(manager, tenancy.companyId, connectionId);
      const userId = body.userId ?? tenancy.userId;
      if (userId !== tenancy.userId) await this.assertUser(manager, tenancy.companyId, userId);
      const status = body.status === 'pending' ? 'pending' : 'open';
      const inserted = await this.tickets.insertStarted(manager, {
        companyId: tenancy.companyId,
        contactId: contact.id,
        connectionId,
        status,
        userId: status === 'pending' ? null : userId,
        queueId,
        isGroup: contact.is_group,
      });
      if (inserted === null) {
        const other = await this.tickets.liveTicketFor(manager, viewer, contact.id, connectionId);
        throw new AppError(
          'ERR_OTHER_OPEN_TICKET',
          'An open ticket already exists for this contact',
          otherOpenTicketDetails(other, viewer.id),
        );
      }
      await this.stats.opened(manager, [inserted]);
      return this.events.ticketChanged(manager, inserted);
    });
  }

  /** A ticket is only started for a number WhatsApp knows (ERR_WAPP_INVALID_CONTACT); groups are not checked. */
  private async assertOnWhatsapp(tenancy: Tenancy, body: TicketCreateBody, authorization: string): Promise<void> {
    const contact = await this.contacts.find(null, tenancy.companyId, body.contactId);
    if (!contact?.number || contact.is_group) return;
    const connectionId = body.whatsappId ?? (await this.projections.defaultConnectionId(null, tenancy.companyId));
    if (connectionId) await this.numbers.verify(tenancy.companyId, authorization, contact.number, connectionId);
  }

  async update(tenancy: Tenancy, id: number, body: TicketUpdateBody): Promise<Ticket> {
    try {
      return await this.tickets.transaction(async (manager) => {
        const row = await this.visibleRow(manager, tenancy, { id }, true);
        const change = nextTicketState({ status: row.status, userId: row.user_id, queueId: row.queue_id }, body, tenancy.userId);
        if (change.queueId !== null && change.queueId !== row.queue_id) await this.assertQueue(manager, tenancy.companyId, change.queueId);
        if (change.userId !== null && change.userId !== tenancy.userId && change.userId !== row.user_id) {
          await this.assertUser(manager, tenancy.companyId, change.userId);
        }
        if (body.whatsappId !== undefined && body.whatsappId !== row.whatsapp_id) {
          await this.assertConnection(manager, tenancy.companyId, body.whatsappId);
        }
        const before = { queueId: row.queue_id, userId: row.user_id };
        await this.tickets.change(manager, row.id, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          whatsappId: body.whatsappId ?? row.whatsapp_id,
          useIntegration: body.useIntegration ?? null,
          promptId: body.promptId,
          integrationId: body.integrationId,
        });
        if (row.status !== 'closed' && change.status === 'closed') await this.stats.resolved(manager, [row.id]);
        if (row.status === 'closed' && change.status !== 'closed') await this.stats.reopened(manager, row.id);
        const ticket = await this.events.ticketChanged(manager, row.id);
        // Users who could see it before but not now must still drop it from their lists.
        if (before.queueId !== ticket.queueId || before.userId !== ticket.userId) {
          const now = new Set(await this.projections.ticketAudience(manager, tenancy.companyId, ticket));
          const lost = (await this.projections.ticketAudience(manager, tenancy.companyId, before)).filter((userId) => !now.has(userId));
          if (lost.length > 0) await this.events.ticketDeletedFor(manager, { id: row.id, companyId: tenancy.companyId }, lost);
        }
        if (
          change.action === 'accept' &&
          !row.is_group &&
          (await this.projections.setting(manager, tenancy.companyId, 'sendGreetingAccepted')) === 'enabled'
        ) {
          await this.sendAcceptGreeting(manager, tenancy, { ...row, status: 'open', user_id: tenancy.userId, queue_id: change.queueId });
        }
        if (
          change.action === 'resolve' &&
          !row.is_group &&
          (await this.projections.setting(manager, tenancy.companyId, 'userRating')) === 'enabled'
        ) {
          await this.requestRating(manager, { ...row, status: 'closed', user_id: change.userId, queue_id: change.queueId });
        }
        return (await this.tickets.view(manager, row.id))!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'tickets_one_live_per_contact')) {
        throw new AppError('ERR_OTHER_OPEN_TICKET', 'An open ticket already exists for this contact');
      }
      throw error;
    }
  }

  private async sendAcceptGreeting(manager: EntityManager, tenancy: Tenancy, row: TicketRow): Promise<void> {
    const user = await this.projections.user(manager, tenancy.companyId, tenancy.userId);
    const contact = await this.contacts.find(manager, tenancy.companyId, row.contact_id);
    const zone = await this.projections.companyTimeZone(manager, tenancy.companyId);
    await this.outbound.sendText(manager, row, acceptGreeting(user?.name ?? '', contact?.name ?? '', new Date(), zone), null, {
      sentBy: tenancy.userId,
      automatic: true,
    });
  }

  /** userRating enabled: resolving sends the rating message; the customer's next 1 to 5 is kept. */
  private async requestRating(manager: EntityManager, row: TicketRow): Promise<void> {
    const queueRating = await this.queues.ratingMessage(manager, row.queue_id);
    const connection = await this.projections.connection(manager, row.company_id, row.whatsapp_id);
    const text = queueRating || connection?.ratingMessage || RATING_FALLBACK;
    await this.outbound.sendText(manager, row, text);
    await this.tickets.markRatingRequested(manager, row.id);
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    if (!can(tenancy, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    await this.tickets.transaction(async (manager) => {
      const row = await this.tickets.findRow(manager, tenancy.companyId, { id }, true);
      if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
      await this.events.ticketDeleted(manager, { id: row.id, companyId: tenancy.companyId, queueId: row.queue_id, userId: row.user_id });
      await this.tickets.delete(manager, row.id);
    });
  }

  /** Admins close every ticket in that status of the selected queues (all queues when none is selected). */
  async closeAll(tenancy: Tenancy, body: Required<TicketCloseAllBody>): Promise<{ closed: number }> {
    if (!can(tenancy, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    return this.tickets.transaction(async (manager) => {
      const closed = await this.tickets.closeAll(manager, tenancy.companyId, body.status, body.selectedQueueIds);
      await this.stats.resolved(manager, closed);
      for (const id of closed) await this.events.ticketChanged(manager, id);
      return { closed: closed.length };
    });
  }

  private async assertQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    if (!(await this.queues.exists(manager, companyId, queueId))) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
  }

  /** Identity's user, as this service's copy knows it; one created a moment ago is asked of identity (decision 0039). */
  private async assertUser(manager: EntityManager, companyId: number, userId: number): Promise<void> {
    if (!(await this.projections.user(manager, companyId, userId))) {
      throw new ProjectionMiss(
        companyId,
        [{ projection: this.projections.users, ids: [userId] }],
        new AppError('ERR_NO_USER_FOUND', 'User not found'),
      );
    }
  }

  /** Whatsapp's connection, as this service's copy knows it; one created a moment ago is asked of whatsapp (decision 0039). */
  private async assertConnection(manager: EntityManager, companyId: number, connectionId: number): Promise<void> {
    if (!(await this.projections.connection(manager, companyId, connectionId))) {
      throw new ProjectionMiss(
        companyId,
        [{ projection: this.projections.connections, ids: [connectionId] }],
        new AppError('ERR_NO_WAPP_FOUND', 'Connection not found'),
      );
    }
  }
}
