import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
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
import { AppError, type Tenancy } from '@app/platform';
import { ConversationEvents } from '../common/conversation-events';
import { changedRows } from '../common/sql';
import { loadTicket } from '../common/ticket-views';
import { maySeeTicket, ticketAudience } from '../common/ticket-visibility';
import { viewerOf } from '../common/viewer';
import { ContactRepository } from '../contacts/contact.repository';
import { WhatsappNumbers } from '../contacts/whatsapp-numbers.client';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { OutboundMessageService } from '../messages/outbound-message.service';
import { ProjectionRepository } from '../projections/projection.repository';
import { nextTicketState } from './ticket-transitions';
import { TicketRepository, type TicketRow } from './ticket.repository';

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === constraint;

/** The greeting posted on accept when sendGreetingAccepted is enabled, signed with the user's name. */
export function acceptGreeting(userName: string, greeting: string): string {
  const text = greeting.trim() || `Olá! Meu nome é ${userName} e vou prosseguir com o seu atendimento.`;
  return `*${userName}:*\n${text}`;
}

/** Sent on resolve when neither the queue nor the connection has a rating message. */
export const RATING_FALLBACK = 'Por favor, avalie o nosso atendimento com uma nota de 1 a 5.';

@Injectable()
export class TicketService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly tickets: TicketRepository,
    private readonly contacts: ContactRepository,
    private readonly projections: ProjectionRepository,
    private readonly events: ConversationEvents,
    private readonly outbound: OutboundMessageService,
    private readonly numbers: WhatsappNumbers,
  ) {}

  async list(tenancy: Tenancy, query: TicketListQuery): Promise<TicketListResponse> {
    const manager = this.dataSource.manager;
    const viewer = await viewerOf(manager, this.projections, tenancy);
    const showAllAllowed = !!query.showAll && can(tenancy, 'tickets-manager:showall');
    return this.tickets.list(manager, tenancy.companyId, viewer, { ...query, showAllAllowed });
  }

  async get(tenancy: Tenancy, where: { id: number } | { uuid: string }): Promise<Ticket> {
    const row = await this.visibleRow(this.dataSource.manager, tenancy, where);
    return (await loadTicket(this.dataSource.manager, row.id))!;
  }

  /** The ticket if it is the caller's company's and the caller may see it: 404 otherwise, 403 for another queue. */
  async visibleRow(manager: EntityManager, tenancy: Tenancy, where: { id: number } | { uuid: string }, lock = false): Promise<TicketRow> {
    const row = await this.tickets.findRow(manager, tenancy.companyId, where, lock);
    if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
    const viewer = await viewerOf(manager, this.projections, tenancy);
    if (!maySeeTicket(viewer, { queueId: row.queue_id, userId: row.user_id })) {
      throw new AppError('ERR_TICKET_NOT_ALLOWED', CONVERSATIONS_MESSAGES.accessNotAllowed);
    }
    return row;
  }

  /** `authorization` is the caller's: the contact's number is checked on WhatsApp with it (when the connection is connected). */
  async create(tenancy: Tenancy, body: TicketCreateBody & { status: 'pending' | 'open' | 'closed' }, authorization = ''): Promise<Ticket> {
    await this.assertOnWhatsapp(tenancy, body, authorization);
    return this.dataSource.transaction(async (manager) => {
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
      if (!(await this.projections.connection(manager, tenancy.companyId, connectionId))) {
        throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
      }
      const userId = body.userId ?? tenancy.userId;
      if (userId !== tenancy.userId) await this.assertUser(manager, tenancy.companyId, userId);
      const status = body.status === 'pending' ? 'pending' : 'open';
      const inserted: { id: number }[] = await manager.query(
        `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, user_id, queue_id, is_group)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed' DO NOTHING RETURNING id`,
        [randomUUID(), tenancy.companyId, contact.id, connectionId, status, status === 'pending' ? null : userId, queueId, contact.is_group],
      );
      if (inserted.length === 0) {
        const other = await this.tickets.liveTicketOf(manager, tenancy.companyId, contact.id, connectionId);
        throw new AppError('ERR_OTHER_OPEN_TICKET', 'An open ticket already exists for this contact', {
          ticketId: other?.id,
          uuid: other?.uuid,
          userId: other?.userId ?? null,
          userName: other?.user?.name ?? null,
          queueName: other?.queue?.name ?? null,
        });
      }
      return this.events.ticketChanged(manager, inserted[0]!.id);
    });
  }

  /** A ticket is only started for a number WhatsApp knows (ERR_WAPP_INVALID_CONTACT); groups are not checked. */
  private async assertOnWhatsapp(tenancy: Tenancy, body: TicketCreateBody, authorization: string): Promise<void> {
    const manager = this.dataSource.manager;
    const contact = await this.contacts.find(manager, tenancy.companyId, body.contactId);
    if (!contact?.number || contact.is_group) return;
    const connectionId = body.whatsappId ?? (await this.projections.defaultConnectionId(manager, tenancy.companyId));
    if (connectionId) await this.numbers.verify(manager, tenancy.companyId, authorization, contact.number, connectionId);
  }

  async update(tenancy: Tenancy, id: number, body: TicketUpdateBody): Promise<Ticket> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const row = await this.visibleRow(manager, tenancy, { id }, true);
        const change = nextTicketState({ status: row.status, userId: row.user_id, queueId: row.queue_id }, body, tenancy.userId);
        if (change.queueId !== null && change.queueId !== row.queue_id) await this.assertQueue(manager, tenancy.companyId, change.queueId);
        if (change.userId !== null && change.userId !== tenancy.userId && change.userId !== row.user_id) {
          await this.assertUser(manager, tenancy.companyId, change.userId);
        }
        if (body.whatsappId !== undefined && body.whatsappId !== row.whatsapp_id) {
          if (!(await this.projections.connection(manager, tenancy.companyId, body.whatsappId))) {
            throw new AppError('ERR_NO_WAPP_FOUND', 'Connection not found');
          }
        }
        const before = { queueId: row.queue_id, userId: row.user_id };
        await manager.query(
          `UPDATE conversations.tickets SET status = $2, user_id = $3, queue_id = $4, whatsapp_id = $5,
             use_integration = COALESCE($6, use_integration),
             prompt_id = CASE WHEN $9 THEN $7 ELSE prompt_id END, integration_id = CASE WHEN $10 THEN $8 ELSE integration_id END,
             unread_messages = CASE WHEN $2 = 'closed' THEN 0 ELSE unread_messages END, updated_at = now()
           WHERE id = $1`,
          [
            row.id,
            change.status,
            change.userId,
            change.queueId,
            body.whatsappId ?? row.whatsapp_id,
            body.useIntegration ?? null,
            body.promptId === undefined ? null : body.promptId,
            body.integrationId === undefined ? null : body.integrationId,
            body.promptId !== undefined,
            body.integrationId !== undefined,
          ],
        );
        const ticket = await this.events.ticketChanged(manager, row.id);
        // Users who could see it before but not now must still drop it from their lists.
        if (before.queueId !== ticket.queueId || before.userId !== ticket.userId) {
          const now = new Set(await ticketAudience(manager, tenancy.companyId, ticket));
          const lost = (await ticketAudience(manager, tenancy.companyId, before)).filter((userId) => !now.has(userId));
          if (lost.length > 0) await this.events.ticketDeletedFor(manager, { id: row.id, companyId: tenancy.companyId }, lost);
        }
        if (change.action === 'accept' && !row.is_group && (await this.projections.setting(manager, tenancy.companyId, 'sendGreetingAccepted')) === 'enabled') {
          await this.sendAcceptGreeting(manager, tenancy, { ...row, status: 'open', user_id: tenancy.userId, queue_id: change.queueId });
        }
        if (change.action === 'resolve' && !row.is_group && (await this.projections.setting(manager, tenancy.companyId, 'userRating')) === 'enabled') {
          await this.requestRating(manager, { ...row, status: 'closed', user_id: change.userId, queue_id: change.queueId });
        }
        return (await loadTicket(manager, row.id))!;
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
    const queue: { greeting_message: string }[] = row.queue_id
      ? await manager.query(`SELECT greeting_message FROM conversations.queues WHERE id = $1`, [row.queue_id])
      : [];
    const connection = await this.projections.connection(manager, tenancy.companyId, row.whatsapp_id);
    const greeting = queue[0]?.greeting_message || connection?.greetingMessage || '';
    await this.outbound.sendText(manager, row, acceptGreeting(user?.name ?? '', greeting));
  }

  /** userRating enabled: resolving sends the rating message; the customer's next 1 to 5 is kept. */
  private async requestRating(manager: EntityManager, row: TicketRow): Promise<void> {
    const queue: { rating_message: string }[] = row.queue_id
      ? await manager.query(`SELECT rating_message FROM conversations.queues WHERE id = $1`, [row.queue_id])
      : [];
    const connection = await this.projections.connection(manager, row.company_id, row.whatsapp_id);
    const text = queue[0]?.rating_message || connection?.ratingMessage || RATING_FALLBACK;
    await this.outbound.sendText(manager, row, text);
    await manager.query(`UPDATE conversations.tickets SET rating_requested_at = now() WHERE id = $1`, [row.id]);
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    if (!can(tenancy, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    await this.dataSource.transaction(async (manager) => {
      const row = await this.tickets.findRow(manager, tenancy.companyId, { id }, true);
      if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
      await this.events.ticketDeleted(manager, { id: row.id, companyId: tenancy.companyId, queueId: row.queue_id, userId: row.user_id });
      await manager.query(`DELETE FROM conversations.tickets WHERE id = $1`, [row.id]);
    });
  }

  /** Admins close every ticket in that status of the selected queues (all queues when none is selected). */
  async closeAll(tenancy: Tenancy, body: Required<TicketCloseAllBody>): Promise<{ closed: number }> {
    if (!can(tenancy, 'ticket-options:deleteTicket')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    return this.dataSource.transaction(async (manager) => {
      const rows = await changedRows<{ id: number }>(
        manager,
        `UPDATE conversations.tickets SET status = 'closed', unread_messages = 0, updated_at = now()
         WHERE company_id = $1 AND status = $2 AND (cardinality($3::int[]) = 0 OR queue_id = ANY($3::int[]))
         RETURNING id`,
        [tenancy.companyId, body.status, body.selectedQueueIds],
      );
      for (const row of rows) await this.events.ticketChanged(manager, row.id);
      return { closed: rows.length };
    });
  }

  private async assertQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM conversations.queues WHERE id = $1 AND company_id = $2`, [queueId, companyId]);
    if (rows.length === 0) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
  }

  private async assertUser(manager: EntityManager, companyId: number, userId: number): Promise<void> {
    if (!(await this.projections.user(manager, companyId, userId))) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
  }
}
