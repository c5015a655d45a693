import { type Message, type Ticket } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { mapMessage, mapTicket, type MessageViewRow, messageViewSelect, TICKET_VIEW_SELECT, type TicketViewRow } from './ticket-views';
import { quoteVisibleToAudienceSql, ticketAudiencesSql } from './ticket-visibility';

/**
 * What the events of newly filed messages carry: the messages and their tickets as the API shows
 * them, and who may see each ticket, read in one statement whatever their number.
 */
@Injectable()
export class InboxEventRepository {
  async messagesWithTickets(
    manager: EntityManager,
    messageIds: number[],
    ticketIds: number[],
  ): Promise<{ messages: Message[]; tickets: Map<number, Ticket>; audiences: Map<number, number[]> }> {
    // Planned for each call, as the views are: a plan kept from when the tables were small would scan them.
    const [row]: {
      messages: MessageViewRow[] | null;
      tickets: TicketViewRow[] | null;
      audiences: { id: number; audience: number[] }[] | null;
    }[] = await manager.query(
      `WITH mv AS (${messageViewSelect(quoteVisibleToAudienceSql())} WHERE m.id = ANY($1::int[])),
              tv AS (${TICKET_VIEW_SELECT} WHERE t.id = ANY($2::int[])),
              av AS (${ticketAudiencesSql('tv t')})
         SELECT (SELECT json_agg(mv) FROM mv) AS messages, (SELECT json_agg(tv) FROM tv) AS tickets,
                (SELECT json_agg(av) FROM av) AS audiences`,
      [messageIds, ticketIds],
    );
    const byId = new Map((row?.messages ?? []).map((message) => [message.id, mapMessage(message)]));
    return {
      messages: messageIds.flatMap((id) => byId.get(id) ?? []),
      tickets: new Map((row?.tickets ?? []).map((ticket) => [ticket.id, mapTicket(ticket)])),
      audiences: new Map((row?.audiences ?? []).map((audience) => [audience.id, audience.audience])),
    };
  }
}
