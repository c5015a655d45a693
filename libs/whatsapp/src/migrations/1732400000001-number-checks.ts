import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NumberChecks1732400000001 implements MigrationInterface {
  name = 'NumberChecks1732400000001';

  async up(runner: QueryRunner): Promise<void> {
    // Where the lease owner answers HTTP inside the cluster: a number check asked of another replica
    // is forwarded there. Null for leases taken before this column existed.
    await runner.query(`ALTER TABLE whatsapp.session_leases ADD COLUMN advertised_url text`);
    // The simulator's "not on WhatsApp" numbers, per connection (set through its control API).
    await runner.query(`
      CREATE TABLE whatsapp.simulator_unregistered (
        connection_id int NOT NULL,
        number text NOT NULL,
        PRIMARY KEY (connection_id, number)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS whatsapp.simulator_unregistered`);
    await runner.query(`ALTER TABLE whatsapp.session_leases DROP COLUMN IF EXISTS advertised_url`);
  }
}
