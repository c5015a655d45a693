import { Logger } from '@nestjs/common';
import { companyCreated, companyDeleted, companyUpdated, planCreated, planDeleted, planUpdated, TOPICS, type EventEnvelope } from '@app/contracts';
import { consumeOnce, readEvent, type EventTransport, type Subscription } from '@app/platform';
import type { PlanLimitsRepository } from './plan-limits.repository';

export const PLAN_LIMITS_CONSUMER = 'whatsapp-plan-limits';

/** Keeps the company → plan → connection limit projection up to date from identity's events. */
export class PlanLimitsConsumer {
  private readonly logger = new Logger(PlanLimitsConsumer.name);
  private subscription?: Subscription;

  constructor(
    private readonly transport: EventTransport,
    private readonly plans: PlanLimitsRepository,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.transport.subscribe({
      groupId: PLAN_LIMITS_CONSUMER,
      topics: [TOPICS.identityEvents],
      handler: (envelope) => this.handle(envelope),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const company = readEvent(companyCreated, envelope) ?? readEvent(companyUpdated, envelope);
    const plan = readEvent(planCreated, envelope) ?? readEvent(planUpdated, envelope);
    const companyGone = readEvent(companyDeleted, envelope);
    const planGone = readEvent(planDeleted, envelope);
    if (!company && !plan && !companyGone && !planGone) return;
    await consumeOnce(this.plans.source, 'whatsapp', PLAN_LIMITS_CONSUMER, envelope, async (manager) => {
      if (company) await this.plans.setCompanyPlan(manager, company.company.id, company.company.planId);
      if (plan) await this.plans.setPlanLimit(manager, plan.plan.id, plan.plan.connections);
      if (companyGone) await this.plans.deleteCompany(manager, companyGone.companyId);
      if (planGone) await this.plans.deletePlan(manager, planGone.planId);
    });
    this.logger.debug({ type: envelope.type }, 'plan limits updated');
  }
}
