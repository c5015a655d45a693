import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing learns of companies and plans from identity's events, so the companies made before billing
 * existed would never be invoiced: this leaves a pending announcement that identity, on its next start,
 * takes once (one replica, in the transaction that writes the events) and answers by announcing every
 * plan and company again (identity.plan.updated, identity.company.updated). Billing's copy fills, and its
 * schedule issues each company's first invoice once the due date is 10 days away or past.
 */
export class BillingBackfill1763900000041 implements MigrationInterface {
  name = 'BillingBackfill1763900000041';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE identity.pending_announcements (name text PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await runner.query(`INSERT INTO identity.pending_announcements (name) VALUES ('companies-and-plans')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS identity.pending_announcements`);
  }
}
