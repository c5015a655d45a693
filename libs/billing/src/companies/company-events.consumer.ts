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
import { CompanyRepository } from '../common/company.repository';
import { InvoiceGenerator } from '../invoices/invoice-generator';

export const COMPANY_EVENTS_CONSUMER = 'billing-companies';

/**
 * Keeps billing.companies and billing.plans from identity's company and plan events: what each company
 * is charged, how often and by when. A company's announcement also issues its period's invoice when
 * generation's rule makes it due now (a new company, a changed plan or due date), and a plan's the
 * invoices of its companies due now and not issued (one billing learnt of before its plan), in the
 * same transaction: the admin has it to pay without waiting for the hourly run (decision 0055).
 */
@Injectable()
export class CompanyEventsConsumer implements EventConsumer {
  readonly subscription;

  constructor(
    @Inject(BILLING_OPTIONS) options: BillingOptions,
    private readonly processed: ProcessedEventRepository,
    private readonly companies: CompanyRepository,
    private readonly generator: InvoiceGenerator,
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
      if (company) {
        await this.companies.upsertCompany(manager, company);
        await this.generator.issueForCompany(manager, company.id);
      }
      if (deletedCompany) await this.companies.deleteCompany(manager, deletedCompany);
      if (plan) {
        await this.companies.upsertPlan(manager, plan);
        await this.generator.issueForPlan(manager, plan.id);
      }
      if (deletedPlan) await this.companies.deletePlan(manager, deletedPlan);
    });
  }
}
