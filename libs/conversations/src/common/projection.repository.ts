import {
  COMPANY_TIME_ZONE_SETTING,
  type CompanySnapshot,
  type Connection,
  DEFAULT_COMPANY_TIME_ZONE,
  type UserSnapshot,
} from '@app/contracts';
import { prepared, type ReadThroughProjection, Tombstones } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { type VisibleTicket } from './ticket-visibility';
import { ticketAudienceSql } from './ticket-visibility.sql';

export interface ProjectedUser {
  id: number;
  companyId: number;
  name: string;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  queueIds: number[];
}

export interface ProjectedConnection {
  id: number;
  companyId: number;
  name: string;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  maxUseBotQueues: number;
}

const deletedUsers = new Tombstones('conversations.deleted_users');
const deletedConnections = new Tombstones('conversations.deleted_connections');

/**
 * What this service knows of users, connections, settings and plans: projections of others' events.
 * A user or connection created a moment ago, before its event came, is taken from its owner's answer
 * (`users` and `connections` below, decision 0039).
 * A method whose manager may be null reads outside any transaction (the statement on its own).
 */
@Injectable()
export class ProjectionRepository {
  /** Connections read inside one transaction, by its query runner: an inbound message asks several times. */
  private readonly connectionsInTransaction = new WeakMap<object, Map<string, ProjectedConnection | null>>();

  /** The users copy, as a read-through: a user identity answered, unless the copy has it or its deletion was handled here. */
  readonly users: ReadThroughProjection<'user'> = {
    kind: 'user',
    fill: (user) => this.fillOnce(deletedUsers, user.id, (manager) => this.upsertUser(manager, user, 'keep')),
  };

  /** The connections copy, as a read-through: likewise for a connection whatsapp answered. */
  readonly connections: ReadThroughProjection<'connection'> = {
    kind: 'connection',
    fill: (connection) => this.fillOnce(deletedConnections, connection.id, (manager) => this.upsertConnection(manager, connection, 'keep')),
  };

  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  private fillOnce(deleted: Tombstones, id: number, insert: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await deleted.lock(manager, id);
      if (await deleted.buried(manager, id)) return false;
      await insert(manager);
      return true;
    });
  }

  /** `keep`: a row the copy has already (from an event) is left as it is. */
  async upsertUser(manager: EntityManager, user: UserSnapshot, existing: 'replace' | 'keep' = 'replace'): Promise<void> {
    await manager.query(
      `INSERT INTO conversations.users (id, company_id, name, profile, super, all_ticket, queue_ids, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (id) DO ${
         existing === 'keep'
           ? 'NOTHING'
           : `UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name, profile = EXCLUDED.profile,
         super = EXCLUDED.super, all_ticket = EXCLUDED.all_ticket, queue_ids = EXCLUDED.queue_ids, updated_at = now()`
       }`,
      [user.id, user.companyId, user.name, user.profile, user.super, user.allTicket, user.queueIds],
    );
  }

  async deleteUser(manager: EntityManager, companyId: number, userId: number): Promise<void> {
    await deletedUsers.bury(manager, companyId, userId);
    await manager.query(`DELETE FROM conversations.users WHERE id = $1`, [userId]);
  }

  /** `keep`: a row the copy has already (from an event) is left as it is. */
  async upsertConnection(manager: EntityManager, c: Connection, existing: 'replace' | 'keep' = 'replace'): Promise<void> {
    await manager.query(
      `INSERT INTO conversations.connections (id, company_id, name, status, is_default, queue_ids, greeting_message,
         complation_message, out_of_hours_message, rating_message, expires_inactive_message, expires_ticket,
         time_to_transfer, transfer_queue_id, max_use_bot_queues, time_use_bot_queues, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now())
       ON CONFLICT (id) DO ${
         existing === 'keep'
           ? 'NOTHING'
           : `UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name, status = EXCLUDED.status,
         is_default = EXCLUDED.is_default, queue_ids = EXCLUDED.queue_ids, greeting_message = EXCLUDED.greeting_message,
         complation_message = EXCLUDED.complation_message, out_of_hours_message = EXCLUDED.out_of_hours_message,
         rating_message = EXCLUDED.rating_message, expires_inactive_message = EXCLUDED.expires_inactive_message,
         expires_ticket = EXCLUDED.expires_ticket, time_to_transfer = EXCLUDED.time_to_transfer,
         transfer_queue_id = EXCLUDED.transfer_queue_id, max_use_bot_queues = EXCLUDED.max_use_bot_queues,
         time_use_bot_queues = EXCLUDED.time_use_bot_queues, updated_at = now()`
       }`,
      [
        c.id,
        c.companyId,
        c.name,
        c.status,
        c.isDefault,
        c.queueIds,
        c.greetingMessage,
        c.complationMessage,
        c.outOfHoursMessage,
        c.ratingMessage,
        c.expiresInactiveMessage,
        c.expiresTicket,
        c.timeToTransfer,
        c.transferQueueId,
        c.maxUseBotQueues,
        c.timeUseBotQueues,
      ],
    );
  }

  async deleteConnection(manager: EntityManager, companyId: number, connectionId: number): Promise<void> {
    await deletedConnections.bury(manager, companyId, connectionId);
    await manager.query(`DELETE FROM conversations.connections WHERE id = $1`, [connectionId]);
    await manager.query(`DELETE FROM conversations.address_book WHERE connection_id = $1`, [connectionId]);
  }

  /**
   * A contact the connected phone told us of (its address book, or a name/LID update): kept for
   * POST /contacts/import. Only entries with a phone number; groups and malformed numbers are left out.
   * What the event does not say (null) keeps what an earlier one said.
   */
  async recordAddressBookEntry(
    manager: EntityManager,
    companyId: number,
    entry: { connectionId: number; number: string | null; lid: string | null; name: string | null; pushName: string | null },
  ): Promise<void> {
    if (!entry.number || !/^\d{8,15}$/.test(entry.number)) return;
    const clean = (value: string | null) => value?.trim().slice(0, 100) || null;
    await manager.query(
      `INSERT INTO conversations.address_book AS a (company_id, connection_id, number, lid, name, push_name)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (connection_id, number) DO UPDATE SET company_id = EXCLUDED.company_id,
         lid = COALESCE(EXCLUDED.lid, a.lid), name = COALESCE(EXCLUDED.name, a.name),
         push_name = COALESCE(EXCLUDED.push_name, a.push_name), updated_at = now()`,
      [companyId, entry.connectionId, entry.number, entry.lid, clean(entry.name), clean(entry.pushName)],
    );
  }

  async setSetting(manager: EntityManager, companyId: number, key: string, value: string): Promise<void> {
    await manager.query(
      `INSERT INTO conversations.settings (company_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [companyId, key, value],
    );
  }

  async setCompany(manager: EntityManager, company: CompanySnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO conversations.company_plans (company_id, plan_id, schedules, active) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, schedules = EXCLUDED.schedules, active = EXCLUDED.active`,
      [company.id, company.planId, JSON.stringify(company.schedules), company.status],
    );
  }

  async deleteCompany(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`DELETE FROM conversations.company_plans WHERE company_id = $1`, [companyId]);
  }

  async setPlanLimit(manager: EntityManager, planId: number, queues: number, useExternalApi = false, useSchedules = false): Promise<void> {
    await manager.query(
      `INSERT INTO conversations.plan_limits (plan_id, queues, use_external_api, use_schedules) VALUES ($1, $2, $3, $4)
       ON CONFLICT (plan_id) DO UPDATE SET queues = EXCLUDED.queues, use_external_api = EXCLUDED.use_external_api,
         use_schedules = EXCLUDED.use_schedules`,
      [planId, queues, useExternalApi, useSchedules],
    );
  }

  async deletePlan(manager: EntityManager, planId: number): Promise<void> {
    await manager.query(`DELETE FROM conversations.plan_limits WHERE plan_id = $1`, [planId]);
  }

  // ---- reads ------------------------------------------------------------------------------------

  async user(manager: EntityManager | null, companyId: number, userId: number): Promise<ProjectedUser | null> {
    const rows: { id: number; company_id: number; name: string; profile: ProjectedUser['profile']; super: boolean; queue_ids: number[] }[] =
      await (manager ?? this.dataSource.manager).query(`SELECT * FROM conversations.users WHERE id = $1 AND company_id = $2`, [
        userId,
        companyId,
      ]);
    const row = rows[0];
    return row
      ? { id: row.id, companyId: row.company_id, name: row.name, profile: row.profile, super: row.super, queueIds: row.queue_ids }
      : null;
  }

  async connection(manager: EntityManager, companyId: number, connectionId: number): Promise<ProjectedConnection | null> {
    const runner = manager.queryRunner?.isTransactionActive ? manager.queryRunner : null;
    const key = `${companyId}:${connectionId}`;
    const cached = runner ? this.connectionsInTransaction.get(runner) : undefined;
    if (cached?.has(key)) return cached.get(key)!;
    const found = await this.readConnection(manager, companyId, connectionId);
    if (runner) this.connectionsInTransaction.set(runner, (cached ?? new Map()).set(key, found));
    return found;
  }

  /**
   * A connection row read by another statement of the transaction (the live tickets' upsert brings
   * each one's connection): later asks in the transaction take it from there.
   */
  rememberConnection(manager: EntityManager, companyId: number, connectionId: number, row: Record<string, unknown> | null): void {
    const runner = manager.queryRunner?.isTransactionActive ? manager.queryRunner : null;
    if (!runner) return;
    const cached = this.connectionsInTransaction.get(runner) ?? new Map<string, ProjectedConnection | null>();
    this.connectionsInTransaction.set(runner, cached.set(`${companyId}:${connectionId}`, row ? projectedConnection(row) : null));
  }

  private async readConnection(manager: EntityManager, companyId: number, connectionId: number): Promise<ProjectedConnection | null> {
    const rows: Record<string, unknown>[] = await manager.query(
      prepared(`SELECT * FROM conversations.connections WHERE id = $1 AND company_id = $2`),
      [connectionId, companyId],
    );
    return rows[0] ? projectedConnection(rows[0]) : null;
  }

  /** The company's default connection, or its oldest. */
  async defaultConnectionId(manager: EntityManager | null, companyId: number): Promise<number | null> {
    const rows: { id: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT id FROM conversations.connections WHERE company_id = $1 ORDER BY is_default DESC, id LIMIT 1`,
      [companyId],
    );
    return rows[0]?.id ?? null;
  }

  async setting(manager: EntityManager, companyId: number, key: string): Promise<string | null> {
    const rows: { value: string }[] = await manager.query(`SELECT value FROM conversations.settings WHERE company_id = $1 AND key = $2`, [
      companyId,
      key,
    ]);
    return rows[0]?.value ?? null;
  }

  /** The company's time zone (its setting `timezone`, decision 0037); São Paulo while identity never announced one. */
  async companyTimeZone(manager: EntityManager, companyId: number): Promise<string> {
    return (await this.setting(manager, companyId, COMPANY_TIME_ZONE_SETTING)) ?? DEFAULT_COMPANY_TIME_ZONE;
  }

  async companySchedules(manager: EntityManager, companyId: number): Promise<CompanySnapshot['schedules']> {
    const rows: { schedules: CompanySnapshot['schedules'] }[] = await manager.query(
      `SELECT schedules FROM conversations.company_plans WHERE company_id = $1`,
      [companyId],
    );
    return rows[0]?.schedules ?? [];
  }

  async queueLimit(manager: EntityManager, companyId: number): Promise<number | null> {
    const rows: { queues: number }[] = await manager.query(
      `SELECT p.queues FROM conversations.company_plans c JOIN conversations.plan_limits p ON p.plan_id = c.plan_id WHERE c.company_id = $1`,
      [companyId],
    );
    return rows[0]?.queues ?? null;
  }

  /**
   * The connection a number check goes through: that one when it is connected, otherwise the
   * company's default one when connected, else any connected one.
   */
  async connectedConnectionId(companyId: number, connectionId?: number): Promise<number | null> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM conversations.connections
       WHERE company_id = $1 AND status = 'CONNECTED' AND ($2::int IS NULL OR id = $2)
       ORDER BY is_default DESC, id LIMIT 1`,
      [companyId, connectionId ?? null],
    );
    return rows[0]?.id ?? null;
  }

  /** The ids of the company's users who may see the ticket (the one visibility rule over the users projection). */
  async ticketAudience(manager: EntityManager | null, companyId: number, ticket: VisibleTicket): Promise<number[]> {
    const rows: { id: number }[] = await (manager ?? this.dataSource.manager).query(ticketAudienceSql(), [
      companyId,
      ticket.queueId,
      ticket.userId,
    ]);
    return rows.map((row) => row.id);
  }
}

/** A connection's projection row (as read, or as JSON) as the service uses it. */
function projectedConnection(row: Record<string, unknown>): ProjectedConnection {
  return {
    id: row.id as number,
    companyId: row.company_id as number,
    name: row.name as string,
    queueIds: row.queue_ids as number[],
    greetingMessage: row.greeting_message as string,
    complationMessage: row.complation_message as string,
    outOfHoursMessage: row.out_of_hours_message as string,
    ratingMessage: row.rating_message as string,
    expiresInactiveMessage: row.expires_inactive_message as string,
    expiresTicket: row.expires_ticket as number,
    timeToTransfer: row.time_to_transfer as number | null,
    transferQueueId: row.transfer_queue_id as number | null,
    maxUseBotQueues: row.max_use_bot_queues as number,
  };
}
