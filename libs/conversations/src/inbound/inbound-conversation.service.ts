import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { NormalisedMessage } from '@app/contracts';
import { changedRows } from '../common/sql';
import type { ContactRepository } from '../contacts/contact.repository';
import type { ConversationEvents } from '../common/conversation-events';
import type { ProjectionRepository } from '../projections/projection.repository';
import type { TicketTimers } from '../tickets/ticket-timers';
import { widLock, type EarlyMessageFacts } from './early-message-facts';
import type { QueueRouter } from './queue-router';

/** A customer's answer to the rating message: a digit from 1 to 5 alone. */
export function ratingOf(body: string): number | null {
  const match = /^\s*([1-5])\s*$/.exec(body);
  return match ? Number(match[1]) : null;
}

/** What the ticket list shows as the last message for a message without text. */
export function lastMessageText(message: Pick<NormalisedMessage, 'body' | 'mediaType' | 'media'>): string {
  if (message.body.trim()) return message.body.slice(0, 255);
  return message.media?.fileName ?? message.mediaType;
}

/**
 * Files what WhatsApp reports into contacts, tickets and messages. Every method runs inside the
 * caller's transaction (the consumer's `consumeOnce`), and the database, not a lock in this process,
 * keeps one live ticket per contact and connection and one message per WhatsApp id.
 */
export class InboundConversationService {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly projections: ProjectionRepository,
    private readonly events: ConversationEvents,
    private readonly router: QueueRouter,
    private readonly timers: TicketTimers,
    private readonly facts: EarlyMessageFacts,
  ) {}

  /** Returns the stored message id, or null for a message already stored (a replay or our own echo). */
  async receive(manager: EntityManager, companyId: number, connectionId: number, message: NormalisedMessage): Promise<number | null> {
    if (message.kind === 'reaction' && message.reaction) {
      await this.react(manager, connectionId, message.reaction.targetId, message.fromMe, message.reaction.emoji);
      return null;
    }
    // The lock (see EarlyMessageFacts) is taken here so that facts committed while we wait for it are
    // seen by the statements that follow.
    const known: { id: number | null }[] = await manager.query(
      `SELECT (SELECT id FROM conversations.messages WHERE whatsapp_id = $1::int AND wid = $2::text) AS id
       FROM (SELECT ${widLock('$1', '$2')}) AS locked`,
      [connectionId, message.id],
    );
    if (known[0]?.id != null) return null;

    const chat = await this.contacts.upsertFromWhatsapp(manager, companyId, connectionId, message.chat, message.isGroup, !message.fromMe && !message.isGroup);
    const sender =
      message.isGroup && !message.fromMe && (message.sender.number || message.sender.lid)
        ? await this.contacts.upsertFromWhatsapp(manager, companyId, connectionId, message.sender, false, true)
        : chat;
    if (!message.fromMe && !message.isGroup && (await this.rated(manager, companyId, connectionId, chat.id, message))) return null;
    const ticket = await this.liveTicket(manager, companyId, connectionId, chat.id, message.isGroup);

    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, media_type,
         media_url, file_name, quoted_msg_id, ack, read, is_forwarded, queue_id, created_at, updated_at, media_mimetype)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
         (SELECT id FROM conversations.messages WHERE whatsapp_id = $4 AND wid = $11), $12, $7, $13, $14, $15, now(), $16)
       ON CONFLICT ON CONSTRAINT messages_wid_unique DO NOTHING
       RETURNING id`,
      [
        companyId,
        ticket.id,
        sender.id,
        connectionId,
        message.id,
        message.body,
        message.fromMe,
        message.mediaType,
        message.media?.url ?? null,
        message.media?.fileName ?? null,
        message.quotedId,
        message.ack,
        message.isForwarded,
        ticket.queueId,
        message.timestamp,
        message.media?.mimetype ?? null,
      ],
    );
    if (inserted.length === 0) return null;
    await manager.query(
      `UPDATE conversations.tickets SET last_message = $2, unread_messages = unread_messages + $3, updated_at = now() WHERE id = $1`,
      [ticket.id, lastMessageText(message), message.fromMe ? 0 : 1],
    );
    const messageId = inserted[0]!.id;
    await this.facts.applyTo(manager, connectionId, message.id, messageId);
    await this.events.messageAndTicketChanged(manager, messageId);
    await this.timers.arm(manager, companyId, ticket.id, connectionId, ticket.created);
    if (!message.fromMe && !message.isGroup && ticket.status === 'pending' && ticket.userId === null) {
      await this.router.route(
        manager,
        {
          id: ticket.id,
          uuid: ticket.uuid,
          company_id: companyId,
          contact_id: chat.id,
          whatsapp_id: connectionId,
          status: ticket.status,
          user_id: ticket.userId,
          queue_id: ticket.queueId,
          is_group: false,
          unread_messages: 0,
          contact_number: chat.number,
          created: ticket.created,
          queue_option_attempts: ticket.queueOptionAttempts,
        },
        message.body,
        new Date(message.timestamp),
      );
    }
    return messageId;
  }

  /**
   * The answer to a rating request on the contact's last resolved ticket: a 1 to 5 is kept as its
   * rating and the message stays on that ticket; anything else ends the request and opens a ticket.
   */
  private async rated(manager: EntityManager, companyId: number, connectionId: number, contactId: number, message: NormalisedMessage): Promise<boolean> {
    const requested = await changedRows<{ id: number; user_id: number | null }>(
      manager,
      `UPDATE conversations.tickets SET rating_requested_at = NULL
       WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3 AND rating_requested_at IS NOT NULL RETURNING id, user_id`,
      [companyId, contactId, connectionId],
    );
    const rate = ratingOf(message.body);
    const ticket = requested[0];
    if (!ticket || rate === null) return false;
    await manager.query(
      `INSERT INTO conversations.ticket_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4) ON CONFLICT (ticket_id) DO NOTHING`,
      [companyId, ticket.id, ticket.user_id, rate],
    );
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO conversations.messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, media_type, ack, read, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, true, $9) ON CONFLICT ON CONSTRAINT messages_wid_unique DO NOTHING RETURNING id`,
      [companyId, ticket.id, contactId, connectionId, message.id, message.body, message.mediaType, message.ack, message.timestamp],
    );
    if (inserted[0]) await this.events.messageChanged(manager, inserted[0].id, true);
    return true;
  }

  /**
   * The contact's ticket on this connection that is not closed, created pending when there is none.
   * The partial unique index arbitrates: of two concurrent inserts one wins, the other updates (and
   * so waits for and locks) the winner's row.
   */
  private async liveTicket(
    manager: EntityManager,
    companyId: number,
    connectionId: number,
    contactId: number,
    isGroup: boolean,
  ): Promise<{ id: number; uuid: string; status: 'pending' | 'open'; userId: number | null; queueId: number | null; queueOptionAttempts: number; created: boolean }> {
    const connection = await this.projections.connection(manager, companyId, connectionId);
    const onlyQueue = connection && connection.queueIds.length === 1 ? connection.queueIds[0]! : null;
    const rows: { id: number; uuid: string; status: 'pending' | 'open'; user_id: number | null; queue_id: number | null; queue_option_attempts: number; created: boolean }[] =
      await manager.query(
      `INSERT INTO conversations.tickets AS t (uuid, company_id, contact_id, whatsapp_id, status, is_group, queue_id)
       VALUES ($1, $2, $3, $4, 'pending', $5, (SELECT id FROM conversations.queues WHERE id = $6 AND company_id = $2))
       ON CONFLICT (company_id, contact_id, whatsapp_id) WHERE status <> 'closed'
       DO UPDATE SET updated_at = t.updated_at
       RETURNING t.id, t.uuid, t.status, t.user_id, t.queue_id, t.queue_option_attempts, (xmax = 0) AS created`,
      [randomUUID(), companyId, contactId, connectionId, isGroup, onlyQueue],
    );
    const row = rows[0]!;
    return {
      id: row.id,
      uuid: row.uuid,
      status: row.status,
      userId: row.user_id,
      queueId: row.queue_id,
      queueOptionAttempts: row.queue_option_attempts,
      created: row.created,
    };
  }

  /**
   * What WhatsApp says of a contact: a name replaces one we only had as the number (a typed name is
   * kept), and the company's contact lists hear of it.
   */
  async contactChanged(manager: EntityManager, companyId: number, number: string | null, lid: string | null, name: string | null): Promise<void> {
    if (!name?.trim() || (!number && !lid)) return;
    const rows = await changedRows<{ id: number }>(
      manager,
      `UPDATE conversations.contacts SET name = $4, updated_at = now()
       WHERE company_id = $1 AND (number = $2 OR (lid IS NOT NULL AND lid = $3)) AND name = COALESCE(number, lid) AND name <> $4
       RETURNING id`,
      [companyId, number, lid, name.trim().slice(0, 100)],
    );
    for (const row of rows) await this.events.contactChanged(manager, companyId, row.id);
  }

  /** Acks only move forward. */
  async ack(manager: EntityManager, connectionId: number, wid: string, ack: number): Promise<void> {
    await this.facts.lock(manager, connectionId, wid);
    const rows = await changedRows<{ id: number }>(manager,
      `UPDATE conversations.messages SET ack = $3, updated_at = now() WHERE whatsapp_id = $1 AND wid = $2 AND ack < $3 RETURNING id`,
      [connectionId, wid, ack],
    );
    if (rows[0]) await this.events.messageChanged(manager, rows[0].id, false);
    else await this.facts.keepIfUnfiled(manager, connectionId, wid, { ack });
  }

  async edit(manager: EntityManager, connectionId: number, wid: string, body: string): Promise<void> {
    await this.facts.lock(manager, connectionId, wid);
    const rows = await changedRows<{ id: number }>(manager,
      `UPDATE conversations.messages SET body = $3, is_edited = true, updated_at = now()
       WHERE whatsapp_id = $1 AND wid = $2 AND NOT is_deleted RETURNING id, ticket_id`,
      [connectionId, wid, body],
    );
    if (rows[0]) await this.events.messageChanged(manager, rows[0].id, false);
    else await this.facts.keepIfUnfiled(manager, connectionId, wid, { body });
  }

  async delete(manager: EntityManager, connectionId: number, wid: string): Promise<void> {
    await this.facts.lock(manager, connectionId, wid);
    const rows = await changedRows<{ id: number }>(manager,
      `UPDATE conversations.messages SET is_deleted = true, updated_at = now()
       WHERE whatsapp_id = $1 AND wid = $2 AND NOT is_deleted RETURNING id`,
      [connectionId, wid],
    );
    if (rows[0]) await this.events.messageChanged(manager, rows[0].id, false);
    else await this.facts.keepIfUnfiled(manager, connectionId, wid, { deleted: true });
  }

  /** A reaction replaces the reacting side's earlier one; '' removes it. */
  async react(manager: EntityManager, connectionId: number, targetWid: string, fromMe: boolean, emoji: string): Promise<void> {
    const rows = await changedRows<{ id: number }>(manager,
      `UPDATE conversations.messages SET updated_at = now(), reactions =
         COALESCE((SELECT jsonb_agg(r) FROM jsonb_array_elements(reactions) r WHERE (r->>'fromMe')::boolean <> $3), '[]'::jsonb)
         || CASE WHEN $4 = '' THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object('fromMe', $3::boolean, 'emoji', $4::text)) END
       WHERE whatsapp_id = $1 AND wid = $2 RETURNING id`,
      [connectionId, targetWid, fromMe, emoji],
    );
    if (rows[0]) await this.events.messageChanged(manager, rows[0].id, false);
  }

  /**
   * A send we asked for went out with this WhatsApp id. If the phone's echo of it was filed first
   * (as a message of its own), that copy goes and ours takes the id.
   */
  async sent(manager: EntityManager, connectionId: number, commandId: string, wid: string): Promise<void> {
    const ours: { id: number }[] = await manager.query(
      `SELECT id FROM conversations.messages WHERE command_id = $1 AND whatsapp_id = $2 FOR UPDATE`,
      [commandId, connectionId],
    );
    if (!ours[0]) return;
    await this.facts.lock(manager, connectionId, wid);
    const echo = await changedRows<{ ack: number }>(manager,
      `DELETE FROM conversations.messages WHERE whatsapp_id = $1 AND wid = $2 AND id <> $3 RETURNING ack`,
      [connectionId, wid, ours[0].id],
    );
    await manager.query(
      `UPDATE conversations.messages SET wid = $2, ack = GREATEST(ack, 1, $3::int), send_error = NULL, updated_at = now() WHERE id = $1`,
      [ours[0].id, wid, echo[0]?.ack ?? 0],
    );
    await this.facts.applyTo(manager, connectionId, wid, ours[0].id);
    await this.events.messageChanged(manager, ours[0].id, false);
  }

  async sendFailed(manager: EntityManager, connectionId: number, commandId: string, reason: string): Promise<void> {
    const rows = await changedRows<{ id: number }>(manager,
      `UPDATE conversations.messages SET send_error = $3, updated_at = now() WHERE command_id = $1 AND whatsapp_id = $2 RETURNING id`,
      [commandId, connectionId, reason.slice(0, 500)],
    );
    if (rows[0]) await this.events.messageChanged(manager, rows[0].id, false);
  }
}
