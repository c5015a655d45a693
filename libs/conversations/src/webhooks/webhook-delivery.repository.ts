import type { WebhookDelivery, WebhookDeliveryListQuery, WebhookEventType } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: number;
  message_id: string;
  event_type: WebhookEventType;
  state: 'pending' | 'delivered' | 'dead';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

/** A due delivery leased to this dispatcher, with what it takes to send it. */
export interface ClaimedDelivery {
  id: string;
  company_id: number;
  endpoint_id: number;
  message_id: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  url: string;
  /** Sealed, as previous_secret: the dispatcher opens them to sign. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

export interface NewDelivery {
  endpointId: number;
  messageId: string;
  eventType: WebhookEventType;
  orderingKey: string | null;
  payload: unknown;
}

const PAGE = 30;
const COLUMNS = `id, endpoint_id, message_id, event_type, state, attempts, last_status, last_error,
  CASE WHEN state = 'pending' THEN next_attempt_at END AS next_attempt_at, delivered_at, created_at`;

export function mapWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The webhooks' persisted queue (`conversations.webhook_deliveries`). A delivery is due when its
 * time came, no dispatcher holds its lease, and it is the oldest pending one of its ticket at its
 * endpoint (so a ticket's events arrive in order: the next waits for the previous to be delivered
 * or dead-lettered). Claiming leases at most `perEndpoint` due rows of each endpoint, minus those
 * this dispatcher is already sending, so one endpoint's backlog never takes another's turn.
 */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /** Queues one event for these endpoints in the consumer's transaction; an event queued before is skipped. */
  async enqueue(manager: EntityManager, companyId: number, deliveries: NewDelivery[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const rows = changedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO conversations.webhook_deliveries (company_id, endpoint_id, message_id, event_type, ordering_key, payload)
         SELECT $1, d.endpoint_id, d.message_id, d.event_type, d.ordering_key, d.payload
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
           WITH ORDINALITY AS d (endpoint_id, message_id, event_type, ordering_key, payload, n)
         ORDER BY d.n
         ON CONFLICT (endpoint_id, message_id) DO NOTHING
         RETURNING id`,
        [
          companyId,
          deliveries.map((d) => d.endpointId),
          deliveries.map((d) => d.messageId),
          deliveries.map((d) => d.eventType),
          deliveries.map((d) => d.orderingKey),
          deliveries.map((d) => JSON.stringify(d.payload)),
        ],
      ),
    );
    return rows.length;
  }

  /**
   * Leases due deliveries for `leaseMs`: per endpoint at most `perEndpoint` minus what `inFlight`
   * says this dispatcher already sends there. Oldest first.
   */
  async claim(limit: number, perEndpoint: number, inFlight: Map<number, number>, leaseMs: number): Promise<ClaimedDelivery[]> {
    const busy = [...inFlight.entries()].filter(([, count]) => count > 0);
    return changedRows<ClaimedDelivery>(
      await this.dataSource.query(
        `WITH heads AS (
           SELECT DISTINCT ON (endpoint_id, coalesce(ordering_key, id::text)) id, endpoint_id, next_attempt_at, locked_until
           FROM conversations.webhook_deliveries
           WHERE state = 'pending' AND endpoint_id IN (SELECT id FROM conversations.webhook_endpoints WHERE enabled)
           ORDER BY endpoint_id, coalesce(ordering_key, id::text), id
         ), due AS (
           SELECT h.id, row_number() OVER (PARTITION BY h.endpoint_id ORDER BY h.id) AS n, coalesce(b.in_flight, 0) AS in_flight
           FROM heads h LEFT JOIN unnest($2::int[], $3::int[]) AS b (endpoint_id, in_flight) ON b.endpoint_id = h.endpoint_id
           WHERE h.next_attempt_at <= now() AND (h.locked_until IS NULL OR h.locked_until < now())
         ), picked AS (
           SELECT d.id FROM conversations.webhook_deliveries d JOIN due ON due.id = d.id
           WHERE due.n <= $1 - due.in_flight AND d.state = 'pending'
           ORDER BY d.id LIMIT $4
           FOR UPDATE OF d SKIP LOCKED
         )
         UPDATE conversations.webhook_deliveries d
         SET locked_until = now() + make_interval(secs => $5::double precision / 1000), attempts = d.attempts + 1
         FROM picked, conversations.webhook_endpoints e
         WHERE d.id = picked.id AND e.id = d.endpoint_id AND e.enabled
         RETURNING d.id, d.company_id, d.endpoint_id, d.message_id, d.payload, d.attempts, d.created_at,
                   e.url, e.secret, e.previous_secret, e.previous_secret_until`,
        [perEndpoint, busy.map(([endpoint]) => endpoint), busy.map(([, count]) => count), limit, leaseMs],
      ),
    );
  }

  async markDelivered(id: string, status: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE conversations.webhook_deliveries
       SET state = 'delivered', delivered_at = now(), locked_until = NULL, last_status = $2, last_error = NULL
       WHERE id = $1`,
      [id, status],
    );
  }

  /** A failed attempt: tried again at `retryAt`, or dead-lettered when there is none. */
  async markFailed(id: string, status: number | null, error: string, retryAt: Date | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE conversations.webhook_deliveries
       SET state = CASE WHEN $4::timestamptz IS NULL THEN 'dead' ELSE 'pending' END,
           next_attempt_at = coalesce($4::timestamptz, next_attempt_at), locked_until = NULL, last_status = $2, last_error = $3
       WHERE id = $1`,
      [id, status, error.slice(0, 500), retryAt],
    );
  }

  async list(companyId: number, query: WebhookDeliveryListQuery): Promise<{ rows: WebhookDeliveryRow[]; hasMore: boolean }> {
    const rows: WebhookDeliveryRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM conversations.webhook_deliveries
       WHERE company_id = $1 AND ($2::int IS NULL OR endpoint_id = $2) AND ($3::text IS NULL OR state = $3)
       ORDER BY id DESC LIMIT $4 OFFSET $5`,
      [companyId, query.endpointId ?? null, query.state ?? null, PAGE + 1, (query.pageNumber - 1) * PAGE],
    );
    return { rows: rows.slice(0, PAGE), hasMore: rows.length > PAGE };
  }

  /** 'Send again': the delivery is pending and due now, with its attempts counted afresh and the same webhook-id. */
  async redeliver(companyId: number, id: number): Promise<WebhookDeliveryRow | null> {
    const rows = changedRows<WebhookDeliveryRow>(
      await this.dataSource.query(
        `UPDATE conversations.webhook_deliveries
         SET state = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL, delivered_at = NULL
         WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [companyId, id],
      ),
    );
    return rows[0] ?? null;
  }

  /** Forgets settled deliveries older than `days`, at most `limit` at a time. */
  async purgeSettled(days: number, limit: number): Promise<number> {
    const rows = changedRows<{ id: string }>(
      await this.dataSource.query(
        `DELETE FROM conversations.webhook_deliveries WHERE id IN (
           SELECT id FROM conversations.webhook_deliveries
           WHERE state <> 'pending' AND created_at < now() - make_interval(days => $1) LIMIT $2)
         RETURNING id`,
        [days, limit],
      ),
    );
    return rows.length;
  }
}
