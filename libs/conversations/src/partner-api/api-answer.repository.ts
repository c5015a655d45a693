import { IDEMPOTENCY_WINDOW_HOURS } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** What a token's Idempotency-Key holds for an operation: a request still running (or whose outcome is unknown), or its answer. */
export type HeldAnswer = { state: 'pending' } | { state: 'done'; status: number; response: unknown };

/**
 * conversations.api_answers: the first answer of each Idempotency-Key of the partner API's routes
 * that book something in outbound (a scheduled message, an appointment). The key is claimed before the
 * call, so two requests with it never both book; a key past its 24-hour window is claimed afresh.
 */
@Injectable()
export class ApiAnswerRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  /** Claims the key for this request: null when claimed, else what the key holds (within its window). */
  async claim(tokenId: number, companyId: number, operation: string, key: string): Promise<HeldAnswer | null> {
    const claimed = changedRows<{ token_id: number }>(
      await this.dataSource.query(
        `INSERT INTO conversations.api_answers AS a (token_id, operation, idempotency_key, company_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (token_id, operation, idempotency_key) DO UPDATE
           SET state = 'pending', status = NULL, response = NULL, created_at = now()
           WHERE a.created_at < now() - make_interval(hours => $5)
         RETURNING a.token_id`,
        [tokenId, operation, key, companyId, IDEMPOTENCY_WINDOW_HOURS],
      ),
    );
    if (claimed.length > 0) return null;
    const rows: { state: 'pending' | 'done'; status: number | null; response: unknown }[] = await this.dataSource.query(
      `SELECT state, status, response FROM conversations.api_answers WHERE token_id = $1 AND operation = $2 AND idempotency_key = $3`,
      [tokenId, operation, key],
    );
    const row = rows[0];
    // Released meanwhile (the first request failed): the caller may claim again.
    if (!row) return this.claim(tokenId, companyId, operation, key);
    return row.state === 'done' ? { state: 'done', status: row.status ?? 200, response: row.response } : { state: 'pending' };
  }

  async answer(tokenId: number, operation: string, key: string, status: number, response: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE conversations.api_answers SET state = 'done', status = $4, response = $5
       WHERE token_id = $1 AND operation = $2 AND idempotency_key = $3`,
      [tokenId, operation, key, status, JSON.stringify(response)],
    );
  }

  /** Frees the key of a request that was refused (nothing was booked), so the same key may be used again. */
  async release(tokenId: number, operation: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM conversations.api_answers WHERE token_id = $1 AND operation = $2 AND idempotency_key = $3 AND state = 'pending'`,
      [tokenId, operation, key],
    );
  }

  /** Forgets answers past the window, at most `limit` at a time. */
  async purge(limit: number): Promise<number> {
    const rows = changedRows<{ token_id: number }>(
      await this.dataSource.query(
        `DELETE FROM conversations.api_answers WHERE ctid IN (
           SELECT ctid FROM conversations.api_answers WHERE created_at < now() - make_interval(hours => $2) LIMIT $1)
         RETURNING token_id`,
        [limit, IDEMPOTENCY_WINDOW_HOURS],
      ),
    );
    return rows.length;
  }
}
