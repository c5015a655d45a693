import { randomUUID } from 'node:crypto';

import { type Ticket, type TicketListItem, type TicketListResponse, TICKETS_PAGE_SIZE, type TicketStatus } from '@app/contracts';
import { cancellableQuery, changedRows, likeContaining, prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { hedgedSearch } from './hedged-search';
import {
  indexedWord,
  listConditions,
  MATCHED_CONTACTS_SQL,
  MATCHED_MESSAGES_SQL,
  type PageStart,
  pageStart,
  queueWalks,
  SEARCH_CONTACTS_WALKED,
  SEARCH_HEDGE_MS,
  SEARCH_INDEX_CAP,
  SEARCH_WALK,
  searchByIdsSql,
  searchCandidatesSql,
  searchMatch,
  shortSearchMatch,
  type TicketListFilter,
  TRIGRAM_SEARCH_MIN_LENGTH,
  walkSql,
} from './ticket.sql';
import { mapTicket, TICKET_VIEW_SELECT, type TicketViewRow, ticketViewSelect } from './ticket-views.sql';
import { type ScopedViewer } from './ticket-visibility';
import { type SqlParam, sqlParams, ticketVisibleColumnSql } from './ticket-visibility.sql';

const WITH_CONTACT = 'conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id';

/** A ticket with what sending to its contact needs. */
export interface TicketRow {
  id: number;
  uuid: string;
  company_id: number;
  contact_id: number;
  whatsapp_id: number;
  status: TicketStatus;
  user_id: number | null;
  queue_id: number | null;
  is_group: boolean;
  unread_messages: number;
  contact_number: string | null;
}

/** The live ticket an inbound message is filed on, and whether this message created it. */
export interface LiveTicket {
  id: number;
  uuid: string;
  status: 'pending' | 'open';
  userId: number | null;
  queueId: number | null;
  queueOptionAttempts: number;
  created: boolean;
}

/** A live ticket with the chat it is for and its connection's projected row. */
export type LiveTicketOfChat = LiveTicket & {
  contactId: number;
  connectionId: number;
  companyId: number;
  connection: Record<string, unknown> | null;
};

/** A row of `liveTicketsCtes`'s live_ticket. */
export interface LiveTicketRow {
  id: number;
  uuid: string;
  status: 'pending' | 'open';
  user_id: number | null;
  queue_id: number | null;
  queue_option_attempts: number;
  created: boolean;
  contact_id: number;
  whatsapp_id: number;
  company_id: number;
  connection: Record<string, unknown> | null;
}

/**
 * The CTEs that find or open the live tickets of the chats in CTE `chat` (uuid, company_id,
 * contact_id, connection_id, is_group; each contact and connection once), answering them as
 * live_ticket (LiveTicketRow): a live ticket that exists is locked, not rewritten (the filing updates
 * it once afterwards); the insert is left with the chats that have none, in the connection's queue
 * when it has exactly one of the company's (read from its projection), and its upsert covers a ticket
 * opened meanwhile. The partial unique index arbitrates: of two concurrent inserts one wins, the
 * other updates (and so waits for and locks) the winner's row.
 */
export function liveTicketsCtes(chat: string): string {
  return `live AS (
         SELECT t.id, t.uuid, t.status, t.user_id, t.queue_id, t.queue_option_attempts, false AS created, t.contact_id, t.whatsapp_id, t.company_id
           FROM conversations.tickets t JOIN ${chat} chat
             ON t.company_id = chat.company_id AND t.contact_id = chat.contact_id AND t.whatsapp_id = chat.connection_id
          WHERE t.status <> 'closed'
          FOR NO KEY UPDATE OF t
       ), opened AS (
         INSERT INTO conversations.tickets AS t (uuid, company_id, contact_id, whatsapp_id, status, is_group, queue_id)
         SELECT chat.uuid, chat.company_id, chat.contact_id, chat.connection_id, 'pending', chat.is_group,
                (SELECT q.id FROM conversations.connections w JOIN conversations.queues q ON q.id = w.queue_ids[1] AND q.company_id = w.company_id
                  WHERE w.id = chat.connection_id AND w.company_id = chat.company_id AND cardinality(w.queue_ids) = 1)
           FROM ${chat} chat
          WHERE NOT EXISTS (SELECT 1 FROM live WHERE live.contact_id = chat.contact_id AND live.whatsapp_id = chat.connection_id)
         ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed'
         DO UPDATE SET updated_at = t.updated_at
         RETURNING t.id, t.uuid, t.status, t.user_id, t.queue_id, t.queue_option_attempts, (xmax = 0) AS created, t.contact_id, t.whatsapp_id, t.company_id
       ), live_ticket AS (
         SELECT x.*, (SELECT row_to_json(w) FROM conversations.connections w WHERE w.id = x.whatsapp_id AND w.company_id = x.company_id) AS connection
           FROM (SELECT * FROM live UNION ALL SELECT * FROM opened) AS x
       )`;
}

export function mapLiveTicket(row: LiveTicketRow): LiveTicketOfChat {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    userId: row.user_id,
    queueId: row.queue_id,
    queueOptionAttempts: row.queue_option_attempts,
    created: row.created,
    contactId: row.contact_id,
    connectionId: row.whatsapp_id,
    companyId: row.company_id,
    connection: row.connection,
  };
}

/** What PUT /tickets/:id changes; `promptId`/`integrationId` undefined keep the column. */
export interface TicketChange {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number;
  useIntegration: boolean | null;
  promptId: number | null | undefined;
  integrationId: number | null | undefined;
}

/**
 * Tickets, their ratings and what the inbox shows of them. A method whose manager may be null reads
 * outside any transaction (the statement on its own).
 */
@Injectable()
export class TicketRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A ticket of the company, whoever asks: for the service's own work (timers, admin deletes). Reads for a user go through `findForViewer`. */
  /**
   * Locks these tickets until the transaction ends, in id order: a batch that then changes them one by
   * one, in its events' order, cannot deadlock with another batch doing the same.
   */
  async lockInOrder(manager: EntityManager, ids: number[]): Promise<void> {
    await manager.query(`SELECT id FROM conversations.tickets WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [ids]);
  }

  async findRow(
    manager: EntityManager,
    companyId: number,
    where: { id: number } | { uuid: string },
    lock = false,
  ): Promise<TicketRow | null> {
    const [column, value] = 'id' in where ? ['t.id', where.id] : ['t.uuid', where.uuid];
    const rows: TicketRow[] = await manager.query(
      `SELECT t.id, t.uuid, t.company_id, t.contact_id, t.whatsapp_id, t.status, t.user_id, t.queue_id, t.is_group,
              t.unread_messages, c.number AS contact_number
       FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
       WHERE ${column} = $1 AND t.company_id = $2 ${lock ? 'FOR UPDATE OF t' : ''}`,
      [value, companyId],
    );
    return rows[0] ?? null;
  }

  /**
   * A ticket of the viewer's company and whether the viewer may see it (the one visibility rule,
   * evaluated in the statement): the service answers 404 for none and 403 for a hidden one.
   */
  async findForViewer(
    manager: EntityManager | null,
    viewer: ScopedViewer,
    where: { id: number } | { uuid: string },
    lock = false,
  ): Promise<(TicketRow & { visible: boolean }) | null> {
    const { params, param } = sqlParams();
    const match = 'id' in where ? `t.id = ${param(where.id)}::int` : `t.uuid = ${param(where.uuid)}::uuid`;
    const rows: (TicketRow & { visible: boolean })[] = await (manager ?? this.dataSource.manager).query(
      `SELECT t.id, t.uuid, t.company_id, t.contact_id, t.whatsapp_id, t.status, t.user_id, t.queue_id, t.is_group,
              t.unread_messages, c.number AS contact_number, ${ticketVisibleColumnSql(viewer, 't', param)} AS visible
       FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
       WHERE ${match} AND t.company_id = ${param(viewer.companyId)}::int ${lock ? 'FOR UPDATE OF t' : ''}`,
      params,
    );
    return rows[0] ?? null;
  }

  /**
   * The contact's ticket on that connection that is not closed, and whether the viewer may see it: a
   * hidden one is only known to exist (its id, holder and queue stay hidden).
   */
  async liveTicketFor(
    manager: EntityManager,
    viewer: ScopedViewer,
    contactId: number,
    connectionId: number,
  ): Promise<{ ticket: Ticket; visible: boolean } | null> {
    const { params, param } = sqlParams([viewer.companyId, contactId, connectionId]);
    const rows: (TicketViewRow & { visible: boolean })[] = await manager.query(
      `${ticketViewSelect(`${ticketVisibleColumnSql(viewer, 't', param)} AS visible`)}
       WHERE t.company_id = $1 AND t.contact_id = $2 AND t.whatsapp_id = $3 AND t.status <> 'closed'`,
      params,
    );
    return rows[0] ? { ticket: mapTicket(rows[0]), visible: rows[0].visible } : null;
  }

  /**
   * One page of the ticket list, newest activity first (see ticket-list-sql.ts): the page's ids by
   * walking the list's indexes from the cursor, then their view. Fetches one row more than the page
   * to answer hasMore without counting; `next` is the cursor of the page after.
   */
  async list(viewer: ScopedViewer, filter: TicketListFilter): Promise<TicketListResponse> {
    const start = pageStart(filter);
    const page = TICKETS_PAGE_SIZE + 1;
    const term = filter.searchParam;
    let ids: number[];
    if (!term) {
      ids = await this.walk(viewer, filter, start, (conditions, param) =>
        walkSql(conditions, queueWalks(viewer, filter, param), page, start.offset, param),
      );
    } else if (term.trim().length < TRIGRAM_SEARCH_MIN_LENGTH) {
      // Shorter than a trigram: no index helps; the list is walked until a page is found.
      ids = await this.walk(viewer, filter, start, (conditions, param) =>
        walkSql([...conditions, shortSearchMatch(term, param)], ['TRUE'], page, start.offset, param, WITH_CONTACT),
      );
    } else {
      ids =
        start.offset === 0
          ? await hedgedSearch(
              (signal) => this.searchByWalking(viewer, filter, start, term, signal),
              (signal) => this.searchByIndexes(viewer, filter, start, term, page, signal),
              SEARCH_HEDGE_MS,
            )
          : await this.searchByIndexes(viewer, filter, start, term, page);
    }
    const views = await this.views(this.dataSource.manager, ids.slice(0, TICKETS_PAGE_SIZE));
    const tickets = term ? await this.withMatchedMessages(views, term) : views;
    const last = ids.length > TICKETS_PAGE_SIZE ? tickets.at(-1) : undefined;
    return {
      tickets,
      hasMore: ids.length > TICKETS_PAGE_SIZE,
      nextUpdatedAt: last ? last.updatedAt : null,
      nextTicketId: last ? last.id : null,
    };
  }

  private async walk(
    viewer: ScopedViewer,
    filter: TicketListFilter,
    start: PageStart,
    statement: (conditions: string[], param: SqlParam) => string,
    signal?: AbortSignal,
  ): Promise<number[]> {
    // A statement that walks each queue's index asks for queueWalks itself: parameters it adds but
    // the statement does not use would leave PostgreSQL unable to type them (an error, not a page).
    const { params, param } = sqlParams([viewer.companyId]);
    const sql = statement(listConditions(viewer, filter, start, param), param);
    const rows = await this.query<{ id: number }>(sql, params, signal);
    return rows.map((row) => row.id);
  }

  /** A read of the list, stopped by `signal` when a hedged search no longer needs it. */
  private query<T>(sql: string, params: unknown[], signal?: AbortSignal): Promise<T[]> {
    return signal ? cancellableQuery<T>(this.dataSource, sql, params, signal) : this.dataSource.query(sql, params);
  }

  /**
   * A search's page found by checking the list's first SEARCH_WALK tickets from the cursor, one by one
   * in its order, stopping at a full page: a term many tickets hold fills it within a few of them.
   * Null when they did not fill it (a rarer term), for the trigram indexes to answer instead. Public,
   * as `searchByIndexes`, for the filter matrix to hold each way alone to the list's rules (the hedge
   * takes whichever answers first).
   */
  async searchByWalking(
    viewer: ScopedViewer,
    filter: TicketListFilter,
    start: PageStart,
    term: string,
    signal?: AbortSignal,
  ): Promise<number[] | null> {
    const { params, param } = sqlParams([viewer.companyId]);
    const walked = walkSql(listConditions(viewer, filter, start, param), queueWalks(viewer, filter, param), SEARCH_WALK, 0, param);
    const rows = await this.query<{ id: number }>(
      `SELECT w.id FROM (${walked}) w WHERE ${searchMatch(term, param)}
        ORDER BY w.updated_at DESC, w.id DESC LIMIT ${param(TICKETS_PAGE_SIZE + 1)}`,
      params,
      signal,
    );
    return rows.length > TICKETS_PAGE_SIZE ? rows.map((row) => row.id) : null;
  }

  /**
   * A search's page through the trigram indexes: the contacts and the messages that hold the term
   * (side by side: the contacts up to SEARCH_CONTACTS_WALKED, past which the page's statement finds
   * them itself; the messages up to SEARCH_INDEX_CAP), then their tickets in the list's order. A term
   * in more messages than that is common enough for the whole-company candidates to answer it.
   */
  async searchByIndexes(
    viewer: ScopedViewer,
    filter: TicketListFilter,
    start: PageStart,
    term: string,
    page: number,
    signal?: AbortSignal,
  ): Promise<number[]> {
    const [contacts, messages] = await Promise.all([
      this.query<{ id: number }>(MATCHED_CONTACTS_SQL, [viewer.companyId, likeContaining(term), SEARCH_CONTACTS_WALKED + 1], signal),
      this.query<{ ticket_id: number }>(
        MATCHED_MESSAGES_SQL,
        [viewer.companyId, likeContaining(indexedWord(term)), term, SEARCH_INDEX_CAP + 1],
        signal,
      ),
    ]);
    if (messages.length > SEARCH_INDEX_CAP) {
      return this.walk(
        viewer,
        filter,
        start,
        (conditions, param) => searchCandidatesSql(conditions, term, page, start.offset, param),
        signal,
      );
    }
    const matched = {
      contactIds: contacts.length > SEARCH_CONTACTS_WALKED ? ('many' as const) : contacts.map((row) => row.id),
      ticketIds: [...new Set(messages.map((row) => row.ticket_id))],
    };
    const { params, param } = sqlParams([viewer.companyId]);
    const sql = searchByIdsSql(listConditions(viewer, filter, start, param), matched, term, page, start.offset, param);
    if (!sql) return [];
    const rows = await this.query<{ id: number }>(sql, params, signal);
    return rows.map((row) => row.id);
  }

  /**
   * A search's tickets with the newest message of each whose text holds the term (`matchedMessageId`),
   * for the chat to open at it; null for a ticket found by its contact's name or number instead.
   * One statement for the page, each ticket's messages read by its own index.
   */
  private async withMatchedMessages(tickets: Ticket[], term: string): Promise<TicketListItem[]> {
    if (tickets.length === 0) return tickets;
    const rows: { id: number; message_id: number | null }[] = await this.dataSource.query(
      `SELECT t.id, CASE WHEN lower(c.name) LIKE $2 OR c.number LIKE $2 THEN NULL ELSE (
                SELECT sm.id FROM conversations.messages sm
                WHERE sm.ticket_id = t.id AND sm.contact_id IS NOT NULL AND lower(sm.body) LIKE $2
                ORDER BY sm.created_at DESC, sm.id DESC LIMIT 1) END AS message_id
       FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
       WHERE t.id = ANY($1::int[])`,
      [tickets.map((ticket) => ticket.id), likeContaining(term)],
    );
    const matched = new Map(rows.map((row) => [row.id, row.message_id]));
    return tickets.map((ticket) => ({ ...ticket, matchedMessageId: matched.get(ticket.id) ?? null }));
  }

  /** Tickets by id, in the order asked, as the API shows them. */
  async views(manager: EntityManager, ids: number[]): Promise<Ticket[]> {
    if (ids.length === 0) return [];
    const rows: TicketViewRow[] = await manager.query(prepared(`${TICKET_VIEW_SELECT} WHERE t.id = ANY($1::int[])`), [ids]);
    const byId = new Map(rows.map((row) => [row.id, mapTicket(row)]));
    return ids.map((id) => byId.get(id)).filter((ticket): ticket is Ticket => !!ticket);
  }

  /** One ticket as the API shows it. */
  async view(manager: EntityManager | null, id: number): Promise<Ticket | null> {
    return (await this.views(manager ?? this.dataSource.manager, [id]))[0] ?? null;
  }

  /**
   * A ticket a user starts (POST /tickets); null when the contact already has a live ticket on that
   * connection (the partial unique index decides).
   */
  async insertStarted(
    manager: EntityManager,
    ticket: {
      companyId: number;
      contactId: number;
      connectionId: number;
      status: 'pending' | 'open';
      userId: number | null;
      queueId: number | null;
      isGroup: boolean;
    },
  ): Promise<number | null> {
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO conversations.tickets (uuid, company_id, contact_id, whatsapp_id, status, user_id, queue_id, is_group)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed' DO NOTHING RETURNING id`,
      [randomUUID(), ticket.companyId, ticket.contactId, ticket.connectionId, ticket.status, ticket.userId, ticket.queueId, ticket.isGroup],
    );
    return inserted[0]?.id ?? null;
  }

  /**
   * PUT /tickets/:id: status, holder, queue, connection and integration; closing clears the unread
   * count. A user's change takes the ticket from the bot, if it still had it (decision 0031).
   */
  async change(manager: EntityManager, id: number, change: TicketChange): Promise<void> {
    await manager.query(
      `UPDATE conversations.tickets SET status = $2, user_id = $3, queue_id = $4, whatsapp_id = $5,
         use_integration = COALESCE($6, use_integration),
         prompt_id = CASE WHEN $9 THEN $7 ELSE prompt_id END, integration_id = CASE WHEN $10 THEN $8 ELSE integration_id END,
         unread_messages = CASE WHEN $2 = 'closed' THEN 0 ELSE unread_messages END, updated_at = now(),
         human_ready_at = COALESCE(human_ready_at, now())
       WHERE id = $1`,
      [
        id,
        change.status,
        change.userId,
        change.queueId,
        change.whatsappId,
        change.useIntegration,
        change.promptId === undefined ? null : change.promptId,
        change.integrationId === undefined ? null : change.integrationId,
        change.promptId !== undefined,
        change.integrationId !== undefined,
      ],
    );
  }

  /** The rating message went out: the customer's next 1 to 5 rates the ticket. */
  async markRatingRequested(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE conversations.tickets SET rating_requested_at = now() WHERE id = $1`, [id]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM conversations.tickets WHERE id = $1`, [id]);
  }

  /** Closes every ticket of the company in that status and those queues (any queue when none): the ids closed. */
  async closeAll(manager: EntityManager, companyId: number, status: TicketStatus, queueIds: number[]): Promise<number[]> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.tickets SET status = 'closed', unread_messages = 0, updated_at = now()
         WHERE company_id = $1 AND status = $2 AND (cardinality($3::int[]) = 0 OR queue_id = ANY($3::int[]))
         RETURNING id`,
        [companyId, status, queueIds],
      ),
    );
    return rows.map((row) => row.id);
  }

  /** The ticket goes to a queue (a timer's transfer, the customer's menu choice) and the bot stops: a human may take it from now. */
  async moveToQueue(manager: EntityManager, id: number, queueId: number): Promise<void> {
    await manager.query(
      `UPDATE conversations.tickets SET queue_id = $2, chatbot = false, updated_at = now(), human_ready_at = COALESCE(human_ready_at, now())
       WHERE id = $1`,
      [id, queueId],
    );
  }

  /**
   * An AI assistant handed the ticket over: it waits for a human, pending in its queue. False when it
   * is closed or a user already has it (a human holds it: nothing to hand over).
   */
  async handToHuman(manager: EntityManager, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.tickets SET status = 'pending', chatbot = false, updated_at = now(), human_ready_at = COALESCE(human_ready_at, now())
         WHERE id = $1 AND status <> 'closed' AND user_id IS NULL RETURNING id`,
        [id],
      ),
    );
    return rows.length > 0;
  }

  /**
   * A chatbot's transfer: the ticket moves to the company's queue (and, when given, to the company's
   * user, open with them), the bot flag off. False when the ticket is closed, a user holds it, or the
   * queue is not the company's.
   */
  async transferByBot(manager: EntityManager, id: number, queueId: number, userId: number | null): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.tickets t SET queue_id = $2, chatbot = false, updated_at = now(), human_ready_at = COALESCE(t.human_ready_at, now()),
           status = CASE WHEN u.id IS NULL THEN 'pending' ELSE 'open' END, user_id = u.id
         FROM conversations.queues q LEFT JOIN conversations.users u ON u.id = $3 AND u.company_id = q.company_id
         WHERE t.id = $1 AND q.id = $2 AND q.company_id = t.company_id AND t.status <> 'closed' AND t.user_id IS NULL
         RETURNING t.id`,
        [id, queueId, userId],
      ),
    );
    return rows.length > 0;
  }

  /** The bot stops asking for a queue: a human may take the ticket from now. */
  async stopChatbot(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `UPDATE conversations.tickets SET chatbot = false, human_ready_at = COALESCE(human_ready_at, now()) WHERE id = $1`,
      [id],
    );
  }

  /** The bot sent its queue menu once more. */
  async countQueueMenu(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `UPDATE conversations.tickets SET chatbot = true, queue_option_attempts = queue_option_attempts + 1 WHERE id = $1`,
      [id],
    );
  }

  /** The ticket's last activity: its newest message or its own last change, whichever is later. */
  async lastActivity(manager: EntityManager, id: number): Promise<Date> {
    const [{ last }] = (await manager.query(
      `SELECT GREATEST(max(m.created_at), (SELECT updated_at FROM conversations.tickets WHERE id = $1)) AS last
       FROM conversations.messages m WHERE m.ticket_id = $1`,
      [id],
    )) as { last: Date }[];
    return last;
  }

  /** Closes the ticket (expiry) and clears its unread count. */
  async close(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE conversations.tickets SET status = 'closed', unread_messages = 0, updated_at = now() WHERE id = $1`, [id]);
  }

  /** Opening the conversation reads it. */
  async markRead(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE conversations.tickets SET unread_messages = 0 WHERE id = $1`, [id]);
  }

  /** A message we send was filed on the ticket. */
  async recordOutbound(manager: EntityManager, id: number, lastMessage: string): Promise<void> {
    await manager.query(`UPDATE conversations.tickets SET last_message = $2, updated_at = now() WHERE id = $1`, [id, lastMessage]);
  }

  /**
   * The contacts' tickets on these connections that are not closed, created pending when there is
   * none (in the connection's queue when it has exactly one of the company's, read from its
   * projection in the same statement), in one statement (each contact and connection once). The
   * partial unique index arbitrates: of two concurrent inserts one wins, the other updates (and so
   * waits for and locks) the winner's row.
   */
  async upsertLives(
    manager: EntityManager,
    chats: { companyId: number; connectionId: number; contactId: number; isGroup: boolean }[],
  ): Promise<LiveTicketOfChat[]> {
    if (chats.length === 0) return [];
    const rows: LiveTicketRow[] = await manager.query(
      prepared(`WITH chat AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::boolean[]) AS chat(uuid, company_id, contact_id, connection_id, is_group)
       ), ${liveTicketsCtes('chat')}
       SELECT * FROM live_ticket`),
      [
        chats.map(() => randomUUID()),
        chats.map((chat) => chat.companyId),
        chats.map((chat) => chat.contactId),
        chats.map((chat) => chat.connectionId),
        chats.map((chat) => chat.isGroup),
      ],
    );
    return rows.map(mapLiveTicket);
  }

  /** The contact's live ticket on the connection, opened for the user when there is none (a forward's target). */
  async openForUser(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    connectionId: number,
    userId: number,
    isGroup: boolean,
  ): Promise<{ id: number; created: boolean }> {
    const opened: { id: number; created: boolean }[] = await manager.query(
      `INSERT INTO conversations.tickets AS t (uuid, company_id, contact_id, whatsapp_id, status, user_id, is_group)
       VALUES ($1, $2, $3, $4, 'open', $5, $6)
       ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed' DO UPDATE SET updated_at = t.updated_at
       RETURNING t.id, (xmax = 0) AS created`,
      [randomUUID(), companyId, contactId, connectionId, userId, isGroup],
    );
    return opened[0]!;
  }

  /**
   * Ends the rating request on the contact's tickets of the connection: the ticket that asked (its id
   * and holder), if one did.
   */
  async endRatingRequest(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    connectionId: number,
  ): Promise<{ id: number; user_id: number | null } | null> {
    const requested = changedRows<{ id: number; user_id: number | null }>(
      await manager.query(
        `UPDATE conversations.tickets SET rating_requested_at = NULL
         WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3 AND rating_requested_at IS NOT NULL RETURNING id, user_id`,
        [companyId, contactId, connectionId],
      ),
    );
    return requested[0] ?? null;
  }

  /** The live ticket of a chat (by number or LID) on a connection, outside any transaction: where a presence goes. */
  async liveTicketOfChat(
    companyId: number,
    connectionId: number,
    chat: { number: string | null; lid: string | null },
  ): Promise<{ id: number; queue_id: number | null; user_id: number | null } | null> {
    const rows: { id: number; queue_id: number | null; user_id: number | null }[] = await this.dataSource.query(
      `SELECT t.id, t.queue_id, t.user_id FROM conversations.tickets t JOIN conversations.contacts c ON c.id = t.contact_id
       WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND t.status <> 'closed'
         AND (c.number = $3 OR (c.lid IS NOT NULL AND c.lid = $4))
       LIMIT 1`,
      [companyId, connectionId, chat.number, chat.lid],
    );
    return rows[0] ?? null;
  }
}
