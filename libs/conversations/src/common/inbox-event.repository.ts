import { type Message, type Ticket } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { mapMessage, mapTicket, type MessageViewRow, messageViewSelect, type TicketViewRow, ticketViewSelect } from './ticket-views.sql';
import { quoteVisibleToAudienceSql, ticketAudiencesSql } from './ticket-visibility.sql';

/** What the events of newly filed messages carry: the messages and their tickets as the API shows them, and who may see each ticket. */
export interface InboxViews {
  messages: Message[];
  tickets: Map<number, Ticket>;
  audiences: Map<number, number[]>;
}

/** The row `inboxViewsSql`'s select answers. */
export interface InboxViewsRow {
  messages: MessageViewRow[] | null;
  tickets: TicketViewRow[] | null;
  audiences: { id: number; audience: number[] }[] | null;
}

/**
 * The CTEs (mv, tv, av) and the columns that read InboxViews in one statement: the messages of
 * `messages` and the tickets of `tickets` (each a FROM item naming its rows `m` and `t`, with an
 * optional WHERE), which may be rows the same statement wrote and RETURNED.
 */
export function inboxViewsSql(messages: { from: string; where?: string }, tickets: { from: string; where?: string }) {
  return {
    ctes: `mv AS (${messageViewSelect(quoteVisibleToAudienceSql(), messages.from)}${messages.where ? ` WHERE ${messages.where}` : ''}),
           tv AS (${ticketViewSelect('', tickets.from)}${tickets.where ? ` WHERE ${tickets.where}` : ''}),
           av AS (${ticketAudiencesSql('tv t')})`,
    columns: `(SELECT json_agg(mv) FROM mv) AS messages, (SELECT json_agg(tv) FROM tv) AS tickets,
              (SELECT json_agg(av) FROM av) AS audiences`,
  };
}

/** InboxViews from the row `inboxViewsSql` read, the messages in the order of `messageIds`. */
export function mapInboxViews(row: InboxViewsRow | undefined, messageIds: number[]): InboxViews {
  const byId = new Map((row?.messages ?? []).map((message) => [message.id, mapMessage(message)]));
  return {
    messages: messageIds.flatMap((id) => byId.get(id) ?? []),
    tickets: new Map((row?.tickets ?? []).map((ticket) => [ticket.id, mapTicket(ticket)])),
    audiences: new Map((row?.audiences ?? []).map((audience) => [audience.id, audience.audience])),
  };
}

/** Reads the InboxViews of messages already stored, in one statement whatever their number. */
@Injectable()
export class InboxEventRepository {
  async messagesWithTickets(manager: EntityManager, messageIds: number[], ticketIds: number[]): Promise<InboxViews> {
    const views = inboxViewsSql(
      { from: 'conversations.messages m', where: 'm.id = ANY($1::int[])' },
      { from: 'conversations.tickets t', where: 't.id = ANY($2::int[])' },
    );
    // Planned for each call, as the views are: a plan kept from when the tables were small would scan them.
    const [row]: InboxViewsRow[] = await manager.query(`WITH ${views.ctes} SELECT ${views.columns}`, [messageIds, ticketIds]);
    return mapInboxViews(row, messageIds);
  }
}
