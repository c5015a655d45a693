import { type CompanySnapshot, type PlanSnapshot, reaisToCents } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A company as billing knows it, with its plan's monthly value (null while the plan is not known here). */
export interface BillableCompanyRow {
  id: number;
  name: string;
  plan_id: number;
  plan_name: string | null;
  value_cents: number | null;
  /** The plan's users and connections, for the checkout's plan card (null until identity announces the plan again). */
  plan_users: number | null;
  plan_connections: number | null;
  status: boolean;
  due_date: string | null;
  recurrence: string;
}

/**
 * The generation rule's companies, `$1` being the last due date it issues (YYYY-MM-DD): active, with a
 * due date by then and a plan billing knows. The hourly run and a company's own announcement both
 * select by it, so neither issues what the other would not.
 */
const DUE_BY = `c.status AND c.due_date IS NOT NULL AND c.due_date <= $1`;

const BILLABLE_COLUMNS = `c.id, c.name, c.plan_id, p.name AS plan_name, p.value_cents, p.users AS plan_users,
  p.connections AS plan_connections, c.status, to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.recurrence`;

/**
 * billing.companies and billing.plans: what identity announces of each company (plan, status, due date,
 * recurrence) and of each plan (name, monthly value in cents). Billing never writes identity's tables.
 */
@Injectable()
export class CompanyRepository {
  async upsertCompany(manager: EntityManager, company: CompanySnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO billing.companies (id, name, plan_id, status, due_date, recurrence) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, plan_id = EXCLUDED.plan_id, status = EXCLUDED.status,
                                      due_date = EXCLUDED.due_date, recurrence = EXCLUDED.recurrence`,
      [company.id, company.name, company.planId, company.status, company.dueDate, company.recurrence],
    );
  }

  async deleteCompany(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM billing.companies WHERE id = $1`, [id]);
  }

  async upsertPlan(manager: EntityManager, plan: PlanSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO billing.plans (id, name, value_cents, users, connections) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, value_cents = EXCLUDED.value_cents,
                                      users = EXCLUDED.users, connections = EXCLUDED.connections`,
      [plan.id, plan.name, reaisToCents(plan.value), plan.users, plan.connections],
    );
  }

  async deletePlan(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM billing.plans WHERE id = $1`, [id]);
  }

  /**
   * Active companies whose due date is on or before `until` (YYYY-MM-DD) and whose plan is known, after
   * `afterId`, `limit` of them in id order: the ones whose period's invoice may be due to issue.
   */
  async dueBy(manager: EntityManager, until: string, afterId: number, limit: number): Promise<BillableCompanyRow[]> {
    return manager.query(
      `SELECT ${BILLABLE_COLUMNS} FROM billing.companies c JOIN billing.plans p ON p.id = c.plan_id
       WHERE ${DUE_BY} AND c.id > $2
       ORDER BY c.id LIMIT $3`,
      [until, afterId, limit],
    );
  }

  /** The one company, when the same rule as `dueBy` makes its period's invoice due to issue by `until`. */
  async dueCompany(manager: EntityManager, until: string, id: number): Promise<BillableCompanyRow | null> {
    const rows: BillableCompanyRow[] = await manager.query(
      `SELECT ${BILLABLE_COLUMNS} FROM billing.companies c JOIN billing.plans p ON p.id = c.plan_id WHERE ${DUE_BY} AND c.id = $2`,
      [until, id],
    );
    return rows[0] ?? null;
  }

  /** The plan's companies the same rule as `dueBy` makes due to issue by `until`, in id order. */
  async dueOnPlan(manager: EntityManager, until: string, planId: number): Promise<BillableCompanyRow[]> {
    return manager.query(
      `SELECT ${BILLABLE_COLUMNS} FROM billing.companies c JOIN billing.plans p ON p.id = c.plan_id
       WHERE ${DUE_BY} AND c.plan_id = $2 ORDER BY c.id`,
      [until, planId],
    );
  }

  /** One company as billing knows it, with its plan when known. */
  async find(manager: EntityManager, id: number): Promise<BillableCompanyRow | null> {
    const rows: BillableCompanyRow[] = await manager.query(
      `SELECT ${BILLABLE_COLUMNS} FROM billing.companies c LEFT JOIN billing.plans p ON p.id = c.plan_id WHERE c.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
