import { prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { packedSeconds, packedSecondsAgg, statDay, statsUpsert, wholeSeconds } from './ticket-stats-sql';

const INTO = 'INSERT INTO conversations.ticket_stats_daily AS s';

/**
 * What the dashboard counts, written in the transaction of the change it counts (decision 0031): the
 * ticket's timestamps and its business day's rollup row (per queue and user, 0 for none). Rows are
 * upserted in key order, so two transactions touching the same rows lock them in the same order.
 */
@Injectable()
export class TicketStatsRepository {
  /**
   * New tickets: counted on their day in their queue, and ready for a human at once unless the queue
   * bot will ask for a queue first (no queue yet on a connection with several). A hand-over earlier in
   * the same transaction (the delivery counts its new tickets last) is kept.
   */
  async opened(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      prepared(`WITH opened AS (
         UPDATE conversations.tickets t
            SET human_ready_at = COALESCE(t.human_ready_at, CASE WHEN t.queue_id IS NULL AND EXISTS (SELECT 1 FROM conversations.connections w
                  WHERE w.id = t.whatsapp_id AND w.company_id = t.company_id AND cardinality(w.queue_ids) >= 2) THEN NULL ELSE t.created_at END)
          WHERE t.id = ANY($1::int[])
          RETURNING t.company_id, t.created_at, t.queue_id, t.user_id
       )
       ${INTO} (company_id, day, queue_id, user_id, created)
       SELECT company_id, ${statDay('created_at', 'opened.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0), count(*)
         FROM opened GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
       ${statsUpsert('created')}`),
      [ids],
    );
  }

  /** A human replied on the ticket: its first reply is timed from when a human could take it (now, if the bot still had it). */
  async replied(manager: EntityManager, ticketId: number, userId: number): Promise<void> {
    await manager.query(
      prepared(`WITH first AS (
         UPDATE conversations.tickets SET first_response_at = now(), human_ready_at = COALESCE(human_ready_at, now())
          WHERE id = $1 AND first_response_at IS NULL
          RETURNING company_id, queue_id, human_ready_at, first_response_at
       )
       ${INTO} (company_id, day, queue_id, user_id, responses, response_secs)
       SELECT company_id, ${statDay('first_response_at', 'first.company_id')}, COALESCE(queue_id, 0), $2, 1,
              ${packedSeconds('human_ready_at', 'first_response_at')}
         FROM first
       ${statsUpsert('responses', 'response_secs')}`),
      [ticketId, userId],
    );
  }

  /** Tickets closed (resolved by a user, closed by an admin, expired): counted for their holder and queue, timed from creation. */
  async resolved(manager: EntityManager, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      prepared(`WITH closed AS (
         UPDATE conversations.tickets SET resolved_at = now() WHERE id = ANY($1::int[])
          RETURNING company_id, queue_id, user_id, ${wholeSeconds('created_at', 'now()')} AS secs
       )
       ${INTO} (company_id, day, queue_id, user_id, resolved, resolution_secs)
       SELECT company_id, ${statDay('now()', 'closed.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0), count(*),
              ${packedSecondsAgg('secs')}
         FROM closed GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
       ${statsUpsert('resolved', 'resolution_secs')}`),
      [ids],
    );
  }

  /** A closed ticket is live again: counted, so the backlog of a past day is today's minus what came and went since. */
  async reopened(manager: EntityManager, ticketId: number): Promise<void> {
    await manager.query(
      prepared(`${INTO} (company_id, day, queue_id, user_id, reopened)
       SELECT company_id, ${statDay('now()', 'tickets.company_id')}, COALESCE(queue_id, 0), COALESCE(user_id, 0), 1 FROM conversations.tickets WHERE id = $1
       ${statsUpsert('reopened')}`),
      [ticketId],
    );
  }

  /** The customer's rating of a ticket; the first one counts: for the user it names and the ticket's queue. */
  async rate(manager: EntityManager, companyId: number, ticketId: number, userId: number | null, rate: number): Promise<void> {
    await manager.query(
      prepared(`WITH rated AS (
         INSERT INTO conversations.ticket_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)
         ON CONFLICT (ticket_id) DO NOTHING RETURNING company_id, ticket_id, user_id, rate, created_at
       )
       ${INTO} (company_id, day, queue_id, user_id, ratings, rating_hist)
       SELECT r.company_id, ${statDay('r.created_at', 'r.company_id')}, COALESCE(t.queue_id, 0), COALESCE(r.user_id, 0), 1,
              conversations.hist_at(r.rate, 1, 5)
         FROM rated r JOIN conversations.tickets t ON t.id = r.ticket_id
       ${statsUpsert('ratings', 'rating_hist')}`),
      [companyId, ticketId, userId, rate],
    );
  }
}
