import { AppError, OutboundUrlGuard } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';

import { PaymentAccounts } from '../settings/payment-accounts';

const TIMEOUT_MS = 10_000;

const createdSchema = z.object({ id: z.string().min(1) });
const pixQrCodeSchema = z.object({ payload: z.string().min(1), encodedImage: z.string().optional() });

const unavailable = (why: string) => new AppError('ERR_SERVICE_UNAVAILABLE', `Asaas: ${why}`);

/** Asaas's REST API (v3) over HTTP: the `access_token` header, JSON both ways, each answer checked. */
@Injectable()
export class AsaasClient {
  constructor(
    private readonly accounts: PaymentAccounts,
    private readonly guard: OutboundUrlGuard,
  ) {}

  async createCustomer(customer: { name: string; externalReference: string }): Promise<string> {
    return (await this.call('POST', '/customers', createdSchema, customer)).id;
  }

  async createPixPayment(payment: {
    customer: string;
    value: number;
    dueDate: string;
    description: string;
    externalReference: string;
  }): Promise<string> {
    return (await this.call('POST', '/payments', createdSchema, { ...payment, billingType: 'PIX' })).id;
  }

  /** The charge's Pix 'copia e cola' payload. */
  async pixPayload(paymentId: string): Promise<string> {
    return (await this.call('GET', `/payments/${encodeURIComponent(paymentId)}/pixQrCode`, pixQrCodeSchema)).payload;
  }

  private async call<S extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: S, body?: object): Promise<z.output<S>> {
    const account = await this.accounts.asaas();
    if (!account) throw unavailable('not configured');
    const url = `${account.apiUrl.replace(/\/$/, '')}${path}`;
    try {
      await this.guard.check(url, 'webhook');
    } catch {
      throw unavailable('its address is refused by the outbound URL guard');
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { access_token: account.apiKey, 'content-type': 'application/json', 'user-agent': 'zapdesk-billing' },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw unavailable(error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'unreachable');
    }
    if (response.status === 429) throw new AppError('ERR_RATE_LIMITED', 'Asaas: too many requests, try again shortly');
    if (!response.ok) throw unavailable(`answered ${response.status}`);
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable('answered something unexpected');
    return parsed.data;
  }
}
