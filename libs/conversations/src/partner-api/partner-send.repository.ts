import { IDEMPOTENCY_WINDOW_HOURS } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A file of an accepted send, already in the file storage. */
export interface AcceptedMedia {
  url: string;
  mimetype: string;
  fileName: string;
}

export type PartnerSendState = 'queued' | 'sent' | 'failed';

/** An accepted send as stored: what to send, and the message ids it was answered with. */
export interface PartnerSendRow {
  id: string;
  token_id: number;
  company_id: number;
  number: string;
  body: string;
  medias: AcceptedMedia[];
  message_ids: number[];
  state: PartnerSendState;
  ticket_id: number | null;
  error: string | null;
  accepted_at: Date;
}

/** One of `lanes` shares of the numbers sent to: a number is always in the same one. */
export interface NumberShare {
  lane: number;
  lanes: number;
}

/** A queued send claimed for the inbox's path, with the connection its token sends through. */
export interface ClaimedSend extends PartnerSendRow {
  whatsapp_id: number | null;
}

export interface NewPartnerSend {
  tokenId: number;
  idempotencyKey: string | null;
  number: string;
  body: string;
  medias: AcceptedMedia[];
}

/** The most sends one accepting statement takes. */
const ACCEPT_GROUP_MAX = 500;

const SEND_COLUMNS = `s.id, s.token_id, s.company_id, s.number, s.body, s.medias, s.message_ids, s.state, s.ticket_id, s.error, s.accepted_at`;

/**
 * The partner API's accepted sends (decision 0051, "Accepting a send"). Accepting is one statement:
 * it checks that the token is live and allowed at that instant, claims the Idempotency-Key (a unique
 * index, so a concurrent duplicate waits for the first and then finds it), reserves the message ids
 * and stores what to send. The inbox's path runs later in the transaction that settles the row.
 */
@Injectable()
export class PartnerSendRepository {
  /** Sends waiting for the next accepting statement, and whether one is running. */
  private readonly waiting: { send: NewPartnerSend; resolve: (row: PartnerSendRow | null) => void; reject: (error: unknown) => void }[] =
    [];
  private accepting = false;

  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Work inside the caller's transaction that, when it throws, is rolled back alone (a savepoint). */
  savepoint<T>(manager: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return manager.transaction(work);
  }

  /**
   * The accepted row, or null when nothing was accepted: the token is no longer live or allowed, it
   * has no connection to send with, or the key is already taken (see {@link byKey}). Sends that
   * arrive while a statement is running are accepted together by the next one (a group commit): at
   * hundreds a second they cost a few statements, not one each.
   */
  accept(send: NewPartnerSend): Promise<PartnerSendRow | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ send, resolve, reject });
      if (!this.accepting) {
        this.accepting = true;
        // Sends made in the same turn of the event loop go in the first statement.
        queueMicrotask(() => void this.acceptWaiting());
      }
    });
  }

  private async acceptWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, ACCEPT_GROUP_MAX);
      try {
        const rows = await this.acceptAll(group.map((waiter) => waiter.send));
        group.forEach((waiter, index) => waiter.resolve(rows[index] ?? null));
      } catch (error) {
        group.forEach((waiter) => waiter.reject(error));
      }
    }
    this.accepting = false;
  }

  /** One statement for the sends, in this order: each one's row, or null where it was not accepted. */
  private async acceptAll(sends: NewPartnerSend[]): Promise<(PartnerSendRow | null)[]> {
    const rows: (PartnerSendRow & { ord: string })[] = await this.dataSource.query(
      `WITH input AS MATERIALIZED (
         SELECT i.*, nextval('conversations.api_sends_id_seq') AS send_id
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::int[])
           WITH ORDINALITY AS i(token_id, idempotency_key, number, body, medias, messages, ord)
       ),
       caller AS (
         SELECT t.id, t.company_id FROM conversations.api_tokens t
         JOIN conversations.company_plans c ON c.company_id = t.company_id AND c.active
         JOIN conversations.plan_limits p ON p.plan_id = c.plan_id AND p.use_external_api
         WHERE t.id IN (SELECT token_id FROM input) AND t.revoked_at IS NULL
           AND EXISTS (SELECT 1 FROM conversations.connections k WHERE k.company_id = t.company_id AND (t.whatsapp_id IS NULL OR k.id = t.whatsapp_id))
       ),
       accepted AS (
         INSERT INTO conversations.api_sends AS s (id, token_id, company_id, idempotency_key, number, body, medias, message_ids)
         SELECT i.send_id, caller.id, caller.company_id, i.idempotency_key, i.number, i.body, i.medias,
           ARRAY(SELECT nextval('conversations.messages_id_seq')::int FROM generate_series(1, i.messages))
         FROM input i JOIN caller ON caller.id = i.token_id
         ORDER BY i.ord
         ON CONFLICT (token_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING ${SEND_COLUMNS}
       )
       SELECT i.ord, s.* FROM input i JOIN accepted s ON s.id = i.send_id`,
      [
        sends.map((send) => send.tokenId),
        sends.map((send) => send.idempotencyKey),
        sends.map((send) => send.number),
        sends.map((send) => send.body),
        sends.map((send) => JSON.stringify(send.medias)),
        sends.map((send) => Math.max(1, send.medias.length)),
      ],
    );
    const byOrdinal = new Map(rows.map(({ ord, ...row }) => [Number(ord), row]));
    return sends.map((_, index) => byOrdinal.get(index + 1) ?? null);
  }

  /** The send that holds the token's key, with whether the key's window has passed. */
  async byKey(tokenId: number, key: string): Promise<{ send: PartnerSendRow; expired: boolean } | null> {
    const rows: (PartnerSendRow & { expired: boolean })[] = await this.dataSource.query(
      `SELECT ${SEND_COLUMNS}, s.accepted_at < now() - make_interval(hours => $3) AS expired
       FROM conversations.api_sends s WHERE s.token_id = $1 AND s.idempotency_key = $2`,
      [tokenId, key, IDEMPOTENCY_WINDOW_HOURS],
    );
    const row = rows[0];
    if (!row) return null;
    const { expired, ...send } = row;
    return { send, expired };
  }

  /** Frees a key whose window has passed (the send keeps its row without it); false if it was not that old. */
  async releaseExpiredKey(tokenId: number, key: string): Promise<boolean> {
    const rows = changedRows<{ id: string }>(
      await this.dataSource.query(
        `UPDATE conversations.api_sends SET idempotency_key = NULL
         WHERE token_id = $1 AND idempotency_key = $2 AND accepted_at < now() - make_interval(hours => $3) RETURNING id`,
        [tokenId, key, IDEMPOTENCY_WINDOW_HOURS],
      ),
    );
    return rows.length > 0;
  }

  /** Whether the company has the token's connection (or any, for a token without one). */
  async hasConnection(companyId: number, whatsappId: number | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM conversations.connections WHERE company_id = $1 AND ($2::int IS NULL OR id = $2) LIMIT 1`,
      [companyId, whatsappId],
    );
    return rows.length > 0;
  }

  /** Queued sends to the numbers of `share`, oldest first, locked for this transaction (other processes skip them). */
  async claimQueued(manager: EntityManager, limit: number, share: NumberShare): Promise<ClaimedSend[]> {
    return manager.query(
      `SELECT ${SEND_COLUMNS}, t.whatsapp_id
       FROM conversations.api_sends s JOIN conversations.api_tokens t ON t.id = s.token_id
       WHERE s.state = 'queued' AND (hashtext(s.number) & 2147483647) % $3 = $2
       ORDER BY s.id LIMIT $1 FOR UPDATE OF s SKIP LOCKED`,
      [limit, share.lane, share.lanes],
    );
  }

  async markSent(manager: EntityManager, id: string, ticketId: number): Promise<void> {
    await manager.query(`UPDATE conversations.api_sends SET state = 'sent', ticket_id = $2, settled_at = now() WHERE id = $1`, [
      id,
      ticketId,
    ]);
  }

  async markFailed(manager: EntityManager, id: string, error: string): Promise<void> {
    await manager.query(`UPDATE conversations.api_sends SET state = 'failed', error = $2, settled_at = now() WHERE id = $1`, [id, error]);
  }

  /** The send of the company that reserved this message id (while it is queued, or when it failed). */
  async byMessageId(companyId: number, messageId: number): Promise<PartnerSendRow | null> {
    const rows: PartnerSendRow[] = await this.dataSource.query(
      `SELECT ${SEND_COLUMNS} FROM conversations.api_sends s WHERE s.message_ids @> ARRAY[$1::int] AND s.company_id = $2`,
      [messageId, companyId],
    );
    return rows[0] ?? null;
  }

  /**
   * Forgets settled sends past the Idempotency-Key window, at most `limit` at a time: a sent one's
   * messages answer its status from then on; a failed one is kept for `failedDays`.
   */
  async purgeSettled(limit: number, failedDays: number): Promise<number> {
    const rows = changedRows<{ id: string }>(
      await this.dataSource.query(
        `DELETE FROM conversations.api_sends WHERE id IN (
           SELECT id FROM conversations.api_sends
           WHERE (state = 'sent' AND accepted_at < now() - make_interval(hours => $2))
              OR (state = 'failed' AND accepted_at < now() - make_interval(days => $3))
           LIMIT $1)
         RETURNING id`,
        [limit, IDEMPOTENCY_WINDOW_HOURS, failedDays],
      ),
    );
    return rows.length;
  }
}
