import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface MessageFact {
  ack?: number;
  body?: string;
  deleted?: boolean;
}

/**
 * What WhatsApp says about a message (its ack, an edit, a delete) may arrive before the message
 * itself: inbound messages travel keyed by chat so chats are filed side by side, while acks and our
 * own sends travel keyed by connection. A fact about a message we have not filed yet is kept here
 * and applied when the message is filed, so the order of arrival does not matter.
 *
 * Both sides take the same transaction lock on (connection, WhatsApp id) first, so a fact and its
 * message filed at the same moment by two consumers always meet: the later one sees the earlier.
 */
/** The lock on one WhatsApp id of a connection, as SQL over the placeholders of the two (for repositories' statements). */
export function widLock(connectionParam: string, widParam: string): string {
  return `pg_advisory_xact_lock(hashtext('conversations.wid'), hashtext(${connectionParam}::int::text || '/' || ${widParam}::text))`;
}

@Injectable()
export class EarlyMessageFactRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /** Call before looking the message up, in the transaction that files the message or the fact. */
  async lock(manager: EntityManager, connectionId: number, wid: string): Promise<void> {
    await manager.query(`SELECT ${widLock('$1', '$2')}`, [connectionId, wid]);
  }

  /** Keeps the fact when no message has this WhatsApp id; false when one has (nothing kept). */
  async keepIfUnfiled(manager: EntityManager, connectionId: number, wid: string, fact: MessageFact): Promise<boolean> {
    const kept: unknown[] = await manager.query(
      `INSERT INTO conversations.early_message_facts AS f (whatsapp_id, wid, ack, body, deleted)
       SELECT $1, $2, $3, $4, $5
       WHERE NOT EXISTS (SELECT 1 FROM conversations.messages WHERE whatsapp_id = $1 AND wid = $2)
       ON CONFLICT (whatsapp_id, wid) DO UPDATE
         SET ack = GREATEST(f.ack, EXCLUDED.ack), body = COALESCE(EXCLUDED.body, f.body), deleted = f.deleted OR EXCLUDED.deleted
       RETURNING 1`,
      [connectionId, wid, fact.ack ?? null, fact.body ?? null, fact.deleted ?? false],
    );
    return kept.length > 0;
  }

  /** Applies and forgets what arrived early for the message just filed under this id; true when it changed. */
  async applyTo(manager: EntityManager, connectionId: number, wid: string, messageId: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `WITH f AS (DELETE FROM conversations.early_message_facts WHERE whatsapp_id = $1 AND wid = $2 RETURNING ack, body, deleted)
       UPDATE conversations.messages m SET
         ack = GREATEST(m.ack, COALESCE(f.ack, m.ack)),
         body = CASE WHEN f.body IS NOT NULL AND NOT (m.is_deleted OR f.deleted) THEN f.body ELSE m.body END,
         is_edited = m.is_edited OR (f.body IS NOT NULL AND NOT (m.is_deleted OR f.deleted)),
         is_deleted = m.is_deleted OR f.deleted,
         updated_at = now()
       FROM f WHERE m.id = $3
       RETURNING m.id`,
        [connectionId, wid, messageId],
      ),
    );
    return rows.length > 0;
  }

  /** Facts whose message never came (a chat we do not file, a status broadcast) are dropped after a day. */
  async purge(): Promise<void> {
    await this.dataSource.query(`DELETE FROM conversations.early_message_facts WHERE created_at < now() - interval '1 day'`);
  }
}
