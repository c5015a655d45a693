import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queues whose deletion ai handled: a queue conversations created a moment ago is taken from its
 * answer (decision 0039), and one deleted here must never be taken back from an older answer.
 */
export class AiDeletedQueues1764000000100 implements MigrationInterface {
  name = 'AiDeletedQueues1764000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE ai.deleted_queues (id int PRIMARY KEY, company_id int NOT NULL)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS ai.deleted_queues`);
  }
}
