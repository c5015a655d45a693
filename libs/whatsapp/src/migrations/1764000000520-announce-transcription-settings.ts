import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An instant as JSON carried it (Date.prototype.toISOString: UTC, milliseconds, 'Z'). */
const iso = (instant: string) => `to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The outbox rows as OutboxWriter writes them when this migration was written, frozen here (as in
 * 1732400000003): one envelope per row of `events` (`company_id`, `key`, `payload`, ordered by `ord`).
 */
const outboxInsert = (events: string) => `
  WITH events AS (SELECT gen_random_uuid() AS event_id, e.* FROM (${events}) e),
  added AS (
    INSERT INTO whatsapp.outbox (event_id, topic, key, type, envelope)
    SELECT event_id, 'whatsapp.events', key, 'whatsapp.transcription.updated',
           json_build_object('id', event_id, 'type', 'whatsapp.transcription.updated', 'version', 1, 'companyId', company_id,
                             'key', key, 'occurredAt', ${iso('statement_timestamp()')}, 'payload', payload)
      FROM events ORDER BY ord
    RETURNING 1
  ) SELECT pg_notify('outbox_whatsapp', '') FROM (SELECT 1 FROM added LIMIT 1) AS one`;

/** whatsapp.transcription.updated's payload for each connection that transcribes (or has a key); the key itself is asked for (decision 0052). */
const TRANSCRIPTION_SETTINGS = `
  SELECT c.id AS ord, c.company_id, c.id::text AS key,
         json_build_object('connectionId', c.id, 'companyId', c.company_id, 'transcribe', c.transcribe,
           'transcribeme', c.transcribeme, 'sendme', c.sendme, 'transcribeprovider', c.transcribeprovider,
           'hasKey', c.transcribekey <> '') AS payload
    FROM whatsapp.connections c
   WHERE c.transcribekey <> '' OR c.transcribe OR c.transcribeme
   ORDER BY c.id FOR SHARE`;

/**
 * The ai service transcribes audio by each connection's settings, which reach it in
 * whatsapp.transcription.updated (issue 23). Connections configured before that event existed are
 * announced once, so their audio is transcribed without an edit.
 */
export class AnnounceTranscriptionSettings1764000000520 implements MigrationInterface {
  name = 'AnnounceTranscriptionSettings1764000000520';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(outboxInsert(TRANSCRIPTION_SETTINGS));
  }

  async down(): Promise<void> {
    // The announcements were published; nothing to undo.
  }
}
