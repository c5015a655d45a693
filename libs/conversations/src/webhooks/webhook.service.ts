import type {
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookEndpoint,
  WebhookEndpointCreateBody,
  WebhookEndpointListItem,
  WebhookEndpointUpdateBody,
  WebhookEndpointWithSecret,
  WebhookSecretRotateBody,
} from '@app/contracts';
import { AppError, OutboundUrlGuard, OutboundUrlRefusedError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { WebhookDispatcher } from './webhook.dispatcher';
import { mapWebhookDelivery, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { mapWebhookEndpoint, mapWebhookEndpointListItem, WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookSecretBox } from './webhook-secret-box';
import { newWebhookSecret } from './webhook-signature';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Webhook não encontrado');

/**
 * A company admin's webhook endpoints and their delivery log (issue 26). A URL is checked by the
 * outbound URL guard when saved (400 ERR_VALIDATION on `url`), and again before every call.
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly guard: OutboundUrlGuard,
    private readonly dispatcher: WebhookDispatcher,
    private readonly secrets: WebhookSecretBox,
  ) {}

  async list(tenancy: Tenancy): Promise<WebhookEndpointListItem[]> {
    return (await this.endpoints.list(tenancy.companyId)).map(mapWebhookEndpointListItem);
  }

  async one(tenancy: Tenancy, id: number): Promise<WebhookEndpoint> {
    const row = await this.endpoints.find(tenancy.companyId, id);
    if (!row) throw notFound();
    return mapWebhookEndpoint(row);
  }

  async create(tenancy: Tenancy, body: WebhookEndpointCreateBody): Promise<WebhookEndpointWithSecret> {
    await this.assertUrlAllowed(body.url);
    const secret = newWebhookSecret();
    const row = await this.endpoints.insert(tenancy.companyId, { ...body, secret: this.secrets.seal(secret) });
    return { ...mapWebhookEndpoint(row), secret };
  }

  async update(tenancy: Tenancy, id: number, body: WebhookEndpointUpdateBody): Promise<WebhookEndpoint> {
    if (body.url !== undefined) await this.assertUrlAllowed(body.url);
    const row = await this.endpoints.update(tenancy.companyId, id, body);
    if (!row) throw notFound();
    if (body.enabled) this.dispatcher.wake();
    return mapWebhookEndpoint(row);
  }

  async rotateSecret(tenancy: Tenancy, id: number, body: WebhookSecretRotateBody): Promise<WebhookEndpointWithSecret> {
    const secret = newWebhookSecret();
    const row = await this.endpoints.rotate(tenancy.companyId, id, this.secrets.seal(secret), body.overlapHours);
    if (!row) throw notFound();
    return { ...mapWebhookEndpoint(row), secret };
  }

  async remove(tenancy: Tenancy, id: number): Promise<void> {
    if (!(await this.endpoints.delete(tenancy.companyId, id))) throw notFound();
  }

  async deliveryLog(tenancy: Tenancy, query: WebhookDeliveryListQuery): Promise<{ deliveries: WebhookDelivery[]; hasMore: boolean }> {
    const { rows, hasMore } = await this.deliveries.list(tenancy.companyId, query);
    return { deliveries: rows.map(mapWebhookDelivery), hasMore };
  }

  /** 'Send again': the same event, with the same webhook-id, queued now. */
  async redeliver(tenancy: Tenancy, id: number): Promise<WebhookDelivery> {
    const row = await this.deliveries.redeliver(tenancy.companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 'Entrega não encontrada');
    this.dispatcher.wake();
    return mapWebhookDelivery(row);
  }

  private async assertUrlAllowed(url: string): Promise<void> {
    try {
      await this.guard.check(url, 'webhook');
    } catch (error) {
      if (!(error instanceof OutboundUrlRefusedError)) throw error;
      const message = `URL não permitida: ${error.message}`;
      throw new AppError('ERR_VALIDATION', `url: ${message}`, { fields: [{ path: 'url', message }] });
    }
  }
}
