import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 3: supervisors, presence, settings, sign-up and reset codes, mails, rate limits, helps, announcements. */
export class IdentityAdministration1763712000000 implements MigrationInterface {
  name = 'IdentityAdministration1763712000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.users DROP CONSTRAINT IF EXISTS users_profile_check`);
    await runner.query(`ALTER TABLE identity.users ADD CONSTRAINT users_profile_check CHECK (profile IN ('admin', 'supervisor', 'user'))`);
    await runner.query(`ALTER TABLE identity.users ADD COLUMN last_seen_at timestamptz`);
    await runner.query(`ALTER TABLE identity.companies ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]'`);
    await runner.query(`
      CREATE TABLE identity.company_settings (
        company_id int NOT NULL REFERENCES identity.companies(id) ON DELETE CASCADE,
        key text NOT NULL,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, key)
      )`);
    await runner.query(`
      CREATE TABLE identity.global_settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity.email_codes (
        id serial PRIMARY KEY,
        purpose text NOT NULL CHECK (purpose IN ('signup', 'reset')),
        email text NOT NULL CHECK (email = lower(email)),
        code_hash text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        verified_at timestamptz,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX email_codes_lookup_idx ON identity.email_codes (purpose, email, created_at DESC)`);
    await runner.query(`
      CREATE TABLE identity.mails (
        id serial PRIMARY KEY,
        "to" text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity.rate_limits (
        key text PRIMARY KEY,
        points int NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX rate_limits_expires_idx ON identity.rate_limits (expires_at)`);
    await runner.query(`
      CREATE TABLE identity.helps (
        id serial PRIMARY KEY,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        video text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity.announcements (
        id serial PRIMARY KEY,
        title text NOT NULL,
        text text NOT NULL,
        priority int NOT NULL DEFAULT 3 CHECK (priority BETWEEN 1 AND 3),
        status boolean NOT NULL DEFAULT true,
        media_key text,
        media_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['announcements', 'helps', 'rate_limits', 'mails', 'email_codes', 'global_settings', 'company_settings']) {
      await runner.query(`DROP TABLE identity.${table}`);
    }
    await runner.query(`ALTER TABLE identity.companies DROP COLUMN schedules`);
    await runner.query(`ALTER TABLE identity.users DROP COLUMN last_seen_at`);
    await runner.query(`ALTER TABLE identity.users DROP CONSTRAINT users_profile_check`);
    await runner.query(`ALTER TABLE identity.users ADD CONSTRAINT users_profile_check CHECK (profile IN ('admin', 'user'))`);
  }
}
