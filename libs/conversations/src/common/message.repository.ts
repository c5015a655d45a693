import { type AiAuthor, type Message, MESSAGES_PAGE_SIZE, type NormalisedMessage } from '@app/contracts';
import { changedRows, prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { widLock } from './early-message-fact.repository';
import { type InboxViews, type InboxViewsRow, inboxViewsSql, mapInboxViews } from './inbox-event.repository';
import { mapMessage, type MessageViewRow, messageViewSelect } from './ticket-views.sql';
import { type ScopedViewer } from './ticket-visibility';
import { quoteVisibleToAudienceSql, type SqlParam, sqlParams, visibleTicketIdsSql } from './ticket-visibility.sql';

/** A message as editing, deleting or reacting to it needs it. */
export interface OwnMessageRow {
  id: number;
  ticket_id: number;
  whatsapp_id: number;
  wid: string | null;
  from_me: boolean;
  is_deleted: boolean;
  user_id: number | null;
}

/** A message as forwarding it needs it. */
export interface SourceMessage {
  id: number;
  ticket_id: number;
  whatsapp_id: number;
  body: string;
  media_type: string;
  media_url: string | null;
  media_mimetype: string | null;
  file_name: string | null;
  is_deleted: boolean;
}

/** A message we send, stored before WhatsApp gives it an id. */
export interface NewOutgoingMessage {
  companyId: number;
  ticketId: number;
  contactId: number;
  connectionId: number;
  commandId: string;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  fileName: string | null;
  quotedMsgId: number | null;
  isForwarded: boolean;
  queueId: number | null;
  mediaMimetype: string | null;
  sentBy: number | null;
  /** The AI assistant that wrote it (ai's answer), or null. */
  aiAuthor?: AiAuthor | null;
  /** An id reserved earlier from the messages' sequence (a partner API send answered before it is stored); none: the next one. */
  id?: number;
}

/** The conversation of a ticket: its contact on its connection. */
type Conversation = { contact_id: number; whatsapp_id: number };

/** Messages of the conversations, sent and received, and what WhatsApp says of them. */
@Injectable()
export class MessageRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One message as its ticket's audience may see it (the events): no quote from a ticket some of them may not see. */
  async view(manager: EntityManager, id: number): Promise<Message | null> {
    const rows: MessageViewRow[] = await manager.query(`${messageViewSelect(quoteVisibleToAudienceSql())} WHERE m.id = $1`, [id]);
    return rows[0] ? mapMessage(rows[0]) : null;
  }

  /**
   * A page of the conversation (the tickets of it the viewer may see), newest first; quotes of a
   * message of a ticket the viewer may not see show none. One row past the page answers hasMore.
   */
  async conversationPage(
    manager: EntityManager,
    viewer: ScopedViewer,
    conversation: Conversation,
    from: { nextId: number } | { pageNumber: number },
  ): Promise<{ messages: Message[]; hasMore: boolean }> {
    const offset = 'pageNumber' in from ? (from.pageNumber - 1) * MESSAGES_PAGE_SIZE : 0;
    const cursor = 'nextId' in from ? { id: from.nextId, inclusive: false } : null;
    const rows = await this.conversationRun(manager, viewer, conversation, 'older', cursor, MESSAGES_PAGE_SIZE + 1, offset);
    return { messages: rows.slice(0, MESSAGES_PAGE_SIZE), hasMore: rows.length > MESSAGES_PAGE_SIZE };
  }

  /**
   * Up to `limit` messages of the conversation newer than the one `newerId` names, oldest first; one
   * row past them answers hasNewer. Another conversation's id (another company's) answers none.
   */
  async conversationNewer(
    manager: EntityManager,
    viewer: ScopedViewer,
    conversation: Conversation,
    newerId: number,
    limit = MESSAGES_PAGE_SIZE,
  ): Promise<{ messages: Message[]; hasNewer: boolean }> {
    const rows = await this.conversationRun(manager, viewer, conversation, 'newer', { id: newerId, inclusive: false }, limit + 1, 0);
    return { messages: rows.slice(0, limit), hasNewer: rows.length > limit };
  }

  /**
   * The page around one message of the conversation, oldest first: up to half a page older than it,
   * then it and the newer ones up to the page. Null when the id is not a message of the conversation
   * the viewer may see (another company's, another contact's, a hidden ticket's).
   */
  async conversationAround(
    manager: EntityManager,
    viewer: ScopedViewer,
    conversation: Conversation,
    aroundId: number,
  ): Promise<{ messages: Message[]; hasMore: boolean; hasNewer: boolean } | null> {
    const olderCount = Math.floor(MESSAGES_PAGE_SIZE / 2);
    const newerCount = MESSAGES_PAGE_SIZE - olderCount;
    const from = { id: aroundId, inclusive: true };
    const newer = await this.conversationRun(manager, viewer, conversation, 'newer', from, newerCount + 1, 0);
    if (newer[0]?.id !== aroundId) return null;
    const older = await this.conversationRun(manager, viewer, conversation, 'older', { id: aroundId, inclusive: false }, olderCount + 1, 0);
    return {
      messages: [...older.slice(0, olderCount).reverse(), ...newer.slice(0, newerCount)],
      hasMore: older.length > olderCount,
      hasNewer: newer.length > newerCount,
    };
  }

  /**
   * The conversation's messages walked from a cursor (older: newest first; newer: oldest first). Only
   * a message of the conversation names a place: another's id (another company's) answers no rows,
   * and tells nothing. Quotes too: a message quoting one of a ticket the caller may not see shows no quote.
   */
  private async conversationRun(
    manager: EntityManager,
    viewer: ScopedViewer,
    conversation: Conversation,
    direction: 'older' | 'newer',
    cursor: { id: number; inclusive: boolean } | null,
    limit: number,
    offset: number,
  ): Promise<Message[]> {
    const { params, param } = sqlParams([viewer.companyId, limit, offset]);
    const visible = visibleConversationSql(viewer, conversation, param);
    const compare = direction === 'older' ? '<' : '>';
    const after = cursor
      ? `AND (m.created_at, m.id) ${compare}${cursor.inclusive ? '=' : ''} (SELECT cm.created_at, cm.id FROM conversations.messages cm
           WHERE cm.id = ${param(cursor.id)}::int AND cm.company_id = $1 AND cm.ticket_id IN (${visible}))`
      : '';
    const order = direction === 'older' ? 'DESC' : 'ASC';
    const rows: MessageViewRow[] = await manager.query(
      `${messageViewSelect(`qm.ticket_id IN (${visible})`)}
       WHERE m.company_id = $1 AND m.contact_id IS NOT NULL AND m.ticket_id IN (${visible}) ${after}
       ORDER BY m.created_at ${order}, m.id ${order} LIMIT $2 OFFSET $3`,
      params,
    );
    return rows.map(mapMessage);
  }

  /** A message of the conversation (of a ticket of it the viewer may see) to quote: its id and WhatsApp id. */
  async quotable(
    manager: EntityManager,
    viewer: ScopedViewer,
    conversation: Conversation,
    messageId: number,
  ): Promise<{ id: number; wid: string | null } | null> {
    const { params, param } = sqlParams([messageId, viewer.companyId]);
    const visible = visibleConversationSql(viewer, conversation, param);
    const rows: { id: number; wid: string | null }[] = await manager.query(
      `SELECT m.id, m.wid FROM conversations.messages m WHERE m.id = $1 AND m.company_id = $2 AND m.ticket_id IN (${visible})`,
      params,
    );
    return rows[0] ?? null;
  }

  /** The ticket's messages are read: the WhatsApp ids of the customer's messages that were not. */
  async markRead(manager: EntityManager, ticketId: number): Promise<string[]> {
    const rows = changedRows<{ wid: string | null; from_me: boolean }>(
      await manager.query(`UPDATE conversations.messages SET read = true WHERE ticket_id = $1 AND NOT read RETURNING wid, from_me`, [
        ticketId,
      ]),
    );
    return rows.flatMap((row) => (row.wid && !row.from_me ? [row.wid] : []));
  }

  /** A message of the company, locked for a change. */
  async lockOfCompany(manager: EntityManager, companyId: number, id: number): Promise<OwnMessageRow | null> {
    const rows: OwnMessageRow[] = await manager.query(
      `SELECT id, ticket_id, whatsapp_id, wid, from_me, is_deleted, user_id FROM conversations.messages WHERE id = $1 AND company_id = $2 FOR UPDATE`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  /** A message of the company, as forwarding it needs it. */
  async forwardable(manager: EntityManager, companyId: number, id: number): Promise<SourceMessage | null> {
    const rows: SourceMessage[] = await manager.query(
      `SELECT id, ticket_id, whatsapp_id, body, media_type, media_url, media_mimetype, file_name, is_deleted
       FROM conversations.messages WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  /** A message we send (ack 0, read): its id. */
  async insertOutgoing(manager: EntityManager, message: NewOutgoingMessage): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO conversations.messages (id, company_id, ticket_id, contact_id, whatsapp_id, command_id, body, from_me, media_type,
         media_url, file_name, quoted_msg_id, ack, read, is_forwarded, queue_id, media_mimetype, user_id, ai_author)
       VALUES (${message.id === undefined ? 'DEFAULT' : '$16'}, $1, $2, $3, $4, $5, $6, true, $7, $8, $9, $10, 0, true, $11, $12, $13, $14, $15)
       RETURNING id`,
      [
        message.companyId,
        message.ticketId,
        message.contactId,
        message.connectionId,
        message.commandId,
        message.body,
        message.mediaType,
        message.mediaUrl,
        message.fileName,
        message.quotedMsgId,
        message.isForwarded,
        message.queueId,
        message.mediaMimetype,
        message.sentBy,
        message.aiAuthor ? JSON.stringify(message.aiAuthor) : null,
        ...(message.id === undefined ? [] : [message.id]),
      ],
    );
    return rows[0]!.id;
  }

  /** Our edit of our message. */
  /** Sets an audio message's transcript, when it is the company's audio of that ticket; whether it was. */
  async setTranscript(
    manager: EntityManager,
    target: { companyId: number; ticketId: number; messageId: number },
    transcript: string,
  ): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.messages SET transcript = $4, updated_at = now()
         WHERE id = $1 AND ticket_id = $2 AND company_id = $3 AND media_type = 'audio' RETURNING id`,
        [target.messageId, target.ticketId, target.companyId, transcript],
      ),
    );
    return rows.length > 0;
  }

  async setBody(manager: EntityManager, id: number, body: string): Promise<void> {
    await manager.query(`UPDATE conversations.messages SET body = $2, is_edited = true, updated_at = now() WHERE id = $1`, [id, body]);
  }

  /** Our delete of our message. */
  async markDeleted(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE conversations.messages SET is_deleted = true, updated_at = now() WHERE id = $1`, [id]);
  }

  /** Our reaction replaces our earlier one; '' removes it. */
  async setOwnReaction(manager: EntityManager, id: number, emoji: string): Promise<void> {
    changedRows(
      await manager.query(
        `UPDATE conversations.messages SET updated_at = now(), reactions =
           COALESCE((SELECT jsonb_agg(r) FROM jsonb_array_elements(reactions) r WHERE NOT (r->>'fromMe')::boolean), '[]'::jsonb)
           || CASE WHEN $2 = '' THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('fromMe', true, 'emoji', $2::text)) END
         WHERE id = $1 RETURNING id`,
        [id, emoji],
      ),
    );
  }

  // ---- what WhatsApp reports --------------------------------------------------------------------

  /**
   * Takes the lock on (connection, WhatsApp id) (see EarlyMessageFactRepository) and answers the id
   * of the message filed under it, if any, in one statement: facts committed while we wait for the
   * lock are seen by the statements that follow.
   */
  async lockWid(manager: EntityManager, connectionId: number, wid: string): Promise<number | null> {
    const known: { id: number | null }[] = await manager.query(
      `SELECT (SELECT id FROM conversations.messages WHERE whatsapp_id = $1::int AND wid = $2::text) AS id
       FROM (SELECT ${widLock('$1', '$2')}) AS locked`,
      [connectionId, wid],
    );
    return known[0]?.id ?? null;
  }

  /**
   * Messages WhatsApp reported (each quote found by WhatsApp id), stored in this order, and their
   * tickets' last message and unread count (each ticket once, and only if a message of it was
   * stored), in one statement; the ids of those stored, by WhatsApp id (one with a WhatsApp id stored
   * before is left out), and which of them (as `connectionId:wid`) have facts that came early (EarlyMessageFactRepository: the
   * caller holds their WhatsApp ids' locks, so this statement sees every such fact).
   */
  async insertReceivedAll(
    manager: EntityManager,
    rows: {
      filed: { companyId: number; ticketId: number; contactId: number; connectionId: number; queueId: number | null };
      message: NormalisedMessage;
    }[],
    tickets: { id: number; lastMessage: string; unread: number }[],
    options: { views?: boolean } = {},
  ): Promise<{ ids: Map<string, number>; withFacts: Set<string>; views?: InboxViews }> {
    if (rows.length === 0) return { ids: new Map(), withFacts: new Set() };
    // With views, the statement also reads what the messages' events carry, from the rows its writes
    // RETURN (a read of the tables would not see them yet).
    const views = options.views ? inboxViewsSql({ from: 'stored m' }, { from: 'counted t' }) : null;
    const [row]: (InboxViewsRow & { ids: { id: number; wid: string }[] | null; with_facts: string[] | null })[] = await manager.query(
      prepared(`WITH stored AS (
       INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, media_type,
         media_url, file_name, quoted_msg_id, ack, read, is_forwarded, queue_id, created_at, updated_at, media_mimetype)
       SELECT r.company_id, r.ticket_id, r.contact_id, r.connection_id, r.wid, r.body, r.from_me, r.media_type, r.media_url, r.file_name,
              (SELECT id FROM conversations.messages q WHERE q.whatsapp_id = r.connection_id AND q.wid = r.quoted_wid),
              r.ack, r.from_me, r.is_forwarded, r.queue_id, r.created_at, now(), r.media_mimetype
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::boolean[], $8::text[], $9::text[], $10::text[],
                     $11::text[], $12::int[], $13::boolean[], $14::int[], $15::timestamptz[], $16::text[])
              WITH ORDINALITY AS r(company_id, ticket_id, contact_id, connection_id, wid, body, from_me, media_type, media_url, file_name,
                                   quoted_wid, ack, is_forwarded, queue_id, created_at, media_mimetype, position)
        ORDER BY r.position
       ON CONFLICT ON CONSTRAINT messages_wid_unique DO NOTHING
       RETURNING *
       ), counted AS (
         UPDATE conversations.tickets t SET last_message = c.last_message, unread_messages = t.unread_messages + c.unread, updated_at = now()
           FROM unnest($17::int[], $18::text[], $19::int[]) AS c(id, last_message, unread)
          WHERE t.id = c.id AND c.id IN (SELECT ticket_id FROM stored)
         RETURNING t.*
       )${views ? `, ${views.ctes}` : ''}
       SELECT (SELECT json_agg(json_build_object('id', id, 'wid', wid)) FROM stored) AS ids,
              (SELECT json_agg(s.whatsapp_id || ':' || s.wid) FROM stored s WHERE EXISTS (
                 SELECT 1 FROM conversations.early_message_facts f WHERE f.whatsapp_id = s.whatsapp_id AND f.wid = s.wid)) AS with_facts
              ${views ? `, ${views.columns}` : ''}`),
      [
        rows.map((r) => r.filed.companyId),
        rows.map((r) => r.filed.ticketId),
        rows.map((r) => r.filed.contactId),
        rows.map((r) => r.filed.connectionId),
        rows.map((r) => r.message.id),
        rows.map((r) => r.message.body),
        rows.map((r) => r.message.fromMe),
        rows.map((r) => r.message.mediaType),
        rows.map((r) => r.message.media?.url ?? null),
        rows.map((r) => r.message.media?.fileName ?? null),
        rows.map((r) => r.message.quotedId),
        rows.map((r) => r.message.ack),
        rows.map((r) => r.message.isForwarded),
        rows.map((r) => r.filed.queueId),
        rows.map((r) => r.message.timestamp),
        rows.map((r) => r.message.media?.mimetype ?? null),
        tickets.map((t) => t.id),
        tickets.map((t) => t.lastMessage),
        tickets.map((t) => t.unread),
      ],
    );
    const ids = row?.ids ?? [];
    return {
      ids: new Map(ids.map((stored) => [stored.wid, stored.id])),
      withFacts: new Set(row?.with_facts ?? []),
      ...(views
        ? {
            views: mapInboxViews(
              row,
              ids.map((stored) => stored.id),
            ),
          }
        : {}),
    };
  }

  /** Sets the quote of a stored message to the message of its connection with this WhatsApp id. */
  async linkQuote(manager: EntityManager, id: number, connectionId: number, quotedWid: string): Promise<void> {
    await manager.query(
      `UPDATE conversations.messages SET quoted_msg_id = (SELECT q.id FROM conversations.messages q WHERE q.whatsapp_id = $2 AND q.wid = $3)
        WHERE id = $1`,
      [id, connectionId, quotedWid],
    );
  }

  /** The customer's answer to a rating request, kept on the rated ticket (read); null when already filed. */
  async insertRatingAnswer(
    manager: EntityManager,
    filed: { companyId: number; ticketId: number; contactId: number; connectionId: number },
    message: NormalisedMessage,
  ): Promise<number | null> {
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, media_type, ack, read, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, true, $9) ON CONFLICT ON CONSTRAINT messages_wid_unique DO NOTHING RETURNING id`,
      [
        filed.companyId,
        filed.ticketId,
        filed.contactId,
        filed.connectionId,
        message.id,
        message.body,
        message.mediaType,
        message.ack,
        message.timestamp,
      ],
    );
    return inserted[0]?.id ?? null;
  }

  /** Acks only move forward: the message changed, if any. */
  async ackByWid(manager: EntityManager, connectionId: number, wid: string, ack: number): Promise<number | null> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.messages SET ack = $3, updated_at = now() WHERE whatsapp_id = $1 AND wid = $2 AND ack < $3 RETURNING id`,
        [connectionId, wid, ack],
      ),
    );
    return rows[0]?.id ?? null;
  }

  /** An edit from WhatsApp of a message not deleted: the message changed, if any. */
  async editByWid(manager: EntityManager, connectionId: number, wid: string, body: string): Promise<number | null> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.messages SET body = $3, is_edited = true, updated_at = now()
         WHERE whatsapp_id = $1 AND wid = $2 AND NOT is_deleted RETURNING id, ticket_id`,
        [connectionId, wid, body],
      ),
    );
    return rows[0]?.id ?? null;
  }

  /** A delete from WhatsApp: the message changed, if any. */
  async deleteByWid(manager: EntityManager, connectionId: number, wid: string): Promise<number | null> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.messages SET is_deleted = true, updated_at = now()
         WHERE whatsapp_id = $1 AND wid = $2 AND NOT is_deleted RETURNING id`,
        [connectionId, wid],
      ),
    );
    return rows[0]?.id ?? null;
  }

  /** A reaction replaces the reacting side's earlier one; '' removes it: the message changed, if any. */
  async reactByWid(manager: EntityManager, connectionId: number, wid: string, fromMe: boolean, emoji: string): Promise<number | null> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.messages SET updated_at = now(), reactions =
           COALESCE((SELECT jsonb_agg(r) FROM jsonb_array_elements(reactions) r WHERE (r->>'fromMe')::boolean <> $3), '[]'::jsonb)
           || CASE WHEN $4 = '' THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('fromMe', $3::boolean, 'emoji', $4::text)) END
         WHERE whatsapp_id = $1 AND wid = $2 RETURNING id`,
        [connectionId, wid, fromMe, emoji],
      ),
    );
    return rows[0]?.id ?? null;
  }

  /** Our message that a send command carries, locked. */
  async lockSentBy(manager: EntityManager, connectionId: number, commandId: string): Promise<number | null> {
    const ours: { id: number }[] = await manager.query(
      `SELECT id FROM conversations.messages WHERE command_id = $1 AND whatsapp_id = $2 FOR UPDATE`,
      [commandId, connectionId],
    );
    return ours[0]?.id ?? null;
  }

  /** Drops the phone's echo of our message (filed first under its WhatsApp id): the echo's ack, if there was one. */
  async dropEcho(manager: EntityManager, connectionId: number, wid: string, ourId: number): Promise<number | null> {
    const echo = changedRows<{ ack: number }>(
      await manager.query(`DELETE FROM conversations.messages WHERE whatsapp_id = $1 AND wid = $2 AND id <> $3 RETURNING ack`, [
        connectionId,
        wid,
        ourId,
      ]),
    );
    return echo[0]?.ack ?? null;
  }

  /** Our message went out under this WhatsApp id (at least ack 1, or the echo's). */
  async markSent(manager: EntityManager, id: number, wid: string, echoAck: number): Promise<void> {
    await manager.query(
      `UPDATE conversations.messages SET wid = $2, ack = GREATEST(ack, 1, $3::int), send_error = NULL, updated_at = now() WHERE id = $1`,
      [id, wid, echoAck],
    );
  }

  /** Our send failed: the message changed, if any. */
  async markSendFailed(manager: EntityManager, connectionId: number, commandId: string, reason: string): Promise<number | null> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.messages SET send_error = $3, updated_at = now() WHERE command_id = $1 AND whatsapp_id = $2 RETURNING id`,
        [commandId, connectionId, reason],
      ),
    );
    return rows[0]?.id ?? null;
  }
}

/** The tickets of the conversation that the viewer may see, as a subquery. */
function visibleConversationSql(viewer: ScopedViewer, conversation: Conversation, param: SqlParam): string {
  return visibleTicketIdsSql(
    viewer,
    param,
    `vt.contact_id = ${param(conversation.contact_id)}::int AND vt.whatsapp_id = ${param(conversation.whatsapp_id)}::int`,
  );
}
