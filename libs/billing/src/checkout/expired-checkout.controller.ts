import { CHECKOUT_PASS_HEADER } from '@app/contracts';
import { Public } from '@app/platform';
import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';

import { SubscriptionBodyDto } from './checkout.dto';
import { ExpiredCheckoutService } from './expired-checkout.service';

/**
 * /subscription/expired: the checkout on the login page of an expired company's admin, with the pass
 * the refused login handed over (X-Checkout-Pass) instead of a session (decision 0053).
 */
@Controller('subscription/expired')
@Public()
export class ExpiredCheckoutController {
  constructor(private readonly checkout: ExpiredCheckoutService) {}

  /** GET /subscription/expired → {company, expired, invoice, plan}. */
  @Get()
  status(@Headers(CHECKOUT_PASS_HEADER) pass: string | undefined) {
    return this.checkout.status(pass);
  }

  /** POST /subscription/expired with the subscription payload → the Pix data, as POST /subscription. */
  @Post()
  @HttpCode(200)
  pay(@Headers(CHECKOUT_PASS_HEADER) pass: string | undefined, @Body() body: SubscriptionBodyDto) {
    return this.checkout.pay(pass, body);
  }
}
