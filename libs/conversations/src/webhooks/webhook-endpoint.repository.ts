import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointListItem, WebhookEventType } from '@app/contracts';

type WebhookDeliveryState = WebhookDelivery['state'];
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { type StoredWebhookSecret, WebhookSecretBox, webhookSecretPreview } from './webhook-secret-box';

export interface WebhookEndpointRow {
  id: number;
  company_id: number;
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
  /** Sealed (WebhookSecretBox), as previous_secret. */
  secret: string;
  /** The secret's last 4 characters, what the API shows of it. */
  secret_hint: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, company_id, url, events, description, enabled, secret, secret_hint, previous_secret, previous_secret_until, created_at, updated_at`;

export interface WebhookEndpointListRow extends WebhookEndpointRow {
  last_state: WebhookDeliveryState | null;
  last_status: number | null;
  last_attempts: number | null;
  last_at: Date | null;
}

export function mapWebhookEndpointListItem(row: WebhookEndpointListRow): WebhookEndpointListItem {
  return {
    ...mapWebhookEndpoint(row),
    lastDelivery:
      row.last_state === null || row.last_at === null
        ? null
        : { state: row.last_state, status: row.last_status, attempts: row.last_attempts ?? 0, at: row.last_at.toISOString() },
  };
}

export function mapWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  const stillSigning = row.previous_secret_until && row.previous_secret_until.getTime() > Date.now();
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    secretPreview: webhookSecretPreview(row.secret_hint),
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
  secret: StoredWebhookSecret;
}

/** A company's webhook endpoints (`conversations.webhook_endpoints`). */
@Injectable()
export class WebhookEndpointRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /** The company's endpoints, each with its most recent delivery (its id the newest of the endpoint's). */
  async list(companyId: number): Promise<WebhookEndpointListRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS.split(', ')
        .map((column) => `e.${column}`)
        .join(', ')},
              d.state AS last_state, d.last_status, d.attempts AS last_attempts, coalesce(d.delivered_at, d.created_at) AS last_at
       FROM conversations.webhook_endpoints e
       LEFT JOIN LATERAL (
         SELECT state, last_status, attempts, delivered_at, created_at FROM conversations.webhook_deliveries
         WHERE endpoint_id = e.id ORDER BY id DESC LIMIT 1
       ) d ON true
       WHERE e.company_id = $1 ORDER BY e.id`,
      [companyId],
    );
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
      `INSERT INTO conversations.webhook_endpoints (company_id, url, events, description, enabled, secret, secret_hint)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [companyId, endpoint.url, endpoint.events, endpoint.description, endpoint.enabled, endpoint.secret.sealed, endpoint.secret.hint],
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
  async rotate(companyId: number, id: number, secret: StoredWebhookSecret, overlapHours: number): Promise<WebhookEndpointRow | null> {
    const rows = changedRows<WebhookEndpointRow>(
      await this.dataSource.query(
        `UPDATE conversations.webhook_endpoints
         SET previous_secret = CASE WHEN $4 > 0 THEN secret END,
             previous_secret_until = CASE WHEN $4 > 0 THEN now() + make_interval(hours => $4) END,
             secret = $3, secret_hint = $5, updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [companyId, id, secret.sealed, overlapHours, secret.hint],
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

  /**
   * The one-time step after migration 1764000003000: seals the secrets stored in the clear before it
   * (the `whsec_` form), each row locked while it is sealed so two processes starting at once seal it
   * once. Answers how many rows it sealed.
   */
  async sealPlainSecrets(box: WebhookSecretBox): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { id: number; secret: string; previous_secret: string | null }[] = await manager.query(
        `SELECT id, secret, previous_secret FROM conversations.webhook_endpoints
         WHERE starts_with(secret, 'whsec_') OR starts_with(previous_secret, 'whsec_')
         ORDER BY id FOR UPDATE SKIP LOCKED`,
      );
      for (const row of rows) {
        const seal = (stored: string) => (WebhookSecretBox.isPlain(stored) ? box.seal(stored).sealed : stored);
        await manager.query(`UPDATE conversations.webhook_endpoints SET secret = $2, previous_secret = $3 WHERE id = $1`, [
          row.id,
          seal(row.secret),
          row.previous_secret === null ? null : seal(row.previous_secret),
        ]);
      }
      return rows.length;
    });
  }
}
