import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * The plan limits of each company as identity reported them (a projection of identity.* events).
 * Every statement joins the caller's transaction.
 */
@Injectable()
export class PlanLimitsRepository {
  async connectionLimit(manager: EntityManager, companyId: number): Promise<number | null> {
    const rows: { connections: number }[] = await manager.query(
      `SELECT p.connections FROM whatsapp.company_plans c JOIN whatsapp.plan_limits p ON p.plan_id = c.plan_id WHERE c.company_id = $1`,
      [companyId],
    );
    return rows[0]?.connections ?? null;
  }

  async setCompanyPlan(manager: EntityManager, companyId: number, planId: number): Promise<void> {
    await manager.query(
      `INSERT INTO whatsapp.company_plans (company_id, plan_id) VALUES ($1, $2)
       ON CONFLICT (company_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, updated_at = now()`,
      [companyId, planId],
    );
  }

  async deleteCompany(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`DELETE FROM whatsapp.company_plans WHERE company_id = $1`, [companyId]);
  }

  async setPlanLimit(manager: EntityManager, planId: number, connections: number): Promise<void> {
    await manager.query(
      `INSERT INTO whatsapp.plan_limits (plan_id, connections) VALUES ($1, $2)
       ON CONFLICT (plan_id) DO UPDATE SET connections = EXCLUDED.connections, updated_at = now()`,
      [planId, connections],
    );
  }

  async deletePlan(manager: EntityManager, planId: number): Promise<void> {
    await manager.query(`DELETE FROM whatsapp.plan_limits WHERE plan_id = $1`, [planId]);
  }
}
