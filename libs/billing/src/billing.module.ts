import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { CheckoutController } from './checkout/checkout.controller';
import { CheckoutService } from './checkout/checkout.service';
import { ExpiredCheckoutController } from './checkout/expired-checkout.controller';
import { ExpiredCheckoutService } from './checkout/expired-checkout.service';
import { BILLING_OPTIONS, type BillingOptions } from './common/billing-options';
import { CompanyRepository } from './common/company.repository';
import { CompanyEventsConsumer } from './companies/company-events.consumer';
import { GenerationRunRepository } from './invoices/generation-run.repository';
import { InvoiceController } from './invoices/invoice.controller';
import { InvoiceRepository } from './invoices/invoice.repository';
import { InvoiceService } from './invoices/invoice.service';
import { InvoiceGenerator } from './invoices/invoice-generator';
import { InvoicePayments } from './invoices/invoice-payments';
import { BillingInitial1765000000000 } from './migrations/1765000000000-billing-initial';
import { BillingCharges1765000000100 } from './migrations/1765000000100-billing-charges';
import { BillingProviderSettings1765000000200 } from './migrations/1765000000200-billing-provider-settings';
import { BillingPlanCardAndRevenue1765000000300 } from './migrations/1765000000300-billing-plan-card-and-revenue';
import { BillingGenerationRuns1765000000400 } from './migrations/1765000000400-billing-generation-runs';
import { AsaasClient } from './payments/asaas.client';
import { AsaasProvider } from './payments/asaas.provider';
import { AsaasWebhook } from './payments/asaas-webhook';
import { AsaasWebhookController } from './payments/asaas-webhook.controller';
import { ChargeRepository } from './payments/charge.repository';
import { PaymentProviders } from './payments/payment-providers';
import { StaticPixProvider } from './payments/static-pix.provider';
import { RevenueController } from './revenue/revenue.controller';
import { RevenueRepository } from './revenue/revenue.repository';
import { RevenueService } from './revenue/revenue.service';
import { PaymentAccounts } from './settings/payment-accounts';
import { PaymentSettingsController } from './settings/payment-settings.controller';
import { PaymentSettingsService } from './settings/payment-settings.service';
import { ProviderSettingsRepository } from './settings/provider-settings.repository';
import { SettingsCipher } from './settings/settings-cipher';

export const BILLING_MIGRATIONS = [
  BillingInitial1765000000000,
  BillingCharges1765000000100,
  BillingProviderSettings1765000000200,
  BillingPlanCardAndRevenue1765000000300,
  BillingGenerationRuns1765000000400,
];

/** Invoices, charges and payment confirmations: what each company pays for its plan. */
@Module({})
export class BillingModule {
  static forRoot(options: BillingOptions = {}): DynamicModule {
    return {
      module: BillingModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'billing', migrations: BILLING_MIGRATIONS })],
      controllers: [
        InvoiceController,
        CheckoutController,
        ExpiredCheckoutController,
        AsaasWebhookController,
        PaymentSettingsController,
        RevenueController,
      ],
      providers: [
        { provide: BILLING_OPTIONS, useValue: options },
        // Repositories: every statement of the service.
        CompanyRepository,
        InvoiceRepository,
        GenerationRunRepository,
        ChargeRepository,
        ProviderSettingsRepository,
        RevenueRepository,
        // Services.
        SettingsCipher,
        PaymentAccounts,
        PaymentSettingsService,
        InvoiceService,
        InvoiceGenerator,
        InvoicePayments,
        CheckoutService,
        RevenueService,
        ExpiredCheckoutService,
        // Payments: Asaas when the settings or the environment configure it, otherwise the static Pix key.
        StaticPixProvider,
        AsaasClient,
        AsaasProvider,
        AsaasWebhook,
        PaymentProviders,
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(CompanyEventsConsumer),
      ],
    };
  }
}
