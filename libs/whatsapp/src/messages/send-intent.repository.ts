import { type EventPayload, messageSendFailed, type messageSendRequested, messageSent } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type SendCommand = EventPayload<typeof messageSendRequested>;

export interface SendIntent {
  id: string;
  commandId: string;
  connectionId: number;
  companyId: number;
  waMessageId: string;
  command: SendCommand;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  createdAt: Date;
}

/** A send taken by claimNext (now `sending`), with the status it had before. */
export type ClaimedIntent = SendIntent & { claimedFrom: SendIntent['status'] };

interface Row {
  id: string;
  command_id: string;
  connection_id: number;
  company_id: number;
  wa_message_id: string;
  command: SendCommand;
  status: SendIntent['status'];
  attempts: number;
  created_at: Date;
}

/**
 * How many of a connection's oldest open sends are looked at for chat heads. A backlog of one chat longer
 * than this only delays the chats behind it until that chat's sends move the window on.
 */
const HEADS_WINDOW = 2_000;

const toIntent = (row: Row): SendIntent => ({
  id: row.id,
  commandId: row.command_id,
  connectionId: row.connection_id,
  companyId: row.company_id,
  waMessageId: row.wa_message_id,
  command: row.command,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.created_at,
});

/**
 * Sends as recorded intents: written when the command arrives (before anything is sent), carried out
 * in their order per connection, and settled with the answer event in the same transaction.
 */
@Injectable()
export class SendIntentRepository {
  constructor(
    @InjectDataSource('whatsapp') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Idempotent per command id: a redelivered command is not a second send. */
  async record(manager: EntityManager, command: SendCommand, companyId: number, waMessageId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO whatsapp.send_intents (command_id, connection_id, company_id, wa_message_id, command)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (command_id) DO NOTHING RETURNING 1`,
      [command.commandId, command.connectionId, companyId, waMessageId, JSON.stringify(command)],
    );
    return rows.length > 0;
  }

  /** The oldest send of the connection not yet settled. */
  async nextOpen(connectionId: number): Promise<SendIntent | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM whatsapp.send_intents WHERE connection_id = $1 AND status IN ('pending', 'sending') ORDER BY id LIMIT 1`,
      [connectionId],
    );
    return rows[0] ? toIntent(rows[0]) : null;
  }

  /**
   * Claims up to `limit` sends of distinct chats, each the oldest open send of its chat (so none has an
   * earlier unsettled one), skipping the chats in `busyChats` (sends still in flight): they are marked
   * `sending` in the same statement. `claimedFrom: 'sending'` means an earlier attempt was interrupted.
   * Heads are looked for among the HEADS_WINDOW oldest open sends only: a chat's oldest open send is
   * always among them when any of its sends is, and the cost stays flat however long the backlog.
   */
  async claimNext(connectionId: number, limit: number, busyChats: string[]): Promise<ClaimedIntent[]> {
    const rows: (Row & { claimed_from: SendIntent['status'] })[] = await this.dataSource.query(
      `WITH oldest AS (
         SELECT id, command->>'to' AS chat FROM whatsapp.send_intents
         WHERE connection_id = $1 AND status IN ('pending', 'sending')
         ORDER BY id LIMIT $4
       ), heads AS (
         SELECT DISTINCT ON (chat) id, chat FROM oldest ORDER BY chat, id
       ), picked AS (
         SELECT i.id, i.status FROM whatsapp.send_intents i JOIN heads ON heads.id = i.id
         WHERE NOT (heads.chat = ANY($3::text[])) AND i.status IN ('pending', 'sending')
         ORDER BY i.id LIMIT $2
         FOR UPDATE OF i SKIP LOCKED
       ), claimed AS (
         UPDATE whatsapp.send_intents s SET status = 'sending', attempts = s.attempts + 1, updated_at = now()
         FROM picked WHERE s.id = picked.id
         RETURNING s.*, picked.status AS claimed_from
       )
       SELECT * FROM claimed ORDER BY id`,
      [connectionId, limit, busyChats, HEADS_WINDOW],
    );
    return rows.map((row) => ({ ...toIntent(row), claimedFrom: row.claimed_from }));
  }

  /** The oldest open send of each chat not in `busyChats`, oldest first, without claiming them. */
  async openHeads(connectionId: number, limit: number, busyChats: string[]): Promise<SendIntent[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (command->>'to') * FROM (
           SELECT * FROM whatsapp.send_intents
           WHERE connection_id = $1 AND status IN ('pending', 'sending')
           ORDER BY id LIMIT $4
         ) oldest
         ORDER BY command->>'to', id
       ) heads WHERE NOT (command->>'to' = ANY($3::text[])) ORDER BY id LIMIT $2`,
      [connectionId, limit, busyChats, HEADS_WINDOW],
    );
    return rows.map(toIntent);
  }

  /** The send that gave a message this id (for a provider that learns of a failure after the send). */
  async byMessageId(connectionId: number, waMessageId: string): Promise<SendIntent | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT * FROM whatsapp.send_intents WHERE connection_id = $1 AND wa_message_id = $2 ORDER BY id DESC LIMIT 1`,
      [connectionId, waMessageId],
    );
    return rows[0] ? toIntent(rows[0]) : null;
  }

  async markSent(intent: SendIntent, stored?: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE whatsapp.send_intents SET status = 'sent', sent_message = $2, updated_at = now() WHERE id = $1`, [
        intent.id,
        stored ?? null,
      ]);
      await manager.query(
        `INSERT INTO whatsapp.message_acks (connection_id, wa_message_id, ack) VALUES ($1, $2, 1) ON CONFLICT DO NOTHING`,
        [intent.connectionId, intent.waMessageId],
      );
      await this.outbox.add(manager, {
        definition: messageSent,
        companyId: intent.companyId,
        key: intent.connectionId,
        payload: {
          connectionId: intent.connectionId,
          commandId: intent.commandId,
          messageId: intent.waMessageId,
          reference: intent.command.reference,
        },
      });
    });
  }

  async markFailed(intent: SendIntent, reason: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE whatsapp.send_intents SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`, [
        intent.id,
        reason.slice(0, 2_000),
      ]);
      await this.outbox.add(manager, {
        definition: messageSendFailed,
        companyId: intent.companyId,
        key: intent.connectionId,
        payload: {
          connectionId: intent.connectionId,
          commandId: intent.commandId,
          error: 'ERR_SENDING_WAPP_MSG',
          reason: reason.slice(0, 2_000),
          reference: intent.command.reference,
        },
      });
    });
  }

  /** What was kept of a message we sent, for WhatsApp's retry requests (Baileys' getMessage). */
  async storedMessage(connectionId: number, waMessageId: string): Promise<string | null> {
    const rows: { sent_message: string | null }[] = await this.dataSource.query(
      `SELECT sent_message FROM whatsapp.send_intents WHERE connection_id = $1 AND wa_message_id = $2 AND sent_message IS NOT NULL
       ORDER BY id DESC LIMIT 1`,
      [connectionId, waMessageId],
    );
    return rows[0]?.sent_message ?? null;
  }
}
