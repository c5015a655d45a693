import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { type Company, type CompanyRow, toCompany } from './company.repository';
import type { PlanRow } from './plan.repository';

export type UserProfile = 'admin' | 'supervisor' | 'user';
export type AllTicket = 'enabled' | 'desabled';

export interface UserRow {
  id: number;
  company_id: number;
  name: string;
  email: string;
  password_hash: string;
  profile: UserProfile;
  super: boolean;
  all_ticket: AllTicket;
  whatsapp_id: number | null;
  queue_ids: number[];
  online: boolean;
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface User {
  id: number;
  companyId: number;
  /** Only when read with it. */
  company?: Company;
  name: string;
  /** Kept lower-cased; unique across the platform because login is by e-mail alone. */
  email: string;
  passwordHash: string;
  profile: UserProfile;
  super: boolean;
  /** The spec's spelling: 'enabled' or 'desabled'. */
  allTicket: AllTicket;
  whatsappId: number | null;
  /** Queue ids; the queues themselves belong to the conversations service. */
  queueIds: number[];
  /** As the browser last reported it; see `isOnline` for what counts. */
  online: boolean;
  lastSeenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a user is written with (its id and instants are the table's; last seen, when not given, never). */
export type UserFields = Omit<User, 'id' | 'company' | 'lastSeenAt' | 'createdAt' | 'updatedAt'> & { lastSeenAt?: Date | null };

/** A user row, with its company and the company's plan when read with them (to_jsonb columns). */
export const toUser = (row: UserRow & { company?: CompanyRow | null; plan?: PlanRow | null }): User => ({
  id: row.id,
  companyId: row.company_id,
  ...(row.company ? { company: toCompany({ ...row.company, ...(row.plan ? { plan: row.plan } : {}) }) } : {}),
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
  profile: row.profile,
  super: row.super,
  allTicket: row.all_ticket,
  whatsappId: row.whatsapp_id,
  queueIds: row.queue_ids,
  online: row.online,
  lastSeenAt: row.last_seen_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * identity.users. Methods that take a `manager` first join the caller's transaction; reads that may
 * run either way take it last, optionally.
 */
@Injectable()
export class UserRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of a company's users whose lower-cased name or e-mail matches `search` (a LIKE pattern), by name; with the count of all that match. */
  async page(companyId: number, search: string, pageNumber: number, pageSize: number): Promise<[User[], number]> {
    const matching = `FROM identity.users WHERE company_id = $1 AND (lower(name) LIKE $2 OR email LIKE $2)`;
    const rows: UserRow[] = await this.dataSource.query(`SELECT * ${matching} ORDER BY name, id LIMIT $3 OFFSET $4`, [
      companyId,
      search,
      pageSize,
      (pageNumber - 1) * pageSize,
    ]);
    const [{ count }]: { count: number }[] = await this.dataSource.query(`SELECT count(*)::int AS count ${matching}`, [companyId, search]);
    return [rows.map(toUser), count];
  }

  /** Every user of a company, by name. */
  async ofCompany(companyId: number): Promise<User[]> {
    const rows: UserRow[] = await this.dataSource.query(`SELECT * FROM identity.users WHERE company_id = $1 ORDER BY name, id`, [
      companyId,
    ]);
    return rows.map(toUser);
  }

  /** The ids of a company's users. */
  async idsOfCompany(manager: EntityManager, companyId: number): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM identity.users WHERE company_id = $1`, [companyId]);
    return rows.map((row) => row.id);
  }

  async countOfCompany(manager: EntityManager, companyId: number): Promise<number> {
    const [{ count }]: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM identity.users WHERE company_id = $1`,
      [companyId],
    );
    return count;
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    const rows: UserRow[] = await manager.query(`SELECT * FROM identity.users WHERE id = $1`, [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** The user, its row locked for the caller's transaction. */
  async findLocked(manager: EntityManager, id: number): Promise<User | null> {
    const rows: UserRow[] = await manager.query(`SELECT * FROM identity.users WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** The user if it belongs to the company, its row locked for the caller's transaction. */
  async findLockedInCompany(manager: EntityManager, id: number, companyId: number): Promise<User | null> {
    const rows: UserRow[] = await manager.query(`SELECT * FROM identity.users WHERE id = $1 AND company_id = $2 FOR UPDATE`, [
      id,
      companyId,
    ]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  /** Only the user's id and company. */
  async findIdAndCompany(manager: EntityManager, id: number): Promise<Pick<User, 'id' | 'companyId'> | null> {
    const rows: Pick<UserRow, 'id' | 'company_id'>[] = await manager.query(`SELECT id, company_id FROM identity.users WHERE id = $1`, [id]);
    return rows[0] ? { id: rows[0].id, companyId: rows[0].company_id } : null;
  }

  /** The user with its company and the company's plan (login, refresh, /auth/me); each criterion given must hold. */
  async findWithCompanyAndPlan(where: { id?: number; email?: string; companyId?: number }): Promise<User | null> {
    const rows: (UserRow & { company: CompanyRow | null; plan: PlanRow | null })[] = await this.dataSource.query(
      `SELECT u.*, to_jsonb(c) AS company, to_jsonb(p) AS plan
         FROM identity.users u
         LEFT JOIN identity.companies c ON c.id = u.company_id
         LEFT JOIN identity.plans p ON p.id = c.plan_id
        WHERE ($1::int IS NULL OR u.id = $1) AND ($2::text IS NULL OR u.email = $2) AND ($3::int IS NULL OR u.company_id = $3)
        LIMIT 1`,
      [where.id ?? null, where.email ?? null, where.companyId ?? null],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  async findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    const rows: UserRow[] = await manager.query(`SELECT * FROM identity.users WHERE email = $1 LIMIT 1`, [email]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async emailTaken(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM identity.users WHERE email = $1 LIMIT 1`, [email]);
    return rows.length > 0;
  }

  /**
   * Serialises a company's admin changes (deletions, demotions) before any user row is locked: two
   * admins removing each other at once would otherwise each hold one row and wait for the other's.
   */
  async lockAdminChanges(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['identity.company-admins', companyId]);
  }

  /** The company's admins other than `exceptId`, locked, so two demotions cannot both pass. */
  async otherAdminsLocked(manager: EntityManager, companyId: number, exceptId: number): Promise<User[]> {
    const rows: UserRow[] = await manager.query(
      `SELECT * FROM identity.users WHERE company_id = $1 AND profile = 'admin' AND id <> $2 FOR UPDATE`,
      [companyId, exceptId],
    );
    return rows.map(toUser);
  }

  /** A company's users that have this queue, locked, by id. */
  async withQueueLocked(manager: EntityManager, companyId: number, queueId: number): Promise<User[]> {
    const rows: UserRow[] = await manager.query(
      `SELECT * FROM identity.users WHERE company_id = $1 AND $2 = ANY(queue_ids) ORDER BY id FOR UPDATE`,
      [companyId, queueId],
    );
    return rows.map(toUser);
  }

  /** A company's users whose default connection is this one, locked, by id. */
  async withConnectionLocked(manager: EntityManager, companyId: number, connectionId: number): Promise<User[]> {
    const rows: UserRow[] = await manager.query(
      `SELECT * FROM identity.users WHERE company_id = $1 AND whatsapp_id = $2 ORDER BY id FOR UPDATE`,
      [companyId, connectionId],
    );
    return rows.map(toUser);
  }

  async insert(manager: EntityManager, user: UserFields): Promise<User> {
    const rows: UserRow[] = await manager.query(
      `INSERT INTO identity.users (company_id, name, email, password_hash, profile, super, all_ticket, whatsapp_id, queue_ids, online, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::int[], $10, $11)
       RETURNING *`,
      [
        user.companyId,
        user.name,
        user.email,
        user.passwordHash,
        user.profile,
        user.super,
        user.allTicket,
        user.whatsappId,
        user.queueIds,
        user.online,
        user.lastSeenAt ?? null,
      ],
    );
    return toUser(rows[0]);
  }

  /**
   * Writes the fields a user is edited by (presence has `setPresence`, the company never changes);
   * updated_at moves only when one of them changed.
   */
  async save(manager: EntityManager, user: User): Promise<User> {
    const result: unknown = await manager.query(
      `UPDATE identity.users
          SET name = $2, email = $3, password_hash = $4, profile = $5, super = $6, all_ticket = $7, whatsapp_id = $8, queue_ids = $9::int[],
              updated_at = CASE
                WHEN (name, email, password_hash, profile, super, all_ticket, whatsapp_id, queue_ids)
                     IS DISTINCT FROM ($2, $3, $4, $5, $6, $7, $8::int, $9::int[])
                THEN now() ELSE updated_at END
        WHERE id = $1
        RETURNING *`,
      [user.id, user.name, user.email, user.passwordHash, user.profile, user.super, user.allTicket, user.whatsappId, user.queueIds],
    );
    return toUser(changedRows<UserRow>(result)[0]);
  }

  async setPasswordHash(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.query(`UPDATE identity.users SET password_hash = $2, updated_at = now() WHERE id = $1`, [id, passwordHash]);
  }

  async setPresence(manager: EntityManager, id: number, online: boolean, lastSeenAt: Date): Promise<void> {
    await manager.query(`UPDATE identity.users SET online = $2, last_seen_at = $3, updated_at = now() WHERE id = $1`, [
      id,
      online,
      lastSeenAt,
    ]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM identity.users WHERE id = $1`, [id]);
  }
}
