import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInitial1732180000000 implements MigrationInterface {
  name = 'IdentityInitial1732180000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.plans (
        id serial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        users int NOT NULL,
        connections int NOT NULL,
        queues int NOT NULL,
        value numeric(12,2) NOT NULL DEFAULT 0,
        use_campaigns boolean NOT NULL DEFAULT false,
        use_schedules boolean NOT NULL DEFAULT false,
        use_internal_chat boolean NOT NULL DEFAULT false,
        use_external_api boolean NOT NULL DEFAULT false,
        use_kanban boolean NOT NULL DEFAULT false,
        use_open_ai boolean NOT NULL DEFAULT false,
        use_integrations boolean NOT NULL DEFAULT false,
        use_internal boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity.companies (
        id serial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        email text,
        phone text,
        plan_id int NOT NULL REFERENCES identity.plans(id),
        status boolean NOT NULL DEFAULT true,
        approved boolean NOT NULL DEFAULT false,
        due_date date,
        recurrence text NOT NULL DEFAULT 'MENSAL',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity.users (
        id serial PRIMARY KEY,
        company_id int NOT NULL REFERENCES identity.companies(id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL CHECK (email = lower(email)),
        password_hash text NOT NULL,
        profile text NOT NULL CHECK (profile IN ('admin', 'user')),
        super boolean NOT NULL DEFAULT false,
        all_ticket text NOT NULL DEFAULT 'desabled' CHECK (all_ticket IN ('enabled', 'desabled')),
        whatsapp_id int,
        queue_ids int[] NOT NULL DEFAULT '{}',
        online boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX users_email_key ON identity.users (email)`);
    await runner.query(`CREATE INDEX users_company_idx ON identity.users (company_id, name)`);
    await runner.query(`
      CREATE TABLE identity.refresh_tokens (
        id uuid PRIMARY KEY,
        family_id uuid NOT NULL,
        user_id int NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX refresh_tokens_family_idx ON identity.refresh_tokens (family_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE identity.refresh_tokens');
    await runner.query('DROP TABLE identity.users');
    await runner.query('DROP TABLE identity.companies');
    await runner.query('DROP TABLE identity.plans');
  }
}
