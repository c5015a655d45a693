import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conversations' copy of each plan gained use_schedules (the partner API's schedules and agenda ask
 * it) and fills it from identity's plan events: without a new announcement, plans saved before would
 * read as without schedules until someone saved them again. This leaves the same pending announcement
 * as the billing backfill, which identity takes once on its next start and answers by announcing every
 * plan and company again.
 */
export class PlansAnnouncedForPartnerSchedules1763900000043 implements MigrationInterface {
  name = 'PlansAnnouncedForPartnerSchedules1763900000043';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`INSERT INTO identity.pending_announcements (name) VALUES ('companies-and-plans') ON CONFLICT (name) DO NOTHING`);
  }

  async down(): Promise<void> {
    // Nothing to undo: an announcement already taken cannot be taken back, and a pending one is harmless.
  }
}
