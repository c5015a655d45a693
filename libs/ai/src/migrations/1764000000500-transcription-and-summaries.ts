import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transcription and group summaries (issue 23): each connection's transcription settings and its own
 * number (from whatsapp's events; the key encrypted as the service's other keys), the company's time
 * zone (identity's `timezone` setting), the companies' group contacts (from conversations' contact
 * events) with their transcription toggle and summary settings (the key encrypted beside its shown
 * form), the groups' messages of the last days (from message events, what a summary reads) and the
 * summaries posted, one per group and day.
 */
export class AiTranscriptionAndSummaries1764000000500 implements MigrationInterface {
  name = 'AiTranscriptionAndSummaries1764000000500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE ai.connections
        ADD COLUMN number text NOT NULL DEFAULT '',
        ADD COLUMN transcribe boolean NOT NULL DEFAULT false,
        ADD COLUMN transcribeme boolean NOT NULL DEFAULT false,
        ADD COLUMN sendme boolean NOT NULL DEFAULT false,
        ADD COLUMN transcribe_provider text NOT NULL DEFAULT 'openai',
        ADD COLUMN transcribe_key text NOT NULL DEFAULT ''`);
    await runner.query(`
      CREATE TABLE ai.company_settings (
        company_id int PRIMARY KEY,
        time_zone text NOT NULL DEFAULT 'America/Sao_Paulo'
      )`);
    await runner.query(`
      CREATE TABLE ai.group_contacts (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        uuid text NOT NULL,
        name text NOT NULL,
        number text NOT NULL,
        profile_pic_url text NOT NULL DEFAULT '',
        activetranscribe boolean NOT NULL DEFAULT false,
        resumegroup boolean NOT NULL DEFAULT false,
        timeresume text NOT NULL DEFAULT '00:00:00',
        resumeprovider text NOT NULL DEFAULT 'openai',
        resumemodel text NOT NULL DEFAULT '',
        resumekey text NOT NULL DEFAULT '',
        resumekey_shown text NOT NULL DEFAULT '',
        resumemaxtokens int NOT NULL DEFAULT 2000,
        resumetemperature double precision NOT NULL DEFAULT 0.7,
        resumeprompt text NOT NULL DEFAULT '',
        ticket_id int,
        last_summary_at timestamptz,
        -- Summaries are due from this instant on (the time or the switch last changed): a restart catches up none before it.
        summary_from timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX group_contacts_company_idx ON ai.group_contacts (company_id, lower(name), id)`);
    await runner.query(`
      CREATE TABLE ai.group_messages (
        message_id bigint PRIMARY KEY,
        contact_id int NOT NULL REFERENCES ai.group_contacts (id) ON DELETE CASCADE,
        company_id int NOT NULL,
        sender text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX group_messages_contact_idx ON ai.group_messages (contact_id, created_at)`);
    await runner.query(`
      CREATE TABLE ai.group_summaries (
        contact_id int NOT NULL REFERENCES ai.group_contacts (id) ON DELETE CASCADE,
        day date NOT NULL,
        company_id int NOT NULL,
        posted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (contact_id, day)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.group_summaries`);
    await runner.query(`DROP TABLE IF EXISTS ai.group_messages`);
    await runner.query(`DROP TABLE IF EXISTS ai.group_contacts`);
    await runner.query(`DROP TABLE IF EXISTS ai.company_settings`);
    await runner.query(`
      ALTER TABLE ai.connections
        DROP COLUMN IF EXISTS number, DROP COLUMN IF EXISTS transcribe, DROP COLUMN IF EXISTS transcribeme,
        DROP COLUMN IF EXISTS sendme, DROP COLUMN IF EXISTS transcribe_provider, DROP COLUMN IF EXISTS transcribe_key`);
  }
}
