import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface IntegrationSessionRow {
  ticket_id: number;
  company_id: number;
  integration_id: number;
  session: Record<string, unknown> | null;
  expires_at: Date;
}

/** ai.integration_sessions: what an integration keeps per ticket between turns (gone with the ticket's conversation). */
@Injectable()
export class IntegrationSessionRepository {
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
