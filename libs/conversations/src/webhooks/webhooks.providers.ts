import { WebhookController } from './webhook.controller';
import { WebhookDispatcher } from './webhook.dispatcher';
import { WebhookService } from './webhook.service';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookSecretBox } from './webhook-secret-box';

/** The outbound webhooks' part of the conversations module (issue 26); its consumer is listed with the others. */
export const WEBHOOK_CONTROLLERS = [WebhookController];
export const WEBHOOK_PROVIDERS = [
  WebhookEndpointRepository,
  WebhookDeliveryRepository,
  WebhookDispatcher,
  WebhookService,
  WebhookSecretBox,
];
