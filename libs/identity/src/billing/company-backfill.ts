import { companyUpdated, type EventDefinition, planUpdated } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

import { CompanyRepository } from '../common/company.repository';
import { PlanRepository } from '../common/plan.repository';
import { planSnapshot } from '../common/plan-answers';
import { companySnapshot } from '../companies/company.dto';
import { PendingAnnouncementRepository } from './pending-announcement.repository';

export const COMPANIES_AND_PLANS = 'companies-and-plans';

/**
 * The backfill migration 1763900000041 asks for: every plan and company announced again, once, so billing
 * (which started after them) knows each and issues its first invoice. Taking the request and writing the
 * events is one transaction: a crash leaves it pending, and of replicas starting together one does it.
 */
@Injectable()
export class CompanyBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(CompanyBackfill.name);

  constructor(
    private readonly pending: PendingAnnouncementRepository,
    private readonly companies: CompanyRepository,
    private readonly plans: PlanRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.announce();
  }

  /** Answers the pending request; how many plans and companies it announced, or null when none was pending. */
  async announce(): Promise<{ plans: number; companies: number } | null> {
    const announced = await this.companies.transaction(async (manager) => {
      if (!(await this.pending.take(manager, COMPANIES_AND_PLANS))) return null;
      const plans = await this.plans.allPlans(manager);
      const companies = await this.companies.allWithPlans(manager);
      await this.outbox.addAll(manager, [
        ...plans.map((plan) => ({
          definition: planUpdated as EventDefinition,
          companyId: null,
          key: plan.id,
          payload: { plan: planSnapshot(plan) },
        })),
        ...companies.map((company) => ({
          definition: companyUpdated as EventDefinition,
          companyId: company.id,
          key: company.id,
          payload: { company: companySnapshot(company) },
        })),
      ]);
      return { plans: plans.length, companies: companies.length };
    });
    if (announced) this.logger.log(`announced ${announced.plans} plans and ${announced.companies} companies again for billing`);
    return announced;
  }
}
