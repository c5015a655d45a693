import { CONVERSATIONS_MESSAGES, type Message } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactRepository } from '../common/contact.repository';
import { ConversationEvents } from '../common/conversation-events';
import { MessageRepository } from '../common/message.repository';
import { QueueRepository } from '../common/queue.repository';
import { TicketRepository } from '../common/ticket.repository';
import { maySeeTicket } from '../common/ticket-visibility';
import { TicketStatsRepository } from '../dashboard/ticket-stats.repository';
import { OutboundMessageService } from '../sending/outbound-message.service';
import { TicketService } from '../tickets/ticket.service';

/** What one forward names: the message, the contact, and from the ticketz client the message's ticket and a queue. */
export interface ForwardRequest {
  messageId: number;
  contactId: number;
  signMessage: boolean;
  /** The ticket the caller saw the message in: a message of another ticket is not found. */
  ticketId?: number;
  /** The queue of the ticket opened for the contact (one the caller may see); an existing ticket keeps its own. */
  queueId?: number | null;
}

/**
 * POST /message/forward (and the ticketz client's POST /messages/forward): one message of a visible
 * ticket to another contact of the company, on the same connection, into that contact's open ticket
 * (opened for the caller when there is none). A live ticket the caller may not see is never written
 * into (409 ERR_OTHER_OPEN_TICKET).
 */
@Injectable()
export class ForwardService {
  constructor(
    private readonly messages: MessageRepository,
    private readonly ticketRows: TicketRepository,
    private readonly tickets: TicketService,
    private readonly contacts: ContactRepository,
    private readonly outbound: OutboundMessageService,
    private readonly events: ConversationEvents,
    private readonly stats: TicketStatsRepository,
    private readonly queues: QueueRepository,
  ) {}

  async forward(tenancy: Tenancy, body: ForwardRequest): Promise<Message> {
    return this.messages.transaction(async (manager) => {
      const source = await this.messages.forwardable(manager, tenancy.companyId, body.messageId);
      if (!source || source.is_deleted) throw new AppError('ERR_NOT_FOUND', 'Message not found');
      if (body.ticketId !== undefined && source.ticket_id !== body.ticketId) throw new AppError('ERR_NOT_FOUND', 'Message not found');
      await this.tickets.visibleRow(manager, tenancy, { id: source.ticket_id });
      const contact = await this.contacts.find(manager, tenancy.companyId, body.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      const queueId = body.queueId ?? null;
      if (queueId !== null) await this.assertQueue(manager, tenancy, queueId);

      const opened = await this.ticketRows.openForUser(
        manager,
        tenancy.companyId,
        contact.id,
        source.whatsapp_id,
        tenancy.userId,
        contact.is_group,
      );
      if (opened.created) {
        if (queueId !== null) await this.ticketRows.moveToQueue(manager, opened.id, queueId);
        await this.stats.opened(manager, [opened.id]);
        await this.events.ticketChanged(manager, opened.id);
      }
      // The target goes through the one visibility rule, locked, before anything is written into it. A
      // live ticket the caller may not see answers 409 ERR_OTHER_OPEN_TICKET, as starting a ticket for
      // that contact does, telling nothing about it; the transaction (and its no-op upsert) rolls back.
      const target = await this.tickets.visibleRow(manager, tenancy, { id: opened.id }, true).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'ERR_TICKET_NOT_ALLOWED') {
          throw new AppError('ERR_OTHER_OPEN_TICKET', 'An open ticket already exists for this contact');
        }
        throw error;
      });

      const viewer = await this.tickets.viewer(manager, tenancy);
      const text = body.signMessage && viewer.name && source.body.trim() ? `*${viewer.name}:*\n${source.body}` : source.body;
      const media =
        source.media_url && source.media_type !== 'chat'
          ? {
              url: source.media_url,
              mimetype: source.media_mimetype ?? 'application/octet-stream',
              fileName: source.file_name ?? 'arquivo',
            }
          : undefined;
      if (!media && !text.trim()) throw new AppError('ERR_VALIDATION', 'Nothing to forward');
      return this.outbound.sendText(manager, target, text, null, { media, isForwarded: true, sentBy: tenancy.userId });
    });
  }

  /** A queue of the company that the caller may hold tickets of (404 for another company's, 403 for a queue not the caller's). */
  private async assertQueue(manager: EntityManager, tenancy: Tenancy, queueId: number): Promise<void> {
    if (!(await this.queues.find(tenancy.companyId, queueId))) throw new AppError('ERR_NOT_FOUND', 'Queue not found');
    if (!maySeeTicket(await this.tickets.viewer(manager, tenancy), { queueId, userId: null })) {
      throw new AppError('ERR_TICKET_NOT_ALLOWED', CONVERSATIONS_MESSAGES.accessNotAllowed);
    }
  }
}
