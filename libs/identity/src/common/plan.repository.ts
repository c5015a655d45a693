import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** identity.plans as node-postgres reads it (numeric as a string; a number when read through to_jsonb). */
export interface PlanRow {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: string | number;
  use_campaigns: boolean;
  use_schedules: boolean;
  use_internal_chat: boolean;
  use_external_api: boolean;
  use_kanban: boolean;
  use_open_ai: boolean;
  use_integrations: boolean;
  use_internal: boolean;
  /** A Date; an ISO string when read through to_jsonb. */
  created_at: Date | string;
  updated_at: Date | string;
}

/** A plan: limits and feature flags. */
export interface Plan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  useInternal: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What a plan is written with (its id and instants are the table's). */
export type NewPlan = Omit<Plan, 'id' | 'createdAt' | 'updatedAt'>;

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  value: Number(row.value),
  useCampaigns: row.use_campaigns,
  useSchedules: row.use_schedules,
  useInternalChat: row.use_internal_chat,
  useExternalApi: row.use_external_api,
  useKanban: row.use_kanban,
  useOpenAi: row.use_open_ai,
  useIntegrations: row.use_integrations,
  useInternal: row.use_internal,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

const planValues = (plan: NewPlan) => [
  plan.name,
  plan.users,
  plan.connections,
  plan.queues,
  plan.value,
  plan.useCampaigns,
  plan.useSchedules,
  plan.useInternalChat,
  plan.useExternalApi,
  plan.useKanban,
  plan.useOpenAi,
  plan.useIntegrations,
  plan.useInternal,
];

/** identity.plans. */
@Injectable()
export class PlanRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Every plan not marked for internal use, by id. */
  async publicPlans(): Promise<Plan[]> {
    const rows: PlanRow[] = await this.dataSource.query(`SELECT * FROM identity.plans WHERE NOT use_internal ORDER BY id`);
    return rows.map(toPlan);
  }

  async allPlans(manager: EntityManager = this.dataSource.manager): Promise<Plan[]> {
    const rows: PlanRow[] = await manager.query(`SELECT * FROM identity.plans ORDER BY id`);
    return rows.map(toPlan);
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<Plan | null> {
    const rows: PlanRow[] = await manager.query(`SELECT * FROM identity.plans WHERE id = $1`, [id]);
    return rows[0] ? toPlan(rows[0]) : null;
  }

  /** Like `findById`, failing when there is no such plan. */
  async findByIdOrFail(manager: EntityManager, id: number): Promise<Plan> {
    const plan = await this.findById(id, manager);
    if (!plan) throw new Error(`No plan ${id}`);
    return plan;
  }

  /** The plan, its row locked for the caller's transaction. */
  async findLocked(manager: EntityManager, id: number): Promise<Plan | null> {
    const rows: PlanRow[] = await manager.query(`SELECT * FROM identity.plans WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? toPlan(rows[0]) : null;
  }

  async exists(manager: EntityManager, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM identity.plans WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, plan: NewPlan): Promise<Plan> {
    const rows: PlanRow[] = await manager.query(
      `INSERT INTO identity.plans (name, users, connections, queues, value, use_campaigns, use_schedules, use_internal_chat,
                                   use_external_api, use_kanban, use_open_ai, use_integrations, use_internal)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING *`,
      planValues(plan),
    );
    return toPlan(rows[0]);
  }

  /** Writes the plan's fields; updated_at moves only when one of them changed. */
  async save(manager: EntityManager, plan: Plan): Promise<Plan> {
    const result: unknown = await manager.query(
      `UPDATE identity.plans
          SET name = $2, users = $3, connections = $4, queues = $5, value = $6, use_campaigns = $7, use_schedules = $8,
              use_internal_chat = $9, use_external_api = $10, use_kanban = $11, use_open_ai = $12, use_integrations = $13,
              use_internal = $14,
              updated_at = CASE
                WHEN (name, users, connections, queues, value, use_campaigns, use_schedules, use_internal_chat, use_external_api,
                      use_kanban, use_open_ai, use_integrations, use_internal)
                     IS DISTINCT FROM ($2, $3, $4, $5, $6::numeric, $7, $8, $9, $10, $11, $12, $13, $14)
                THEN now() ELSE updated_at END
        WHERE id = $1
        RETURNING *`,
      [plan.id, ...planValues(plan)],
    );
    return toPlan(changedRows<PlanRow>(result)[0]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM identity.plans WHERE id = $1`, [id]);
  }
}
