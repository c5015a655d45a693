import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schedules read their hours in the company's time zone (the identity setting `timezone`, kept in
 * outbound.company_settings by the identity consumer; decision 0037): the schedule settings' own
 * zone goes. Down brings the column back with the zone that was the only one before.
 */
export class CompanyTimeZone1732500001800 implements MigrationInterface {
  name = 'CompanyTimeZone1732500001800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE outbound.schedule_settings DROP COLUMN IF EXISTS time_zone`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE outbound.schedule_settings ADD COLUMN IF NOT EXISTS time_zone text NOT NULL DEFAULT 'America/Sao_Paulo'`,
    );
  }
}
