import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ai service's schema (issue 23): the companies' queues as conversations announces them (a
 * projection: a prompt names one of its company's queues and shows its name), and the prompts. The
 * providers' keys are stored encrypted (`*_key`) beside the form the API shows (`*_key_shown`: the
 * mask and the last 4 characters).
 */
export class AiInitial1764000000000 implements MigrationInterface {
  name = 'AiInitial1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ai.queues (
        id int PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL
      )`);
    await runner.query(`CREATE INDEX queues_company_idx ON ai.queues (company_id, id)`);

    await runner.query(`
      CREATE TABLE ai.prompts (
        id serial PRIMARY KEY,
        company_id int NOT NULL,
        name text NOT NULL,
        api_key text NOT NULL,
        api_key_shown text NOT NULL,
        prompt text NOT NULL,
        voice text NOT NULL DEFAULT 'texto',
        voice_key text NOT NULL DEFAULT '',
        voice_key_shown text NOT NULL DEFAULT '',
        voice_region text NOT NULL DEFAULT '',
        temperature double precision NOT NULL DEFAULT 1,
        max_tokens int NOT NULL DEFAULT 100,
        max_messages int NOT NULL DEFAULT 10,
        queue_id int REFERENCES ai.queues (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX prompts_company_idx ON ai.prompts (company_id, lower(name), id)`);
    await runner.query(`CREATE INDEX prompts_queue_idx ON ai.prompts (queue_id) WHERE queue_id IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.prompts`);
    await runner.query(`DROP TABLE IF EXISTS ai.queues`);
  }
}
