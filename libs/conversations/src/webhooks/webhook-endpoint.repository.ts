import type { WebhookEndpoint, WebhookEventType } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface WebhookEndpointRow {
  id: number;
  company_id: number;
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, company_id, url, events, description, enabled, secret, previous_secret, previous_secret_until, created_at, updated_at`;

export function mapWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  const stillSigning = row.previous_secret_until && row.previous_secret_until.getTime() > Date.now();
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    secretPreview: row.secret.slice(0, 'whsec_'.length + 4),
    previousSecretUntil: stillSigning ? row.previous_secret_until!.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export interface NewWebhookEndpoint {
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
  secret: string;
}

/** A company's webhook endpoints (`conversations.webhook_endpoints`). */
@Injectable()
export class WebhookEndpointRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  async list(companyId: number): Promise<WebhookEndpointRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM conversations.webhook_endpoints WHERE company_id = $1 ORDER BY id`, [companyId]);
  }

  async find(companyId: number, id: number): Promise<WebhookEndpointRow | null> {
    const rows: WebhookEndpointRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM conversations.webhook_endpoints WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async insert(companyId: number, endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
    const rows: WebhookEndpointRow[] = await this.dataSource.query(
      `INSERT INTO conversations.webhook_endpoints (company_id, url, events, description, enabled, secret)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [companyId, endpoint.url, endpoint.events, endpoint.description, endpoint.enabled, endpoint.secret],
    );
    return rows[0]!;
  }

  async update(
    companyId: number,
    id: number,
    change: { url?: string; events?: WebhookEventType[]; description?: string; enabled?: boolean },
  ): Promise<WebhookEndpointRow | null> {
    const rows = changedRows<WebhookEndpointRow>(
      await this.dataSource.query(
        `UPDATE conversations.webhook_endpoints
         SET url = coalesce($3, url), events = coalesce($4, events), description = coalesce($5, description),
             enabled = coalesce($6, enabled), updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [companyId, id, change.url ?? null, change.events ?? null, change.description ?? null, change.enabled ?? null],
      ),
    );
    return rows[0] ?? null;
  }

  /** The new secret signs from now on; the current one keeps signing beside it for `overlapHours`. */
  async rotate(companyId: number, id: number, secret: string, overlapHours: number): Promise<WebhookEndpointRow | null> {
    const rows = changedRows<WebhookEndpointRow>(
      await this.dataSource.query(
        `UPDATE conversations.webhook_endpoints
         SET previous_secret = CASE WHEN $4 > 0 THEN secret END,
             previous_secret_until = CASE WHEN $4 > 0 THEN now() + make_interval(hours => $4) END,
             secret = $3, updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [companyId, id, secret, overlapHours],
      ),
    );
    return rows[0] ?? null;
  }

  async delete(companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await this.dataSource.query(`DELETE FROM conversations.webhook_endpoints WHERE company_id = $1 AND id = $2 RETURNING id`, [
        companyId,
        id,
      ]),
    );
    return rows.length > 0;
  }

  /** The company's enabled endpoints that take this event, in the consumer's transaction. */
  async subscribedTo(manager: EntityManager, companyId: number, eventType: WebhookEventType): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM conversations.webhook_endpoints WHERE company_id = $1 AND enabled AND $2 = ANY (events) ORDER BY id`,
      [companyId, eventType],
    );
    return rows.map((row) => row.id);
  }

  /** Whether the company has any enabled endpoint (the ticket states are kept only then); without `manager`, outside a transaction. */
  async anyEnabled(manager: EntityManager | null, companyId: number): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource).query(
      `SELECT 1 FROM conversations.webhook_endpoints WHERE company_id = $1 AND enabled LIMIT 1`,
      [companyId],
    );
    return rows.length > 0;
  }

  /** Which of these companies have an enabled endpoint, in one statement outside a transaction (a batch of events). */
  async enabledAmong(companyIds: number[]): Promise<Set<number>> {
    if (companyIds.length === 0) return new Set();
    const rows: { company_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT company_id FROM conversations.webhook_endpoints WHERE company_id = ANY($1::int[]) AND enabled`,
      [companyIds],
    );
    return new Set(rows.map((row) => row.company_id));
  }

  /**
   * Records the ticket's status and answers the one seen before (null: a ticket not seen before).
   */
  async ticketStatusSeen(manager: EntityManager, companyId: number, ticketId: number, status: string): Promise<string | null> {
    const rows: { previous: string | null }[] = await manager.query(
      `WITH previous AS (SELECT status FROM conversations.webhook_ticket_states WHERE ticket_id = $2 FOR UPDATE),
       saved AS (
         INSERT INTO conversations.webhook_ticket_states (ticket_id, company_id, status) VALUES ($2, $1, $3)
         ON CONFLICT (ticket_id) DO UPDATE SET status = excluded.status
       )
       SELECT (SELECT status FROM previous) AS previous`,
      [companyId, ticketId, status],
    );
    return rows[0]?.previous ?? null;
  }
}
