import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queue ids each company has in conversations, fed by conversations.queue.saved/deleted: a
 * connection may only offer or transfer to queues listed here
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md).
 */
export class CompanyQueues1732400000002 implements MigrationInterface {
  name = 'CompanyQueues1732400000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE whatsapp.company_queues (
        company_id int NOT NULL,
        queue_id int NOT NULL,
        PRIMARY KEY (company_id, queue_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS whatsapp.company_queues`);
  }
}
