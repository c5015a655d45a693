import { Injectable } from '@nestjs/common';

import { PaymentAccounts } from '../settings/payment-accounts';
import { AsaasProvider } from './asaas.provider';
import type { PaymentProvider } from './payment-provider';
import { StaticPixProvider } from './static-pix.provider';

/** The provider a checkout charges through, chosen at each checkout: Asaas when configured, otherwise the static Pix key. */
@Injectable()
export class PaymentProviders {
  constructor(
    private readonly accounts: PaymentAccounts,
    private readonly asaas: AsaasProvider,
    private readonly staticPix: StaticPixProvider,
  ) {}

  async current(): Promise<PaymentProvider> {
    return (await this.accounts.asaas()) ? this.asaas : this.staticPix;
  }
}
