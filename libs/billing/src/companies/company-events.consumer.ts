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
import { Inject, Injectable } from '@nestjs/common';

import { BILLING_OPTIONS, type BillingOptions } from '../common/billing-options';
import { CompanyRepository } from './company.repository';

export const COMPANY_EVENTS_CONSUMER = 'billing-companies';

/** Keeps billing.companies and billing.plans from identity's company and plan events: what each company is charged, how often and by when. */
@Injectable()
export class CompanyEventsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(BILLING_OPTIONS) options: BillingOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly companies: CompanyRepository,
  ) {
    this.subscription = {
      groupId: options.companiesGroupId ?? COMPANY_EVENTS_CONSUMER,
      topics: [TOPICS.identityEvents],
      eventTypes: [companyCreated.type, companyUpdated.type, companyDeleted.type, planCreated.type, planUpdated.type, planDeleted.type],
    };
  }

  async handle(envelope: EventEnvelope): Promise<void> {
    const company = (readEvent(companyCreated, envelope) ?? readEvent(companyUpdated, envelope))?.company;
    const deletedCompany = readEvent(companyDeleted, envelope)?.companyId;
    const plan = (readEvent(planCreated, envelope) ?? readEvent(planUpdated, envelope))?.plan;
    const deletedPlan = readEvent(planDeleted, envelope)?.planId;
    if (!company && !deletedCompany && !plan && !deletedPlan) return;
    await this.processed.consumeOnce(this.subscription.groupId, envelope, async (manager) => {
      if (company) await this.companies.upsertCompany(manager, company);
      if (deletedCompany) await this.companies.deleteCompany(manager, deletedCompany);
      if (plan) await this.companies.upsertPlan(manager, plan);
      if (deletedPlan) await this.companies.deletePlan(manager, deletedPlan);
    });
  }
}
