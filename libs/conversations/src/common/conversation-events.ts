import type { EntityManager } from 'typeorm';
import { contactSaved, messageCreated, messageUpdated, ticketDeleted, ticketRead, ticketUpdated, type Message, type Ticket } from '@app/contracts';
import type { OutboxWriter } from '@app/platform';
import { mapContact, type ContactRow } from '../contacts/contact.repository';
import { ticketAudience } from './ticket-visibility';
import { loadMessage, loadTicket } from './ticket-views';

/**
 * Writes the service's facts into its outbox, inside the transaction that changed the state. Ticket
 * events are keyed by ticket id, so one ticket's updates keep their order.
 */
export class ConversationEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async ticketChanged(manager: EntityManager, ticketId: number): Promise<Ticket> {
    const ticket = await loadTicket(manager, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} vanished inside its own transaction`);
    const audience = await ticketAudience(manager, ticket.companyId, ticket);
    await this.outbox.add(manager, { definition: ticketUpdated, companyId: ticket.companyId, key: ticket.id, payload: { ticket, audience } });
    return ticket;
  }

  async ticketRead(manager: EntityManager, ticket: Pick<Ticket, 'id' | 'companyId' | 'queueId' | 'userId'>): Promise<void> {
    await this.outbox.add(manager, {
      definition: ticketRead,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { ticketId: ticket.id, queueId: ticket.queueId, userId: ticket.userId, audience: await ticketAudience(manager, ticket.companyId, ticket) },
    });
  }

  async ticketDeleted(manager: EntityManager, ticket: Pick<Ticket, 'id' | 'companyId' | 'queueId' | 'userId'>): Promise<void> {
    await this.outbox.add(manager, {
      definition: ticketDeleted,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { ticketId: ticket.id, queueId: ticket.queueId, userId: ticket.userId, audience: await ticketAudience(manager, ticket.companyId, ticket) },
    });
  }

  /** A contact changed (from WhatsApp): the company's contact lists refresh it. */
  async contactChanged(manager: EntityManager, companyId: number, contactId: number): Promise<void> {
    const rows: ContactRow[] = await manager.query(
      `SELECT c.*, (SELECT max(t.updated_at) FROM conversations.tickets t WHERE t.contact_id = c.id) AS last_interaction_at
       FROM conversations.contacts c WHERE c.id = $1`,
      [contactId],
    );
    if (!rows[0]) return;
    await this.outbox.add(manager, { definition: contactSaved, companyId, key: `contact-${contactId}`, payload: { contact: mapContact(rows[0]), created: false } });
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

  /** A new message and the ticket it changed, read once: both events in one go (the inbound hot path). */
  async messageAndTicketChanged(manager: EntityManager, messageId: number): Promise<void> {
    const message = await loadMessage(manager, messageId);
    if (!message) throw new Error(`message ${messageId} vanished inside its own transaction`);
    const ticket = await loadTicket(manager, message.ticketId);
    if (!ticket) throw new Error(`ticket ${message.ticketId} vanished inside its own transaction`);
    const audience = await ticketAudience(manager, ticket.companyId, ticket);
    await this.outbox.add(manager, { definition: messageCreated, companyId: ticket.companyId, key: ticket.id, payload: { message, ticket, audience } });
    await this.outbox.add(manager, { definition: ticketUpdated, companyId: ticket.companyId, key: ticket.id, payload: { ticket, audience } });
  }

  /** The message with its ticket as it stands now; `created` picks appMessage create or update. */
  async messageChanged(manager: EntityManager, messageId: number, created: boolean): Promise<{ message: Message; ticket: Ticket }> {
    const message = await loadMessage(manager, messageId);
    if (!message) throw new Error(`message ${messageId} vanished inside its own transaction`);
    const ticket = await loadTicket(manager, message.ticketId);
    if (!ticket) throw new Error(`ticket ${message.ticketId} vanished inside its own transaction`);
    await this.outbox.add(manager, {
      definition: created ? messageCreated : messageUpdated,
      companyId: ticket.companyId,
      key: ticket.id,
      payload: { message, ticket, audience: await ticketAudience(manager, ticket.companyId, ticket) },
    });
    return { message, ticket };
  }
}
