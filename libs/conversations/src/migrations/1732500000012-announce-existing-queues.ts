import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An instant as JSON carried it (Date.prototype.toISOString: UTC, milliseconds, 'Z'). */
const iso = (instant: string) => `to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The outbox rows as OutboxWriter wrote them when this migration was written, frozen here: the
 * envelope `{ id, type, version, companyId, key, occurredAt, payload }`, one row per event of
 * `events` (a query yielding `company_id`, `key` and `payload`, in the order given by `ord`), and the
 * relay's wake-up on commit.
 */
const outboxInsert = (schema: string, topic: string, type: string, events: string) => `
  WITH events AS (SELECT gen_random_uuid() AS event_id, e.* FROM (${events}) e),
  added AS (
    INSERT INTO ${schema}.outbox (event_id, topic, key, type, envelope)
    SELECT event_id, '${topic}', key, '${type}',
           json_build_object('id', event_id, 'type', '${type}', 'version', 1, 'companyId', company_id, 'key', key,
                             'occurredAt', ${iso('statement_timestamp()')}, 'payload', payload)
      FROM events ORDER BY ord
    RETURNING 1
  ) SELECT pg_notify('outbox_${schema}', '') FROM (SELECT 1 FROM added LIMIT 1) AS one`;

/**
 * conversations.queue.saved's payload `{ queue, created: false }`, the queue as the API showed it then
 * (each schedule entry with its four fields, in that order).
 */
const QUEUE_ANNOUNCEMENTS = `
  SELECT q.id AS ord, q.company_id, 'queue-' || q.id AS key,
         json_build_object('queue', json_build_object(
           'id', q.id, 'name', q.name, 'color', q.color, 'greetingMessage', q.greeting_message,
           'complationMessage', q.complation_message, 'outOfHoursMessage', q.out_of_hours_message,
           'ratingMessage', q.rating_message, 'orderQueue', q.order_queue, 'integrationId', q.integration_id,
           'agentId', q.agent_id, 'promptId', q.prompt_id, 'mediaPath', q.media_path, 'mediaName', q.media_name,
           'schedules', COALESCE((SELECT json_agg(json_build_object('weekday', s.entry->'weekday', 'weekdayEn', s.entry->'weekdayEn',
                                                                    'startTime', s.entry->'startTime', 'endTime', s.entry->'endTime') ORDER BY s.n)
                                    FROM jsonb_array_elements(q.schedules) WITH ORDINALITY AS s(entry, n)), '[]'::json),
           'companyId', q.company_id, 'createdAt', ${iso('q.created_at')}, 'updatedAt', ${iso('q.updated_at')}
         ), 'created', false) AS payload
    FROM conversations.queues q ORDER BY q.id FOR SHARE`;

/**
 * identity and whatsapp check queue ids against a projection fed by conversations.queue.saved/deleted
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md). Queues created before that need
 * announcing once: one queue.saved (created: false) per existing queue, through the outbox like any
 * other event. The migrations table makes it run once per database; queues created later announce
 * themselves.
 */
export class AnnounceExistingQueues1732500000012 implements MigrationInterface {
  name = 'AnnounceExistingQueues1732500000012';

  async up(runner: QueryRunner): Promise<void> {
    // FOR SHARE: a deletion in flight on another replica commits (and is then skipped here) or waits
    // for this commit, so its queue.deleted follows the queue.saved written here.
    await runner.query(outboxInsert('conversations', 'conversations.events', 'conversations.queue.saved', QUEUE_ANNOUNCEMENTS));
  }

  async down(): Promise<void> {
    // The announcements were published; nothing to undo.
  }
}
