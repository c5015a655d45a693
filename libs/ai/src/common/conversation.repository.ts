import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A message of the conversation as the assistant sees it. */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  body: string;
}

/** answering: the assistant answers; handed_off: a human was asked for; silenced: a human replied. */
export type ConversationState = 'answering' | 'handed_off' | 'silenced';

/** A ticket an assistant follows: where it is and how far it was answered. */
export interface ConversationRow {
  ticket_id: number;
  company_id: number;
  queue_id: number | null;
  connection_id: number;
  state: ConversationState;
  /** The newest customer message (conversations' id) an answer took into account. */
  answered_through: string;
  /** The ticket's contact as its newest message showed it (what an integration is told, whom an agent books for); null for conversations followed before it was kept. */
  contact_id: number | null;
  contact_name: string | null;
  contact_number: string | null;
}

const COLUMNS = 'ticket_id, company_id, queue_id, connection_id, state, answered_through, contact_id, contact_name, contact_number';

/** The most messages an assistant may see (spec 3: maxMessages 1 to 50): older ones are dropped. */
const KEPT_MESSAGES = 50;

/**
 * ai.conversations and their last messages: what the assistants need of conversations' tickets,
 * kept from its message events (ai never reads conversations' tables).
 */
@Injectable()
export class ConversationRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The ticket's conversation, created on its first message, locked until the transaction ends; its queue as the newest event says. */
  async follow(
    manager: EntityManager,
    ticket: {
      id: number;
      companyId: number;
      queueId: number | null;
      connectionId: number;
      contact?: { id: number; name: string; number: string };
    },
  ): Promise<ConversationRow> {
    const rows: ConversationRow[] = await manager.query(
      `INSERT INTO ai.conversations (ticket_id, company_id, queue_id, connection_id, contact_id, contact_name, contact_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (ticket_id) DO UPDATE SET queue_id = EXCLUDED.queue_id, updated_at = now(),
         contact_id = COALESCE(EXCLUDED.contact_id, ai.conversations.contact_id),
         contact_name = COALESCE(EXCLUDED.contact_name, ai.conversations.contact_name),
         contact_number = COALESCE(EXCLUDED.contact_number, ai.conversations.contact_number)
       WHERE ai.conversations.company_id = EXCLUDED.company_id
       RETURNING ${COLUMNS}`,
      [
        ticket.id,
        ticket.companyId,
        ticket.queueId,
        ticket.connectionId,
        ticket.contact?.id ?? null,
        ticket.contact?.name ?? null,
        ticket.contact?.number ?? null,
      ],
    );
    if (!rows[0]) throw new Error(`ticket ${ticket.id} is followed for another company`);
    return rows[0];
  }

  /** The company's conversation of this ticket as it stands (no lock); null when none is followed. */
  async find(companyId: number, ticketId: number): Promise<ConversationRow | null> {
    const rows: ConversationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM ai.conversations WHERE ticket_id = $1 AND company_id = $2`,
      [ticketId, companyId],
    );
    return rows[0] ?? null;
  }

  /** The company's conversation of this ticket, locked until the transaction ends; null when none is followed. */
  async lock(manager: EntityManager, companyId: number, ticketId: number): Promise<ConversationRow | null> {
    const rows: ConversationRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ai.conversations WHERE ticket_id = $1 AND company_id = $2 FOR UPDATE`,
      [ticketId, companyId],
    );
    return rows[0] ?? null;
  }

  /** Forgets the company's conversations of these tickets (closed or deleted), their messages with them. */
  async forget(companyId: number, ticketIds: number[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM ai.conversations WHERE company_id = $1 AND ticket_id = ANY($2::int[])`, [
      companyId,
      ticketIds,
    ]);
  }

  async setState(manager: EntityManager, ticketId: number, state: ConversationState): Promise<void> {
    await manager.query(`UPDATE ai.conversations SET state = $2, updated_at = now() WHERE ticket_id = $1`, [ticketId, state]);
  }

  /**
   * Takes the answer of the customer's messages through `throughMessageId` for this transaction, in one
   * statement (the lock, the check and markAnswered): the conversation when the assistant still has
   * it and nobody answered that far yet, locked until the transaction ends; null otherwise.
   */
  async claim(manager: EntityManager, companyId: number, ticketId: number, throughMessageId: string): Promise<ConversationRow | null> {
    const [rows]: [ConversationRow[], number] = await manager.query(
      `UPDATE ai.conversations SET answered_through = $3::bigint, updated_at = now()
        WHERE ticket_id = $1 AND company_id = $2 AND state = 'answering' AND answered_through < $3::bigint
       RETURNING ${COLUMNS}`,
      [ticketId, companyId, throughMessageId],
    );
    return rows[0] ?? null;
  }

  async markAnswered(manager: EntityManager, ticketId: number, throughMessageId: string): Promise<void> {
    await manager.query(
      `UPDATE ai.conversations SET answered_through = GREATEST(answered_through, $2::bigint), updated_at = now() WHERE ticket_id = $1`,
      [ticketId, throughMessageId],
    );
  }

  /** Keeps a message of the conversation (once per conversations' message id), dropping those past the most an assistant sees. */
  async keep(
    manager: EntityManager,
    message: { id: number; ticketId: number; companyId: number; role: ConversationTurn['role']; body: string },
  ): Promise<void> {
    await manager.query(
      `WITH kept AS (
         INSERT INTO ai.conversation_messages (message_id, ticket_id, company_id, role, body) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (message_id) DO NOTHING)
       DELETE FROM ai.conversation_messages WHERE ticket_id = $2 AND message_id < (
         SELECT message_id FROM ai.conversation_messages WHERE ticket_id = $2 ORDER BY message_id DESC OFFSET $6 LIMIT 1)`,
      [message.id, message.ticketId, message.companyId, message.role, message.body, KEPT_MESSAGES - 2],
    );
  }

  /** The conversation's last `limit` messages, oldest first, with the id of its newest customer message ('0' if none); null manager: by itself. */
  async lastMessages(
    manager: EntityManager | null,
    ticketId: number,
    limit: number,
  ): Promise<{ turns: ConversationTurn[]; newestFromCustomer: string }> {
    const rows: { message_id: string; role: ConversationTurn['role']; body: string }[] = await (manager ?? this.dataSource).query(
      `SELECT message_id, role, body FROM ai.conversation_messages WHERE ticket_id = $1 ORDER BY message_id DESC LIMIT $2`,
      [ticketId, limit],
    );
    const newest = rows.find((row) => row.role === 'user');
    return { turns: rows.reverse().map((row) => ({ role: row.role, body: row.body })), newestFromCustomer: newest?.message_id ?? '0' };
  }

  /** The customer's messages after `afterMessageId` (those an integration has not answered yet), oldest first. */
  async customerMessagesAfter(manager: EntityManager, ticketId: number, afterMessageId: string): Promise<{ id: string; body: string }[]> {
    const rows: { message_id: string; body: string }[] = await manager.query(
      `SELECT message_id, body FROM ai.conversation_messages WHERE ticket_id = $1 AND role = 'user' AND message_id > $2::bigint
       ORDER BY message_id`,
      [ticketId, afterMessageId],
    );
    return rows.map((row) => ({ id: String(row.message_id), body: row.body }));
  }
}
