import { type CompanySnapshot, companyUpdated, type PlanSnapshot, planUpdated } from '@app/contracts';
import { type ServiceTestApp, waitFor } from '@app/platform/testing';

/** A plan as identity announces it; `value` is the monthly price in reais. */
export function planFixture(id: number, value: number, overrides: Partial<PlanSnapshot> = {}): PlanSnapshot {
  return {
    id,
    name: `Plano ${id}`,
    users: 5,
    connections: 2,
    queues: 3,
    value,
    useCampaigns: true,
    useSchedules: true,
    useInternalChat: true,
    useExternalApi: true,
    useKanban: true,
    useOpenAi: true,
    useIntegrations: true,
    useInternal: true,
    ...overrides,
  };
}

/** A company as identity announces it. */
export function companyFixture(id: number, planId: number, overrides: Partial<CompanySnapshot> = {}): CompanySnapshot {
  return {
    id,
    name: `Empresa ${id}`,
    planId,
    status: true,
    approved: true,
    dueDate: '2026-12-10',
    recurrence: 'MENSAL',
    schedules: [],
    ...overrides,
  };
}

/** Announces the plan as identity would, and waits for billing's copy to hold it. */
export async function announcePlan(t: ServiceTestApp, plan: PlanSnapshot): Promise<void> {
  await t.publish(planUpdated, null, `plan-${plan.id}`, { plan });
  await waitFor(
    async () =>
      (await t.dataSource.query(`SELECT 1 FROM billing.plans WHERE id = $1 AND value_cents = $2`, [plan.id, Math.round(plan.value * 100)]))
        .length === 1,
    { what: `plan ${plan.id} known to billing` },
  );
}

/** Announces the company as identity would, and waits for billing's copy to hold it. */
export async function announceCompany(t: ServiceTestApp, company: CompanySnapshot): Promise<void> {
  await t.publish(companyUpdated, company.id, `company-${company.id}`, { company });
  await waitFor(
    async () =>
      (
        await t.dataSource.query(
          `SELECT 1 FROM billing.companies WHERE id = $1 AND due_date IS NOT DISTINCT FROM $2::date AND recurrence = $3 AND plan_id = $4`,
          [company.id, company.dueDate, company.recurrence, company.planId],
        )
      ).length === 1,
    { what: `company ${company.id} known to billing` },
  );
}
