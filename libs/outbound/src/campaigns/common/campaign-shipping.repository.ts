import type { CampaignPauseReason } from '@app/contracts';
import { changedRows, listenOn } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/** The notification channel of confirmations that start awaiting their answer (payload: the connection id). */
const AWAITING_CHANNEL = 'outbound_confirmation_awaiting';

export type ShippingStage = 'confirmation' | 'main';

export interface ShippingRow {
  id: number;
  campaign_id: number;
  company_id: number;
  name: string;
  number: string;
  email: string;
  whatsapp_id: number;
  phase: 'pending' | 'requested' | 'awaiting' | 'confirmed' | 'delivered' | 'failed';
  stage: ShippingStage;
  attempt: number;
}

export interface PaceRow {
  connection_id: number;
  company_id: number;
  next_at: Date;
  gap_ms: number;
  sent_since_pause: number;
  consecutive_failures: number;
  paused_reason: CampaignPauseReason | null;
  paused_detail: string | null;
  paused_at: Date | null;
  /** The connection as whatsapp announced it (null: not known, or deleted). */
  connection_status: string | null;
}

/** A part of a send settled: what became of its shipping record. */
export interface SettledPart {
  campaignId: number;
  companyId: number;
  outcome: 'delivered' | 'confirmationRequested' | null;
}

export interface CampaignCounts {
  recipients: number;
  delivered: number;
  confirmation_requested: number;
  confirmed: number;
  failed: number;
  unsettled: number;
}

/**
 * The shipping records of the campaigns (one per recipient) and the pace of each connection: what
 * the dispatch claims, settles and counts. Every statement runs in the caller's transaction.
 */
@Injectable()
export class CampaignShippingRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Writes a record for every recipient the campaign does not have one for yet (a restart adds the
   * list's new valid contacts, never a second record for a contact), spread over its connections in
   * turn; records still to send whose connection the campaign no longer uses move to one it does.
   */
  async materialise(
    manager: EntityManager,
    campaign: { id: number; company_id: number; contact_list_id: number | null; tag_list_id: number | null; confirmation: boolean },
    connectionIds: number[],
  ): Promise<number> {
    const stage: ShippingStage = campaign.confirmation ? 'confirmation' : 'main';
    let inserted: unknown[] = [];
    if (campaign.contact_list_id !== null) {
      inserted = await manager.query(
        `INSERT INTO outbound.campaign_shipping
           (campaign_id, company_id, recipient_key, contact_list_item_id, name, number, email, whatsapp_id, stage)
         SELECT $1, $2, 'item-' || r.id, r.id, r.name, r.send_to, r.email,
                ($3::int[])[1 + ((r.position - 1) % array_length($3::int[], 1))::int], $4
         FROM (SELECT i.id, i.name, i.email, COALESCE(NULLIF(i.whatsapp_number, ''), i.number) AS send_to,
                      row_number() OVER (ORDER BY i.id) AS position
               FROM outbound.contact_list_items i
               WHERE i.contact_list_id = $5 AND i.company_id = $2 AND i.is_whatsapp_valid) r
         ON CONFLICT (campaign_id, recipient_key) DO NOTHING
         RETURNING id`,
        [campaign.id, campaign.company_id, connectionIds, stage, campaign.contact_list_id],
      );
    } else if (campaign.tag_list_id !== null) {
      inserted = await manager.query(
        `INSERT INTO outbound.campaign_shipping
           (campaign_id, company_id, recipient_key, contact_id, name, number, email, whatsapp_id, stage)
         SELECT $1, $2, 'contact-' || r.id, r.id, r.name, r.number, r.email,
                ($3::int[])[1 + ((r.position - 1) % array_length($3::int[], 1))::int], $4
         FROM (SELECT c.id, c.name, c.number, c.email, row_number() OVER (ORDER BY c.id) AS position
               FROM outbound.contacts c
               WHERE c.company_id = $2 AND NOT c.is_group AND c.number ~ '^[0-9]{5,20}$'
                 AND EXISTS (SELECT 1 FROM outbound.ticket_tags t
                             WHERE t.contact_id = c.id AND t.company_id = $2 AND t.tag_ids @> ARRAY[$5::int])) r
         ON CONFLICT (campaign_id, recipient_key) DO NOTHING
         RETURNING id`,
        [campaign.id, campaign.company_id, connectionIds, stage, campaign.tag_list_id],
      );
    }
    await manager.query(
      `UPDATE outbound.campaign_shipping SET whatsapp_id = ($2::int[])[1 + (id % array_length($2::int[], 1))]
       WHERE campaign_id = $1 AND phase IN ('pending', 'confirmed') AND NOT (whatsapp_id = ANY($2::int[]))`,
      [campaign.id, connectionIds],
    );
    return inserted.length;
  }

  /**
   * Records for recipients that appeared after the campaign started (valid items of its list, or a
   * contact that has its tag now), when it has none for them yet: the unique (campaign, recipient) keeps
   * one each. Each goes to one of the campaign's connections by its id. The connections that got one.
   */
  async addRecipients(
    manager: EntityManager,
    campaign: { id: number; company_id: number; contact_list_id: number | null; tag_list_id: number | null; confirmation: boolean },
    connectionIds: number[],
    recipients: { itemIds: number[] } | { contactId: number },
  ): Promise<number[]> {
    const stage: ShippingStage = campaign.confirmation ? 'confirmation' : 'main';
    let added: { whatsapp_id: number }[] = [];
    if ('itemIds' in recipients && campaign.contact_list_id !== null) {
      added = changedRows(
        await manager.query(
          `INSERT INTO outbound.campaign_shipping
             (campaign_id, company_id, recipient_key, contact_list_item_id, name, number, email, whatsapp_id, stage)
           SELECT $1, $2, 'item-' || i.id, i.id, i.name, COALESCE(NULLIF(i.whatsapp_number, ''), i.number), i.email,
                  ($3::int[])[1 + (i.id % array_length($3::int[], 1))::int], $4
           FROM outbound.contact_list_items i
           WHERE i.id = ANY($6::int[]) AND i.contact_list_id = $5 AND i.company_id = $2 AND i.is_whatsapp_valid
           ON CONFLICT (campaign_id, recipient_key) DO NOTHING
           RETURNING whatsapp_id`,
          [campaign.id, campaign.company_id, connectionIds, stage, campaign.contact_list_id, recipients.itemIds],
        ),
      );
    } else if ('contactId' in recipients && campaign.tag_list_id !== null) {
      added = changedRows(
        await manager.query(
          `INSERT INTO outbound.campaign_shipping
             (campaign_id, company_id, recipient_key, contact_id, name, number, email, whatsapp_id, stage)
           SELECT $1, $2, 'contact-' || c.id, c.id, c.name, c.number, c.email,
                  ($3::int[])[1 + (c.id % array_length($3::int[], 1))::int], $4
           FROM outbound.contacts c
           WHERE c.id = $6 AND c.company_id = $2 AND NOT c.is_group AND c.number ~ '^[0-9]{5,20}$'
             AND EXISTS (SELECT 1 FROM outbound.ticket_tags t
                         WHERE t.contact_id = c.id AND t.company_id = $2 AND t.tag_ids @> ARRAY[$5::int])
           ON CONFLICT (campaign_id, recipient_key) DO NOTHING
           RETURNING whatsapp_id`,
          [campaign.id, campaign.company_id, connectionIds, stage, campaign.tag_list_id, recipients.contactId],
        ),
      );
    }
    return [...new Set(added.map((row) => row.whatsapp_id))];
  }

  /** Whether numbers of the list are still to be checked on WhatsApp (a campaign on it waits for them before it finishes). */
  async listStillChecking(manager: EntityManager, campaign: { company_id: number; contact_list_id: number | null }): Promise<boolean> {
    if (campaign.contact_list_id === null) return false;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM outbound.contact_list_items WHERE contact_list_id = $1 AND company_id = $2 AND is_whatsapp_valid IS NULL LIMIT 1`,
      [campaign.contact_list_id, campaign.company_id],
    );
    return rows.length > 0;
  }

  /** The pace rows of these connections exist (a new one may send at once). */
  async ensurePace(manager: EntityManager, companyId: number, connectionIds: number[]): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.campaign_connections (connection_id, company_id)
       SELECT unnest($2::int[]), $1 ON CONFLICT (connection_id) DO NOTHING`,
      [companyId, connectionIds],
    );
  }

  /** The connection's pace, locked: one dispatch at a time per connection, whichever process runs it. */
  async lockPace(manager: EntityManager, connectionId: number): Promise<PaceRow | null> {
    const rows: PaceRow[] = await manager.query(
      `SELECT p.*, w.status AS connection_status
       FROM outbound.campaign_connections p LEFT JOIN outbound.connections w ON w.id = p.connection_id
       WHERE p.connection_id = $1 FOR UPDATE OF p`,
      [connectionId],
    );
    return rows[0] ?? null;
  }

  async paceOf(manager: EntityManager | null, connectionIds: number[]): Promise<PaceRow[]> {
    return (manager ?? this.dataSource).query(
      `SELECT p.*, w.status AS connection_status
       FROM outbound.campaign_connections p LEFT JOIN outbound.connections w ON w.id = p.connection_id
       WHERE p.connection_id = ANY($1::int[])`,
      [connectionIds],
    );
  }

  async setPace(
    manager: EntityManager,
    connectionId: number,
    pace: { nextAt: Date; gapMs: number; sentSincePause: number; consecutiveFailures?: number },
  ): Promise<void> {
    await manager.query(
      `UPDATE outbound.campaign_connections SET next_at = $2, gap_ms = $3, sent_since_pause = $4,
         consecutive_failures = COALESCE($5, consecutive_failures)
       WHERE connection_id = $1`,
      [connectionId, pace.nextAt, pace.gapMs, pace.sentSincePause, pace.consecutiveFailures ?? null],
    );
  }

  /** After an answer from WhatsApp: the next send no sooner than `at` (never earlier than already set). */
  async pushNextAt(manager: EntityManager, connectionId: number, at: Date): Promise<Date> {
    const rows = changedRows<{ next_at: Date }>(
      await manager.query(
        `UPDATE outbound.campaign_connections SET next_at = GREATEST(next_at, $2) WHERE connection_id = $1 RETURNING next_at`,
        [connectionId, at],
      ),
    );
    return rows[0]?.next_at ?? at;
  }

  /** A failure in a row (or, with `reset`, a success): the count of failures in a row now. */
  async countFailure(manager: EntityManager, connectionId: number, reset: boolean): Promise<number> {
    const rows = changedRows<{ consecutive_failures: number }>(
      await manager.query(
        `UPDATE outbound.campaign_connections
         SET consecutive_failures = CASE WHEN $2 THEN 0 ELSE consecutive_failures + 1 END
         WHERE connection_id = $1 RETURNING consecutive_failures`,
        [connectionId, reset],
      ),
    );
    return rows[0]?.consecutive_failures ?? 0;
  }

  /** Pauses the connection's share of every campaign (true when it was not paused for this reason yet). */
  async pause(manager: EntityManager, connectionId: number, reason: CampaignPauseReason, detail: string | null, at: Date) {
    const rows = changedRows<unknown>(
      await manager.query(
        `UPDATE outbound.campaign_connections SET paused_reason = $2, paused_detail = $3, paused_at = $4
         WHERE connection_id = $1 AND paused_reason IS DISTINCT FROM $2 RETURNING 1`,
        [connectionId, reason, detail, at],
      ),
    );
    return rows.length > 0;
  }

  /** Resumes paused connections (all reasons, or the ones named); their failures in a row start again. */
  async unpause(manager: EntityManager, connectionIds: number[], reasons: CampaignPauseReason[] | null = null): Promise<number[]> {
    const rows = changedRows<{ connection_id: number }>(
      await manager.query(
        `UPDATE outbound.campaign_connections
         SET paused_reason = NULL, paused_detail = NULL, paused_at = NULL, consecutive_failures = 0
         WHERE connection_id = ANY($1::int[]) AND paused_reason IS NOT NULL AND ($2::text[] IS NULL OR paused_reason = ANY($2::text[]))
         RETURNING connection_id`,
        [connectionIds, reasons],
      ),
    );
    return rows.map((row) => row.connection_id);
  }

  /** Records of the connection whose commands are written and not answered yet. */
  async inFlight(manager: EntityManager, connectionId: number): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM outbound.campaign_shipping WHERE whatsapp_id = $1 AND phase = 'requested'`,
      [connectionId],
    )) as { n: number }[];
    return row!.n;
  }

  /**
   * The campaigns with something to send through the connection now: first messages of running
   * campaigns, and main messages after a confirmation (also of a campaign already FINALIZADA).
   */
  async campaignsWithWork(manager: EntityManager, connectionId: number): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT c.id FROM outbound.campaigns c
       WHERE c.id IN (SELECT DISTINCT campaign_id FROM outbound.campaign_shipping WHERE whatsapp_id = $1 AND phase IN ('pending', 'confirmed'))
         AND c.status IN ('EM_ANDAMENTO', 'FINALIZADA')
       ORDER BY c.id`,
      [connectionId],
    );
    return rows.map((row) => row.id);
  }

  /** Claims the next records to send through the connection, from these campaigns, oldest first. */
  async claim(manager: EntityManager, connectionId: number, campaignIds: number[], limit: number): Promise<ShippingRow[]> {
    return manager.query(
      `SELECT s.id, s.campaign_id, s.company_id, s.name, s.number, s.email, s.whatsapp_id, s.phase, s.stage, s.attempt
       FROM outbound.campaign_shipping s JOIN outbound.campaigns c ON c.id = s.campaign_id
       WHERE s.whatsapp_id = $1 AND s.campaign_id = ANY($2::int[])
         AND ((s.phase = 'pending' AND c.status = 'EM_ANDAMENTO') OR (s.phase = 'confirmed' AND c.status IN ('EM_ANDAMENTO', 'FINALIZADA')))
       ORDER BY s.id LIMIT $3
       FOR UPDATE OF s SKIP LOCKED`,
      [connectionId, campaignIds, limit],
    );
  }

  /** The claimed records' commands are written: each waits for its `parts` answers. */
  async markRequested(manager: EntityManager, sends: { id: number; stage: ShippingStage; parts: number }[], at: Date): Promise<void> {
    if (sends.length === 0) return;
    await manager.query(
      `UPDATE outbound.campaign_shipping s SET phase = 'requested', stage = v.stage, parts = v.parts, parts_sent = 0, requested_at = $4
       FROM unnest($1::int[], $2::text[], $3::int[]) AS v (id, stage, parts)
       WHERE s.id = v.id`,
      [sends.map((send) => send.id), sends.map((send) => send.stage), sends.map((send) => send.parts), at],
    );
  }

  /**
   * One part of a send was carried out. The record is delivered (or, for a confirmation, waits for
   * the answer) when every part of it is; an answer of an older attempt or stage is not this send's.
   */
  async partSent(manager: EntityManager, shippingId: number, attempt: number, stage: ShippingStage, at: Date): Promise<SettledPart | null> {
    const rows = changedRows<{ campaign_id: number; company_id: number; parts: number; parts_sent: number }>(
      await manager.query(
        `UPDATE outbound.campaign_shipping SET parts_sent = parts_sent + 1
         WHERE id = $1 AND attempt = $2 AND stage = $3 AND phase = 'requested'
         RETURNING campaign_id, company_id, parts, parts_sent`,
        [shippingId, attempt, stage],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    if (row.parts_sent < row.parts) return { campaignId: row.campaign_id, companyId: row.company_id, outcome: null };
    if (stage === 'confirmation') {
      // The watches of every outbound process hear that the connection awaits an answer (on commit).
      await manager.query(
        `WITH moved AS (
           UPDATE outbound.campaign_shipping SET phase = 'awaiting', confirmation_requested_at = $2 WHERE id = $1 RETURNING whatsapp_id
         ) SELECT pg_notify($3, whatsapp_id::text) FROM moved`,
        [shippingId, at, AWAITING_CHANNEL],
      );
      return { campaignId: row.campaign_id, companyId: row.company_id, outcome: 'confirmationRequested' };
    }
    await manager.query(`UPDATE outbound.campaign_shipping SET phase = 'delivered', delivered_at = $2 WHERE id = $1`, [shippingId, at]);
    return { campaignId: row.campaign_id, companyId: row.company_id, outcome: 'delivered' };
  }

  /** The send failed for good: the record fails with WhatsApp's reason (once). */
  async fail(manager: EntityManager, shippingId: number, attempt: number, stage: ShippingStage, reason: string, at: Date) {
    const rows = changedRows<{ campaign_id: number; company_id: number }>(
      await manager.query(
        `UPDATE outbound.campaign_shipping SET phase = 'failed', failed_at = $5, failure_reason = left($4, 500)
         WHERE id = $1 AND attempt = $2 AND stage = $3 AND phase = 'requested'
         RETURNING campaign_id, company_id`,
        [shippingId, attempt, stage, reason, at],
      ),
    );
    return rows[0] ? { campaignId: rows[0].campaign_id, companyId: rows[0].company_id } : null;
  }

  /**
   * The send could not be made through this connection now (it is down, or WhatsApp refuses it): the
   * record goes back to be sent later, under a new attempt (new command ids).
   */
  async giveBack(manager: EntityManager, shippingId: number, attempt: number, stage: ShippingStage) {
    const rows = changedRows<{ campaign_id: number; company_id: number }>(
      await manager.query(
        `UPDATE outbound.campaign_shipping
         SET phase = CASE WHEN stage = 'main' AND confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'pending' END,
             attempt = attempt + 1, parts = 0, parts_sent = 0, requested_at = NULL
         WHERE id = $1 AND attempt = $2 AND stage = $3 AND phase = 'requested'
         RETURNING campaign_id, company_id`,
        [shippingId, attempt, stage],
      ),
    );
    return rows[0] ? { campaignId: rows[0].campaign_id, companyId: rows[0].company_id } : null;
  }

  /**
   * A connection of its own, LISTENing to the ids of connections whose confirmations start awaiting
   * their answer (ConfirmationWatch). Null when the data source has no URL to open one with.
   */
  async listenForAwaiting(onAwaiting: (connectionId: number) => void, onError: (error: Error) => void): Promise<Client | null> {
    return listenOn(
      this.dataSource,
      AWAITING_CHANNEL,
      'outbound:confirmations',
      (payload) => {
        const connectionId = Number(payload);
        if (Number.isInteger(connectionId)) onAwaiting(connectionId);
      },
      onError,
    );
  }

  /** Whether any confirmation sent through the connection awaits its answer. */
  async awaitsAny(connectionId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM outbound.campaign_shipping WHERE whatsapp_id = $1 AND phase = 'awaiting' LIMIT 1`,
      [connectionId],
    );
    return rows.length > 0;
  }

  /** Whether a confirmation sent through the connection to this number awaits its answer. */
  async awaits(connectionId: number, number: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM outbound.campaign_shipping WHERE whatsapp_id = $1 AND phase = 'awaiting' AND number = $2 LIMIT 1`,
      [connectionId, number],
    );
    return rows.length > 0;
  }

  /** The contact answered a confirmation sent through this connection: its main message is next. */
  async confirm(manager: EntityManager, connectionId: number, numbers: string[], at: Date) {
    const rows = changedRows<{ campaign_id: number; company_id: number }>(
      await manager.query(
        `UPDATE outbound.campaign_shipping SET phase = 'confirmed', stage = 'main', confirmed_at = $3
         WHERE whatsapp_id = $1 AND phase = 'awaiting' AND number = ANY($2::text[])
         RETURNING campaign_id, company_id`,
        [connectionId, numbers, at],
      ),
    );
    return rows.map((row) => ({ campaignId: row.campaign_id, companyId: row.company_id }));
  }

  async counts(manager: EntityManager | null, campaignId: number): Promise<CampaignCounts> {
    const [row] = (await (manager ?? this.dataSource).query(
      `SELECT count(*)::int AS recipients,
              count(delivered_at)::int AS delivered,
              count(confirmation_requested_at)::int AS confirmation_requested,
              count(confirmed_at)::int AS confirmed,
              count(failed_at)::int AS failed,
              count(*) FILTER (WHERE phase IN ('pending', 'requested', 'confirmed'))::int AS unsettled
       FROM outbound.campaign_shipping WHERE campaign_id = $1`,
      [campaignId],
    )) as CampaignCounts[];
    return row!;
  }

  /** The recipients with a valid WhatsApp number the campaign names: its list's valid items, or its tag's contacts. */
  async validContacts(
    manager: EntityManager | null,
    campaign: { company_id: number; contact_list_id: number | null; tag_list_id: number | null },
  ): Promise<number> {
    const runner = manager ?? this.dataSource;
    if (campaign.contact_list_id !== null) {
      const [row] = (await runner.query(
        `SELECT count(*)::int AS n FROM outbound.contact_list_items WHERE contact_list_id = $1 AND company_id = $2 AND is_whatsapp_valid`,
        [campaign.contact_list_id, campaign.company_id],
      )) as { n: number }[];
      return row!.n;
    }
    if (campaign.tag_list_id !== null) {
      const [row] = (await runner.query(
        `SELECT count(DISTINCT c.id)::int AS n FROM outbound.contacts c JOIN outbound.ticket_tags t ON t.contact_id = c.id
         WHERE c.company_id = $1 AND NOT c.is_group AND t.tag_ids @> ARRAY[$2::int]`,
        [campaign.company_id, campaign.tag_list_id],
      )) as { n: number }[];
      return row!.n;
    }
    return 0;
  }

  /** Failed records by reason, most frequent first. */
  async failures(campaignId: number): Promise<{ reason: string; count: number }[]> {
    return this.dataSource.query(
      `SELECT COALESCE(failure_reason, '') AS reason, count(*)::int AS count FROM outbound.campaign_shipping
       WHERE campaign_id = $1 AND failed_at IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1`,
      [campaignId],
    );
  }

  /** Counts per minute (UTC) of deliveries, confirmations asked and given, and failures. */
  async series(campaignId: number) {
    const rows: { at: Date; delivered: number; confirmation_requested: number; confirmed: number; failed: number }[] =
      await this.dataSource.query(
        `SELECT minute AS at,
                count(*) FILTER (WHERE kind = 'delivered')::int AS delivered,
                count(*) FILTER (WHERE kind = 'confirmationRequested')::int AS confirmation_requested,
                count(*) FILTER (WHERE kind = 'confirmed')::int AS confirmed,
                count(*) FILTER (WHERE kind = 'failed')::int AS failed
         FROM (
           SELECT date_trunc('minute', t.at) AS minute, t.kind
           FROM outbound.campaign_shipping s
           CROSS JOIN LATERAL (VALUES ('delivered', s.delivered_at), ('confirmationRequested', s.confirmation_requested_at),
                                      ('confirmed', s.confirmed_at), ('failed', s.failed_at)) AS t (kind, at)
           WHERE s.campaign_id = $1 AND t.at IS NOT NULL) e
         GROUP BY minute ORDER BY minute`,
        [campaignId],
      );
    return rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      delivered: row.delivered,
      confirmationRequested: row.confirmation_requested,
      confirmed: row.confirmed,
      failed: row.failed,
    }));
  }

  /** Deliveries and failures of the campaign per connection. */
  async perConnection(campaignId: number): Promise<{ whatsapp_id: number; delivered: number; failed: number }[]> {
    return this.dataSource.query(
      `SELECT whatsapp_id, count(delivered_at)::int AS delivered, count(failed_at)::int AS failed
       FROM outbound.campaign_shipping WHERE campaign_id = $1 GROUP BY whatsapp_id`,
      [campaignId],
    );
  }
}
