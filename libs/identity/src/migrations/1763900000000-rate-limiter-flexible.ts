import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Login, sign-up, verification and reset attempts are counted by rate-limiter-flexible
 * (docs/decisions/0024-login-throttling.md): its table, in its column order (key, points, expire in
 * epoch ms), replaces the hand-written counters of identity.rate_limits.
 */
export class RateLimiterFlexible1763900000000 implements MigrationInterface {
  name = 'RateLimiterFlexible1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS identity.rate_limits`);
    await runner.query(`
      CREATE TABLE identity.rate_limiter (
        key text PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await runner.query(`CREATE INDEX rate_limiter_expire_idx ON identity.rate_limiter (expire)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS identity.rate_limiter`);
    await runner.query(`
      CREATE TABLE identity.rate_limits (
        key text PRIMARY KEY,
        points int NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX rate_limits_expires_idx ON identity.rate_limits (expires_at)`);
  }
}
