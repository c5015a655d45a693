import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import type { ConversationRow } from '../common/conversation.repository';
import type { QueueIntegrationRow } from './queue-integration.repository';

export interface IntegrationSessionRow {
  ticket_id: number;
  company_id: number;
  integration_id: number;
  session: Record<string, unknown> | null;
  expires_at: Date;
}

/** What an integration's turn starts from: the ticket's conversation, the integration, the customer's messages not answered yet and the live session. */
export interface IntegrationTurn {
  conversation: ConversationRow;
  integration: QueueIntegrationRow;
  /** Oldest first. */
  pending: { id: string; body: string }[];
  session: Record<string, unknown> | null;
}

type TurnRow = ConversationRow & {
  integration: QueueIntegrationRow | null;
  pending: { id: string; body: string }[];
  session: IntegrationTurn['session'];
};

/** A turn's columns: the conversation `c`, the integration `i` (as one JSON), the customer's messages after the last answer, the live session. */
const TURN_COLUMNS = `SELECT c.ticket_id, c.company_id, c.queue_id, c.connection_id, c.state, c.answered_through, c.contact_id, c.contact_name,
                c.contact_number, to_jsonb(i.*) AS integration,
                COALESCE((SELECT jsonb_agg(jsonb_build_object('id', m.message_id::text, 'body', m.body) ORDER BY m.message_id)
                            FROM ai.conversation_messages m
                           WHERE m.ticket_id = c.ticket_id AND m.role = 'user' AND m.message_id > c.answered_through), '[]'::jsonb) AS pending,
                (SELECT s.session FROM ai.integration_sessions s
                  WHERE s.ticket_id = c.ticket_id AND s.integration_id = i.id AND s.expires_at > now()) AS session`;

function turnOf(row: TurnRow): IntegrationTurn | null {
  const { integration, pending, session, ...conversation } = row;
  if (!integration) return null;
  return { conversation: { ...conversation, answered_through: String(conversation.answered_through) }, integration, pending, session };
}

/** ai.integration_sessions: what an integration keeps per ticket between turns (gone with the ticket's conversation). */
@Injectable()
export class IntegrationSessionRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  /**
   * The company's ticket and integration as a turn sees them, in one statement outside any transaction
   * (the answer's transaction after the product's call checks again under its lock); null when the
   * ticket is not followed or the company has no such integration.
   */
  async turn(companyId: number, ticketId: number, integrationId: number): Promise<IntegrationTurn | null> {
    const rows: TurnRow[] = await this.dataSource.query(
      `${TURN_COLUMNS}
           FROM ai.conversations c JOIN ai.queue_integrations i ON i.id = $3 AND i.company_id = c.company_id
          WHERE c.ticket_id = $1 AND c.company_id = $2`,
      [ticketId, companyId, integrationId],
    );
    return rows[0] ? turnOf(rows[0]) : null;
  }

  /**
   * The turn of the integration the ticket's queue is bound to now, in one statement (the integration
   * queue's job: the conversation, its queue's binding, the integration, the pending messages and the
   * session at once). `unbound` when the ticket is followed but its queue has no integration (another
   * assistant answers it now); null when there is nothing to answer (not followed, or its integration is gone).
   */
  async turnOfQueue(companyId: number, ticketId: number): Promise<IntegrationTurn | 'unbound' | null> {
    const rows: (TurnRow & { bound: boolean })[] = await this.dataSource.query(
      `${TURN_COLUMNS}, q.integration_id IS NOT NULL AS bound
           FROM ai.conversations c
           LEFT JOIN ai.queues q ON q.id = c.queue_id AND q.company_id = c.company_id
           LEFT JOIN ai.queue_integrations i ON i.id = q.integration_id AND i.company_id = c.company_id
          WHERE c.ticket_id = $1 AND c.company_id = $2`,
      [ticketId, companyId],
    );
    const row = rows[0];
    if (!row) return null;
    if (!row.bound) return 'unbound';
    return row.integration ? turnOf(row) : null;
  }
  /** The ticket's session with this integration while it has not expired; null otherwise. */
  async current(manager: EntityManager, ticketId: number, integrationId: number): Promise<IntegrationSessionRow | null> {
    const rows: IntegrationSessionRow[] = await manager.query(
      `SELECT ticket_id, company_id, integration_id, session, expires_at FROM ai.integration_sessions
       WHERE ticket_id = $1 AND integration_id = $2 AND expires_at > now()`,
      [ticketId, integrationId],
    );
    return rows[0] ?? null;
  }

  /** Keeps the session until `minutes` from now (null: until the ticket closes). */
  async keep(
    manager: EntityManager,
    session: { ticketId: number; companyId: number; integrationId: number; session: Record<string, unknown> | null },
    minutes: number | null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ai.integration_sessions (ticket_id, company_id, integration_id, session, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, CASE WHEN $5::int IS NULL THEN 'infinity'::timestamptz ELSE now() + make_interval(mins => $5::int) END)
       ON CONFLICT (ticket_id) DO UPDATE SET integration_id = EXCLUDED.integration_id, session = EXCLUDED.session,
         expires_at = EXCLUDED.expires_at, updated_at = now()`,
      [session.ticketId, session.companyId, session.integrationId, JSON.stringify(session.session), minutes],
    );
  }

  async drop(manager: EntityManager, ticketId: number): Promise<void> {
    await manager.query(`DELETE FROM ai.integration_sessions WHERE ticket_id = $1`, [ticketId]);
  }
}
