import { randomUUID } from 'node:crypto';

import { type EventPayload, type presenceUpdated, ticketPresenceUpdated } from '@app/contracts';
import { EVENT_TRANSPORT, type EventTransport } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { ProjectionRepository } from '../common/projection.repository';
import { TicketRepository } from '../common/ticket.repository';

/**
 * Typing and recording of a contact, turned into the presence of its open ticket for the users who
 * may see it. Straight on the transport (no state, no outbox): a lost one is replaced by the next.
 */
@Injectable()
export class PresenceRelay {
  constructor(
    private readonly tickets: TicketRepository,
    private readonly projections: ProjectionRepository,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
  ) {}

  async forward(companyId: number, event: EventPayload<typeof presenceUpdated>): Promise<void> {
    if (!event.chat.number && !event.chat.lid) return;
    const ticket = await this.tickets.liveTicketOfChat(companyId, event.connectionId, event.chat);
    if (!ticket) return;
    const audience = await this.projections.ticketAudience(null, companyId, { queueId: ticket.queue_id, userId: ticket.user_id });
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
