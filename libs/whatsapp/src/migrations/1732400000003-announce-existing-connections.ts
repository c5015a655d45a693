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
 * whatsapp.connection.updated's payload `{ connection }`, the connection as a non-admin saw it then:
 * its session (QR code) included, its secrets (token, transcription key, proxy URL) as ''.
 */
const CONNECTION_ANNOUNCEMENTS = `
  SELECT c.id AS ord, c.company_id, c.id::text AS key,
         json_build_object('connection', json_build_object(
           'id', c.id, 'companyId', c.company_id, 'name', c.name, 'status', c.status, 'number', c.number,
           'isDefault', c.is_default, 'qrcode', c.qrcode, 'qrcodeImage', c.qrcode_image, 'retries', c.retries,
           'queues', COALESCE((SELECT json_agg(json_build_object('id', q.id) ORDER BY q.n) FROM unnest(c.queue_ids) WITH ORDINALITY AS q(id, n)), '[]'::json),
           'queueIds', to_json(c.queue_ids), 'transferQueueId', c.transfer_queue_id, 'promptId', c.prompt_id,
           'greetingMessage', c.greeting_message, 'complationMessage', c.complation_message,
           'outOfHoursMessage', c.out_of_hours_message, 'ratingMessage', c.rating_message, 'token', '',
           'provider', c.provider, 'expiresInactiveMessage', c.expires_inactive_message, 'expiresTicket', c.expires_ticket,
           'timeUseBotQueues', c.time_use_bot_queues, 'maxUseBotQueues', c.max_use_bot_queues,
           'activeTranscribe', c.active_transcribe, 'timeresume', c.timeresume, 'transcribe', c.transcribe,
           'transcribeme', c.transcribeme, 'transcribekey', '', 'transcribeprovider', c.transcribeprovider,
           'sendme', c.sendme, 'timeforagroup', c.timeforagroup, 'proxyUrl', '', 'timeToTransfer', c.time_to_transfer,
           'api1_medias', c.api1_medias, 'api2_medias', c.api2_medias, 'api3_medias', c.api3_medias,
           'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')}
         )) AS payload
    FROM whatsapp.connections c ORDER BY c.id FOR SHARE`;

/**
 * identity checks a user's default connection against a projection fed by whatsapp.connection.updated
 * and .deleted (as queue ids, docs/decisions/0019). Connections created before that need announcing
 * once: one connection.updated per existing connection, through the outbox like any other event, its
 * secrets left out as always. The migrations table makes it run once per database.
 */
export class AnnounceExistingConnections1732400000003 implements MigrationInterface {
  name = 'AnnounceExistingConnections1732400000003';

  async up(runner: QueryRunner): Promise<void> {
    // FOR SHARE: a deletion in flight commits (and is skipped here) or waits for this commit, so its
    // connection.deleted follows the connection.updated written here.
    await runner.query(outboxInsert('whatsapp', 'whatsapp.events', 'whatsapp.connection.updated', CONNECTION_ANNOUNCEMENTS));
  }

  async down(): Promise<void> {
    // The announcements were published; nothing to undo.
  }
}
