import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chatbot integrations (issue 24): the companies' integrations (secrets encrypted, beside the form the
 * API shows), which integration each queue is bound to (from conversations' queue events), and the
 * session an integration keeps per ticket (typebot's sessionId, a webhook's state) until it expires.
 */
export class AiQueueIntegrations1764000000600 implements MigrationInterface {
  name = 'AiQueueIntegrations1764000000600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai.queue_integrations (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        type text NOT NULL CHECK (type IN ('dialogflow', 'n8n', 'webhook', 'flowise', 'dify', 'openaiassist', 'typebot')),
        name text NOT NULL,
        project_name text NOT NULL DEFAULT '',
        json_content text NOT NULL DEFAULT '',
        json_content_shown text NOT NULL DEFAULT '',
        language text NOT NULL DEFAULT 'pt-BR',
        url_n8n text NOT NULL DEFAULT '',
        url_flowise text NOT NULL DEFAULT '',
        url_dify text NOT NULL DEFAULT '',
        api_dify text NOT NULL DEFAULT '',
        api_dify_shown text NOT NULL DEFAULT '',
        openai_id text NOT NULL DEFAULT '',
        openai_key text NOT NULL DEFAULT '',
        openai_key_shown text NOT NULL DEFAULT '',
        transcribes boolean NOT NULL DEFAULT false,
        typebot_slug text NOT NULL DEFAULT '',
        typebot_expires int NOT NULL DEFAULT 1,
        typebot_delay_message int NOT NULL DEFAULT 1000,
        typebot_keyword_finish text NOT NULL DEFAULT '',
        typebot_keyword_restart text NOT NULL DEFAULT '',
        typebot_unknown_message text NOT NULL DEFAULT '',
        typebot_restart_message text NOT NULL DEFAULT '',
        signing_secret text NOT NULL DEFAULT '',
        signing_secret_shown text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX queue_integrations_company_idx ON ai.queue_integrations (company_id, lower(name), id)`);
    await runner.query(`ALTER TABLE ai.queues ADD COLUMN integration_id int`);
    // The ticket's contact, as an integration is told who writes.
    await runner.query(
      `ALTER TABLE ai.conversations ADD COLUMN contact_id int, ADD COLUMN contact_name text, ADD COLUMN contact_number text`,
    );
    await runner.query(`
      CREATE TABLE ai.integration_sessions (
        ticket_id int PRIMARY KEY REFERENCES ai.conversations (ticket_id) ON DELETE CASCADE,
        company_id int NOT NULL,
        integration_id int NOT NULL,
        session jsonb,
        expires_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.integration_sessions`);
    await runner.query(
      `ALTER TABLE ai.conversations DROP COLUMN IF EXISTS contact_id, DROP COLUMN IF EXISTS contact_name, DROP COLUMN IF EXISTS contact_number`,
    );
    await runner.query(`ALTER TABLE ai.queues DROP COLUMN IF EXISTS integration_id`);
    await runner.query(`DROP TABLE IF EXISTS ai.queue_integrations`);
  }
}
