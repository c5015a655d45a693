import type { ExpiredCheckoutResponse, SubscriptionFields, SubscriptionPixResponse } from '@app/contracts';
import { AccessTokenService, AppError } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { CompanyRepository } from '../common/company.repository';
import { InvoiceRepository, mapInvoice } from '../invoices/invoice.repository';
import { InvoiceGenerator } from '../invoices/invoice-generator';
import { CheckoutService } from './checkout.service';

/** The day identity's login compares the due date with (UTC, as identity does): a due date before it is expired. */
const utcToday = (): string => new Date().toISOString().slice(0, 10);

/**
 * The checkout of a company whose login is refused because its due date passed (decision 0053): its
 * admin, holding the pass the refusal handed over, reads the invoice of the period that ended and pays
 * it; the pass names the company, so nothing of another company is reachable with it.
 */
@Injectable()
export class ExpiredCheckoutService {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly companies: CompanyRepository,
    private readonly invoices: InvoiceRepository,
    private readonly generator: InvoiceGenerator,
    private readonly checkout: CheckoutService,
  ) {}

  /**
   * The company and, while it is expired, its expired period's invoice: issued now when the schedule
   * has not issued it yet (the same unique key: never twice). Once identity renewed the company (its
   * announcement moved billing's due date on), `expired` is false.
   */
  async status(pass: string | undefined): Promise<ExpiredCheckoutResponse> {
    const { companyId } = this.tokens.verifyCheckoutPass(pass);
    return this.invoices.transaction(async (manager) => {
      const company = await this.companies.find(manager, companyId);
      if (!company) throw new AppError('ERR_NOT_FOUND', 'Company not known to billing');
      const expired = company.due_date !== null && company.due_date < utcToday();
      let invoice = null;
      if (expired) {
        await this.generator.issueIn(manager, [company]);
        invoice = await this.invoices.ofPeriod(manager, companyId, company.due_date!);
      }
      return {
        company: { id: company.id, name: company.name, dueDate: company.due_date },
        expired,
        invoice: invoice ? mapInvoice(invoice) : null,
        plan:
          company.plan_name === null ? null : { name: company.plan_name, users: company.plan_users, connections: company.plan_connections },
      };
    });
  }

  /** PAGAR with the pass: one of the pass's company's open invoices, priced on the server as every checkout. */
  async pay(pass: string | undefined, body: SubscriptionFields): Promise<SubscriptionPixResponse> {
    const { companyId } = this.tokens.verifyCheckoutPass(pass);
    return this.checkout.pay(companyId, body);
  }
}
