import { CurrentTenancy, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';

import { SubscriptionBodyDto } from './checkout.dto';
import { CheckoutService } from './checkout.service';

/** /subscription: the checkout's PAGAR, for the company's admins. */
@Controller('subscription')
@Roles('admin')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  /** POST /subscription with the subscription payload → the Pix data (qrcode.qrcode, valor.original). */
  @Post()
  @HttpCode(200)
  pay(@CurrentTenancy() tenancy: Tenancy, @Body() body: SubscriptionBodyDto) {
    return this.checkout.pay(tenancy.companyId, body);
  }
}
