import { AppError, SealedBox } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { BILLING_OPTIONS, type BillingOptions } from '../common/billing-options';

/** The providers' settings at rest, sealed under BILLING_KEYS_SECRET (JWT_SECRET when unset; SealedBox). */
@Injectable()
export class SettingsCipher {
  private readonly box: SealedBox | null;

  constructor(@Inject(BILLING_OPTIONS) options: BillingOptions) {
    this.box =
      options.keysSecret && options.keysSecret.length >= 32
        ? new SealedBox(options.keysSecret, { salt: 'zapdesk-billing', info: 'provider settings at rest' })
        : null;
  }

  seal(plain: string): string {
    return this.required().seal(plain);
  }

  open(stored: string): string {
    return this.required().open(stored, 'sealed setting');
  }

  private required(): SealedBox {
    if (!this.box) throw new AppError('ERR_SERVICE_UNAVAILABLE', 'No secret to keep payment settings with (BILLING_KEYS_SECRET)');
    return this.box;
  }
}
