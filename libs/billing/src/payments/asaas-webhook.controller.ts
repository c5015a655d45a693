import { timingSafeEqual } from 'node:crypto';

import { AppError, Public } from '@app/platform';
import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';

import { PaymentAccounts } from '../settings/payment-accounts';
import { AsaasWebhook, asaasWebhookSchema } from './asaas-webhook';

const sameSecret = (given: string | undefined, expected: string): boolean => {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** POST /invoices/asaas-webhook: Asaas's calls, verified by the asaas-access-token header it sends. */
@Controller('invoices')
export class AsaasWebhookController {
  constructor(
    private readonly accounts: PaymentAccounts,
    private readonly webhook: AsaasWebhook,
  ) {}

  @Post('asaas-webhook')
  @Public()
  @HttpCode(200)
  async receive(@Headers('asaas-access-token') token: string | undefined, @Body() body: unknown): Promise<{ received: true }> {
    const account = await this.accounts.asaas();
    if (!account || !sameSecret(token, account.webhookToken)) throw new AppError('ERR_INVALID_TOKEN', 'Not a call from Asaas');
    const parsed = asaasWebhookSchema.safeParse(body);
    if (!parsed.success) throw new AppError('ERR_VALIDATION', 'Not an Asaas webhook event');
    await this.webhook.apply(parsed.data);
    return { received: true };
  }
}
