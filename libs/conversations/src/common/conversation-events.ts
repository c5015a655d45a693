import {
  contactSaved,
  type EventDefinition,
  type Message,
  messageCreated,
  messageUpdated,
  type Ticket,
  ticketDeleted,
  ticketRead,
  ticketTagsChanged,
  ticketUpdated,
} from '@app/contracts';
import { type NewEvent, OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { ContactRepository, mapContact } from './contact.repository';
import { InboxEventRepository, type InboxViews } from './inbox-event.repository';
import { MessageRepository } from './message.repository';
import { ProjectionRepository } from './projection.repository';
import { TicketRepository } from './ticket.repository';

/**
 * Writes the service's facts into its outbox, inside the transaction that changed the state. Ticket
 * events are keyed by ticket id, so one ticket's updates keep their order.
 */
@Injectable()
export class ConversationEvents {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly tickets: TicketRepository,
    private readonly messages: MessageRepository,
    private readonly contacts: ContactRepository,
    private readonly projections: ProjectionRepository,
    private readonly inboxEvents: InboxEventRepository,
  ) {}

  async ticketChanged(manager: EntityManager, ticketId: number): Promise<Ticket> {
    const ticket = await this.tickets.view(manager, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} vanished inside its own transaction`);
    const audience = await this.projections.ticketAudience(manager, ticket.companyId, ticket);
    await this.outbox.add(manager, {
      definition: ticketUpdated,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { ticket, audience },
    });
    return ticket;
  }

  /** The ticket's tags changed: its update, and the change of its tags for those who follow tags only. */
  async ticketTagged(manager: EntityManager, ticketId: number): Promise<Ticket> {
    const ticket = await this.ticketChanged(manager, ticketId);
    await this.outbox.add(manager, {
      definition: ticketTagsChanged,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { ticketId: ticket.id, contactId: ticket.contactId, tags: ticket.tags.map(({ id, name }) => ({ id, name })) },
    });
    return ticket;
  }

  async ticketRead(manager: EntityManager, ticket: Pick<Ticket, 'id' | 'companyId' | 'queueId' | 'userId'>): Promise<void> {
    await this.outbox.add(manager, {
      definition: ticketRead,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: {
        ticketId: ticket.id,
        queueId: ticket.queueId,
        userId: ticket.userId,
        audience: await this.projections.ticketAudience(manager, ticket.companyId, ticket),
      },
    });
  }

  async ticketDeleted(manager: EntityManager, ticket: Pick<Ticket, 'id' | 'companyId' | 'queueId' | 'userId'>): Promise<void> {
    await this.outbox.add(manager, {
      definition: ticketDeleted,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: {
        ticketId: ticket.id,
        queueId: ticket.queueId,
        userId: ticket.userId,
        audience: await this.projections.ticketAudience(manager, ticket.companyId, ticket),
      },
    });
  }

  /**
   * A contact changed, or was created, from WhatsApp: the company's contact lists refresh it, and the
   * services that keep the company's contacts (outbound's schedules) learn of it.
   */
  async contactChanged(manager: EntityManager, companyId: number, contactId: number, created = false): Promise<void> {
    const row = await this.contacts.viewById(manager, contactId);
    if (!row) return;
    await this.outbox.add(manager, {
      definition: contactSaved,
      companyId,
      key: `contact-${contactId}`,
      payload: { contact: mapContact(row), created },
    });
  }

  /** Tells users who could see the ticket and no longer can (after a transfer) to drop it. */
  async ticketDeletedFor(manager: EntityManager, ticket: Pick<Ticket, 'id' | 'companyId'>, audience: number[]): Promise<void> {
    await this.outbox.add(manager, {
      definition: ticketDeleted,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { ticketId: ticket.id, queueId: null, userId: null, audience },
    });
  }

  /**
   * New messages and the tickets they changed, read in one statement whatever their number (or as the
   * statement that stored them read them: `read`): each message's event (in the order given), then
   * each ticket's, written in one statement.
   */
  async messagesAndTicketsChanged(manager: EntityManager, stored: { id: number; ticketId: number }[], read?: InboxViews): Promise<void> {
    if (stored.length === 0) return;
    const ticketIds = [...new Set(stored.map((message) => message.ticketId))];
    const messageIds = stored.map((message) => message.id);
    const views = read ?? (await this.inboxEvents.messagesWithTickets(manager, messageIds, ticketIds));
    const { tickets, audiences } = views;
    const viewOf = new Map(views.messages.map((message) => [message.id, message]));
    const messages = messageIds.flatMap((id) => viewOf.get(id) ?? []);
    const events: NewEvent<EventDefinition>[] = [];
    const ticketOf = (id: number) => {
      const ticket = tickets.get(id);
      if (!ticket) throw new Error(`ticket ${id} vanished inside its own transaction`);
      return ticket;
    };
    for (const message of messages) {
      const ticket = ticketOf(message.ticketId);
      events.push({
        definition: messageCreated,
        companyId: ticket.companyId,
        key: ticket.id,
        payload: { message, ticket, audience: audiences.get(ticket.id) ?? [] },
      });
    }
    for (const ticket of ticketIds.map(ticketOf)) {
      events.push({
        definition: ticketUpdated,
        companyId: ticket.companyId,
        key: ticket.id,
        payload: { ticket, audience: audiences.get(ticket.id) ?? [] },
      });
    }
    await this.outbox.addAll(manager, events);
  }

  /** The message with its ticket as it stands now; `created` picks appMessage create or update. */
  async messageChanged(manager: EntityManager, messageId: number, created: boolean): Promise<{ message: Message; ticket: Ticket }> {
    const message = await this.messages.view(manager, messageId);
    if (!message) throw new Error(`message ${messageId} vanished inside its own transaction`);
    const ticket = await this.tickets.view(manager, message.ticketId);
    if (!ticket) throw new Error(`ticket ${message.ticketId} vanished inside its own transaction`);
    await this.outbox.add(manager, {
      definition: created ? messageCreated : messageUpdated,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { message, ticket, audience: await this.projections.ticketAudience(manager, ticket.companyId, ticket) },
    });
    return { message, ticket };
  }
}
