import {
  companyCreated,
  companyDeleted,
  companyUpdated,
  type EventEnvelope,
  planCreated,
  planDeleted,
  planUpdated,
  TOPICS,
} from '@app/contracts';
import { type EventConsumer, ProcessedEventRepository, readEvent } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';

import { PlanLimitsRepository } from './plan-limits.repository';

export const PLAN_LIMITS_CONSUMER = 'whatsapp-plan-limits';

/** Keeps the company → plan → connection limit projection up to date from identity's events. */
@Injectable()
export class PlanLimitsConsumer implements EventConsumer {
  private readonly logger = new Logger(PlanLimitsConsumer.name);
  readonly subscription = { groupId: PLAN_LIMITS_CONSUMER, topics: [TOPICS.identityEvents] };

  constructor(
    private readonly plans: PlanLimitsRepository,
    private readonly processed: ProcessedEventRepository,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const company = readEvent(companyCreated, envelope) ?? readEvent(companyUpdated, envelope);
    const plan = readEvent(planCreated, envelope) ?? readEvent(planUpdated, envelope);
    const companyGone = readEvent(companyDeleted, envelope);
    const planGone = readEvent(planDeleted, envelope);
    if (!company && !plan && !companyGone && !planGone) return;
    await this.processed.consumeOnce(PLAN_LIMITS_CONSUMER, envelope, async (manager) => {
      if (company) await this.plans.setCompanyPlan(manager, company.company.id, company.company.planId);
      if (plan) await this.plans.setPlanLimit(manager, plan.plan.id, plan.plan.connections);
      if (companyGone) await this.plans.deleteCompany(manager, companyGone.companyId);
      if (planGone) await this.plans.deletePlan(manager, planGone.planId);
    });
    this.logger.debug({ type: envelope.type }, 'plan limits updated');
  }
}
