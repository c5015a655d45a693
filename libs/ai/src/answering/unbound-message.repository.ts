import type { EventEnvelope } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import type { QueueBinding } from '../queues/queue.repository';

/** A message event kept while its ticket's queue was not known to be bound. */
export interface UnboundMessage {
  messageId: string;
  ticketId: number;
  companyId: number;
  queueId: number;
  /** The message's time at conversations (compared with the queue's bound_at). */
  createdAt: string;
  envelope: EventEnvelope;
}

/** A kept message whose queue is bound now: `after` when it came at or after the binding (to be answered). */
export interface CaughtUpMessage {
  messageId: string;
  companyId: number;
  envelope: EventEnvelope;
  binding: QueueBinding;
  after: boolean;
}

/** The advisory lock class of a queue's binding (its id is the second key). */
const BINDING_LOCK = 'ai.queue-binding';
/** The most messages kept per ticket (the newest): more than any grouping window answers together. */
const KEPT_PER_TICKET = 20;

/**
 * ai.unbound_messages: conversations' message events of tickets whose queue ai could not resolve to
 * an assistant when they came (the queue unknown or not bound yet in ai's copy), kept a short while so
 * that the binding, announced later, still answers those that came after it (the binding race).
 */
@Injectable()
export class UnboundMessageRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Of these companies, those with a prompt, an agent or an integration (only their queues can be bound). */
  async companiesWithAssistants(companyIds: number[]): Promise<Set<number>> {
    const rows: { company_id: number }[] = await this.dataSource.query(
      `SELECT company_id FROM ai.prompts WHERE company_id = ANY($1::int[])
       UNION SELECT company_id FROM ai.agents WHERE company_id = ANY($1::int[])
       UNION SELECT company_id FROM ai.queue_integrations WHERE company_id = ANY($1::int[])`,
      [companyIds],
    );
    return new Set(rows.map((row) => row.company_id));
  }

  /**
   * Until the transaction ends, no binding of these queues commits (shared: rememberings do not wait
   * for each other). Taken before remembering, so that either the binding's catch-up sees what is
   * remembered, or the remembering sees the binding (`boundAmong`).
   */
  async holdBindings(manager: EntityManager, queueIds: number[]): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock_shared(hashtext($1), id) FROM unnest($2::int[]) AS id`, [BINDING_LOCK, queueIds]);
  }

  /** A binding of the queue waits for the rememberings in progress (and they for it) until the transaction ends. */
  async lockBinding(manager: EntityManager, queueId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [BINDING_LOCK, queueId]);
  }

  /** Keeps the messages (once each), keeping only the newest KEPT_PER_TICKET of each ticket. */
  async remember(manager: EntityManager, messages: UnboundMessage[]): Promise<void> {
    await manager.query(
      `INSERT INTO ai.unbound_messages (message_id, ticket_id, company_id, queue_id, created_at, envelope)
       SELECT m.message_id, m.ticket_id, m.company_id, m.queue_id, m.created_at, m.envelope
         FROM jsonb_to_recordset($1::jsonb)
              AS m (message_id bigint, ticket_id int, company_id int, queue_id int, created_at timestamptz, envelope jsonb)
       ON CONFLICT (message_id) DO NOTHING`,
      [
        JSON.stringify(
          messages.map((m) => ({
            message_id: m.messageId,
            ticket_id: m.ticketId,
            company_id: m.companyId,
            queue_id: m.queueId,
            created_at: m.createdAt,
            envelope: m.envelope,
          })),
        ),
      ],
    );
    await manager.query(
      `DELETE FROM ai.unbound_messages u WHERE u.ticket_id = ANY($1::int[]) AND u.message_id < (
         SELECT message_id FROM ai.unbound_messages WHERE ticket_id = u.ticket_id ORDER BY message_id DESC OFFSET $2 LIMIT 1)`,
      [[...new Set(messages.map((m) => m.ticketId))], KEPT_PER_TICKET - 1],
    );
  }

  /** The company's queues among these that are bound now (as this transaction sees them). */
  async boundAmong(manager: EntityManager, companyId: number, queueIds: number[]): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM ai.queues WHERE company_id = $1 AND id = ANY($2::int[]) AND bound_at IS NOT NULL`,
      [companyId, queueIds],
    );
    return rows.map((row) => row.id);
  }

  /** Kept messages whose queue is bound now (the company's, or every company's), oldest first. */
  async ofBoundQueues(companyId: number | null, limit: number): Promise<CaughtUpMessage[]> {
    const rows: {
      message_id: string;
      company_id: number;
      envelope: EventEnvelope;
      queue_id: number;
      prompt_id: number | null;
      agent_id: number | null;
      integration_id: number | null;
      after: boolean;
    }[] = await this.dataSource.query(
      `SELECT u.message_id, u.company_id, u.envelope, q.id AS queue_id, q.prompt_id, q.agent_id, q.integration_id,
              u.created_at >= q.bound_at AS after
         FROM ai.unbound_messages u
         JOIN ai.queues q ON q.id = u.queue_id AND q.company_id = u.company_id
        WHERE q.bound_at IS NOT NULL AND ($1::int IS NULL OR u.company_id = $1)
          AND NOT EXISTS (SELECT 1 FROM ai.closed_tickets c
                           WHERE c.company_id = u.company_id AND c.ticket_id = u.ticket_id AND c.closed_at >= u.created_at)
        ORDER BY u.message_id
        LIMIT $2`,
      [companyId, limit],
    );
    return rows.map((row) => ({
      messageId: String(row.message_id),
      companyId: row.company_id,
      envelope: row.envelope,
      binding: { queueId: row.queue_id, promptId: row.prompt_id, agentId: row.agent_id, integrationId: row.integration_id },
      after: row.after,
    }));
  }

  /** Takes these kept messages away; the ids of those still there (another catch-up may have taken the rest). */
  async take(manager: EntityManager, messageIds: string[]): Promise<Set<string>> {
    const rows = changedRows<{ message_id: string }>(
      await manager.query(`DELETE FROM ai.unbound_messages WHERE message_id = ANY($1::bigint[]) RETURNING message_id`, [messageIds]),
    );
    return new Set(rows.map((row) => String(row.message_id)));
  }

  /**
   * Forgets the company's kept messages of these tickets (closed or deleted) and marks when each was
   * closed: a message of it from before then, kept only after this (its event came later than the
   * close's), is not answered by a catch-up. A later close moves the mark forward.
   */
  async forgetTickets(companyId: number, closed: { ticketId: number; closedAt: string }[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO ai.closed_tickets (company_id, ticket_id, closed_at)
         SELECT $1, t.ticket_id, t.closed_at FROM jsonb_to_recordset($2::jsonb) AS t (ticket_id int, closed_at timestamptz)
         ON CONFLICT (company_id, ticket_id) DO UPDATE
           SET closed_at = greatest(ai.closed_tickets.closed_at, EXCLUDED.closed_at), marked_at = now()`,
        [companyId, JSON.stringify(closed.map((t) => ({ ticket_id: t.ticketId, closed_at: t.closedAt })))],
      );
      await manager.query(`DELETE FROM ai.unbound_messages WHERE company_id = $1 AND ticket_id = ANY($2::int[])`, [
        companyId,
        closed.map((t) => t.ticketId),
      ]);
    });
  }

  /** Forgets what was kept longer ago than `seconds`: a binding that late is no longer a race. */
  async prune(seconds: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM ai.unbound_messages WHERE kept_at < now() - make_interval(secs => $1)`, [seconds]);
    // A mark outlives every message it could stop: those are kept no longer than `seconds` either.
    await this.dataSource.query(`DELETE FROM ai.closed_tickets WHERE marked_at < now() - make_interval(secs => $1)`, [seconds]);
  }
}
