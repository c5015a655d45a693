import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ticketPresenceUpdated, type EventPayload, type presenceUpdated } from '@app/contracts';
import type { EventTransport } from '@app/platform';
import { ticketAudience } from '../common/ticket-visibility';

/**
 * Typing and recording of a contact, turned into the presence of its open ticket for the users who
 * may see it. Straight on the transport (no state, no outbox): a lost one is replaced by the next.
 */
export class PresenceRelay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
  ) {}

  async forward(companyId: number, event: EventPayload<typeof presenceUpdated>): Promise<void> {
    if (!event.chat.number && !event.chat.lid) return;
    const rows: { id: number; queue_id: number | null; user_id: number | null }[] = await this.dataSource.query(
      `SELECT t.id, t.queue_id, t.user_id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
       WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND t.status <> 'closed'
         AND (c.number = $3 OR (c.lid IS NOT NULL AND c.lid = $4))
       LIMIT 1`,
      [companyId, event.connectionId, event.chat.number, event.chat.lid],
    );
    const ticket = rows[0];
    if (!ticket) return;
    const audience = await ticketAudience(this.dataSource.manager, companyId, { queueId: ticket.queue_id, userId: ticket.user_id });
    const payload = ticketPresenceUpdated.payload.parse({ ticketId: ticket.id, presence: event.presence, audience });
    await this.transport.publish([
      {
        topic: ticketPresenceUpdated.topic,
        key: String(ticket.id),
        envelope: {
          id: randomUUID(),
          type: ticketPresenceUpdated.type,
          version: ticketPresenceUpdated.version,
          companyId,
          key: String(ticket.id),
          occurredAt: new Date().toISOString(),
          payload,
        },
      },
    ]);
  }
}
