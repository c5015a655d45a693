import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createStaticPix } from 'pix-utils';

export interface AsaasRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/**
 * A small server speaking Asaas's API v3 as billing uses it (customers, Pix payments, a payment's
 * pixQrCode), checking the access_token header, and able to answer with failures; it also sends
 * Asaas's webhook calls to a URL.
 */
export class FakeAsaas {
  readonly requests: AsaasRequest[] = [];
  /** The next answers' status instead of the normal one (e.g. 500, 429), one per call, in order. */
  readonly failures: number[] = [];
  private server!: Server;
  private customers = 0;
  private payments = new Map<string, { value: number; externalReference: string }>();

  constructor(readonly apiKey: string) {}

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  paymentIds(): string[] {
    return [...this.payments.keys()];
  }

  /** The body of Asaas's webhook call for an event of one of its payments (sent with the asaas-access-token header). */
  webhookBody(event: { id: string; event: string; paymentId: string }): object {
    const payment = this.payments.get(event.paymentId);
    return {
      id: event.id,
      event: event.event,
      dateCreated: new Date().toISOString(),
      payment: { object: 'payment', id: event.paymentId, billingType: 'PIX', status: 'RECEIVED', ...payment },
    };
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '').replace(/^\/v3/, '');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    this.requests.push({ method: request.method ?? '', path, body });
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.headers['access_token'] !== this.apiKey) return reply(401, { errors: [{ code: 'invalid_access_token' }] });
    const failure = this.failures.shift();
    if (failure) return reply(failure, { errors: [{ code: 'failure', description: 'Falha simulada' }] });
    if (request.method === 'POST' && path === '/customers') {
      if (typeof body?.name !== 'string' || !body.name) return reply(400, { errors: [{ code: 'invalid_name' }] });
      return reply(200, { object: 'customer', id: `cus_${++this.customers}`, name: body.name });
    }
    if (request.method === 'POST' && path === '/payments') {
      if (body?.billingType !== 'PIX' || typeof body.value !== 'number' || typeof body.customer !== 'string') {
        return reply(400, { errors: [{ code: 'invalid_payment' }] });
      }
      const id = `pay_${this.payments.size + 1}`;
      this.payments.set(id, { value: body.value, externalReference: String(body.externalReference) });
      return reply(200, { object: 'payment', id, status: 'PENDING', value: body.value });
    }
    const qr = /^\/payments\/([^/]+)\/pixQrCode$/.exec(path);
    if (request.method === 'GET' && qr) {
      const payment = this.payments.get(decodeURIComponent(qr[1]!));
      if (!payment) return reply(404, { errors: [{ code: 'not_found' }] });
      const pix = createStaticPix({
        merchantName: 'ASAAS GESTAO FINANCEIRA',
        merchantCity: 'Joinville',
        pixKey: 'c3f5a8e2-1b2d-4e5f-9a6b-7c8d9e0f1a2b',
        txid: qr[1]!.replace(/[^A-Za-z0-9]/g, ''),
        transactionAmount: payment.value,
      });
      if ('toBRCode' in pix)
        return reply(200, { encodedImage: 'iVBORw0KGgo=', payload: pix.toBRCode(), expirationDate: '2099-12-31 23:59:59' });
    }
    reply(404, { errors: [{ code: 'not_found' }] });
  }
}
