import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Templates of the WhatsApp Cloud API in campaigns and schedules (issue 27): each
 * connection's provider as whatsapp announces it ('' while not known: a connection only heard of by
 * its session state), and the template (name, language, variables) a campaign or a scheduled message
 * sends through a Cloud API connection.
 */
export class CloudTemplates1732500002700 implements MigrationInterface {
  name = 'CloudTemplates1732500002700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE outbound.connections ADD COLUMN provider text NOT NULL DEFAULT ''`);
    await runner.query(`ALTER TABLE outbound.campaigns ADD COLUMN template jsonb`);
    await runner.query(`ALTER TABLE outbound.schedules ADD COLUMN template jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE outbound.schedules DROP COLUMN IF EXISTS template`);
    await runner.query(`ALTER TABLE outbound.campaigns DROP COLUMN IF EXISTS template`);
    await runner.query(`ALTER TABLE outbound.connections DROP COLUMN IF EXISTS provider`);
  }
}
