import { OutboundUrlGuard, OutboundUrlRefusedError } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';

import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../common/conversations-options';
import { type ClaimedDelivery, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { postWebhook } from './webhook-http';
import { WebhookSecretBox } from './webhook-secret-box';
import { webhookHeaders } from './webhook-signature';

/** 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 4 h: the 11th failure, about 20 h after the first, is dead-lettered. */
export const DEFAULT_WEBHOOK_BACKOFF_MS = [5e3, 30e3, 120e3, 600e3, 1_800e3, 3_600e3, 7_200e3, 14_400e3, 28_800e3, 14_400e3];
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_PER_ENDPOINT = 8;
const DEFAULT_SWEEP_MS = 1_000;
/** Deliveries leased per claim. */
const CLAIM_LIMIT = 200;
/** A lease outlives the call's timeout by this much; a dispatcher that died leaves its rows to the next after that. */
const LEASE_SLACK_MS = 30_000;
/** A Retry-After longer than this is not waited for (the schedule's next wait is). */
const RETRY_AFTER_MAX_MS = 3_600e3;
const PURGE_MS = 60 * 60_000;
const SETTLED_KEPT_DAYS = 30;

/**
 * Sends the queued webhook deliveries. Each claim leases the due ones (at most `perEndpoint` in
 * flight per endpoint, the oldest pending of a ticket only); each is sent on its own, and its end
 * settles it (delivered, retried after the backoff, or dead-lettered) and wakes the claim again.
 * A slow or failing endpoint holds its own slots only, so another company's deliveries are never
 * behind it; every call is bounded by the timeout.
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly backoffMs: number[];
  private readonly timeoutMs: number;
  private readonly perEndpoint: number;
  private readonly sweepMs: number;
  private readonly inFlight = new Map<number, number>();
  private readonly sending = new Set<Promise<void>>();
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private sweeping?: NodeJS.Timeout;
  private purging?: NodeJS.Timeout;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly guard: OutboundUrlGuard,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly secrets: WebhookSecretBox,
    @Inject(CONVERSATIONS_OPTIONS) options: ConversationsOptions,
  ) {
    this.backoffMs = options.webhooks?.backoffMs ?? DEFAULT_WEBHOOK_BACKOFF_MS;
    this.timeoutMs = options.webhooks?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.perEndpoint = options.webhooks?.perEndpoint ?? DEFAULT_PER_ENDPOINT;
    this.sweepMs = options.webhooks?.sweepMs ?? DEFAULT_SWEEP_MS;
  }

  /**
   * Seals the secrets an older version stored in the clear (a one-time step: the migration cannot
   * seal, the key is in the configuration), before the first delivery is claimed.
   */
  async onModuleInit(): Promise<void> {
    const sealed = await this.endpoints.sealPlainSecrets(this.secrets);
    if (sealed > 0) this.logger.log({ sealed }, 'webhooks: sealed the signing secrets stored in the clear');
  }

  onApplicationBootstrap(): void {
    this.sweeping = setInterval(() => this.wake(), this.sweepMs);
    this.sweeping.unref();
    this.purging = setInterval(() => void this.purge(), PURGE_MS);
    this.purging.unref();
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeping);
    clearInterval(this.purging);
    await this.claiming;
    await Promise.all([...this.sending]);
  }

  /** Claims due deliveries now; a wake-up while claiming makes it claim once more. */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimAll()
      .catch((error: unknown) => this.logger.warn({ error }, 'webhooks: claiming failed, the sweep tries again'))
      .finally(() => {
        this.claiming = null;
      });
  }

  /** Until nothing more is due that this process can take: the deliveries in flight wake it when they end. */
  async settled(): Promise<void> {
    while (this.claiming || this.sending.size > 0) {
      await this.claiming;
      await Promise.race([...this.sending]);
    }
  }

  private async claimAll(): Promise<void> {
    do {
      this.again = false;
      let claimed: ClaimedDelivery[];
      do {
        claimed = this.stopped
          ? []
          : await this.deliveries.claim(CLAIM_LIMIT, this.perEndpoint, this.inFlight, this.timeoutMs + LEASE_SLACK_MS);
        for (const delivery of claimed) this.start(delivery);
      } while (claimed.length === CLAIM_LIMIT);
    } while (this.again && !this.stopped);
  }

  private start(delivery: ClaimedDelivery): void {
    this.inFlight.set(delivery.endpoint_id, (this.inFlight.get(delivery.endpoint_id) ?? 0) + 1);
    const sending: Promise<void> = this.send(delivery)
      .catch((error: unknown) =>
        this.logger.warn({ error, delivery: delivery.id }, 'webhooks: settling a delivery failed; its lease ends it'),
      )
      .finally(() => {
        const left = (this.inFlight.get(delivery.endpoint_id) ?? 1) - 1;
        if (left > 0) this.inFlight.set(delivery.endpoint_id, left);
        else this.inFlight.delete(delivery.endpoint_id);
        this.sending.delete(sending);
        this.wake();
      });
    this.sending.add(sending);
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify(delivery.payload);
    let status: number | null = null;
    let error: string;
    let retryAfterMs: number | null = null;
    try {
      // A secret that does not open (sealed under another key) fails the attempt like an unreachable receiver.
      const secrets = [this.secrets.open(delivery.secret)];
      if (delivery.previous_secret && delivery.previous_secret_until && delivery.previous_secret_until.getTime() > Date.now()) {
        secrets.push(this.secrets.open(delivery.previous_secret));
      }
      const headers = webhookHeaders(secrets, delivery.message_id, Math.floor(Date.now() / 1000), body);
      const answer = await postWebhook(this.guard, delivery.url, headers, body, this.timeoutMs);
      if (answer.status >= 200 && answer.status < 300) {
        await this.deliveries.markDelivered(delivery.id, answer.status);
        return;
      }
      status = answer.status;
      retryAfterMs = answer.retryAfterMs;
      error = `HTTP ${answer.status}`;
    } catch (failure) {
      error = describe(failure, this.timeoutMs);
    }
    await this.deliveries.markFailed(delivery.id, status, error, this.retryAt(delivery.attempts, retryAfterMs));
  }

  /** When the attempt after the `attempts`-th is due (with ±10% jitter), or null: dead-lettered. */
  private retryAt(attempts: number, retryAfterMs: number | null): Date | null {
    const wait = this.backoffMs[attempts - 1];
    if (wait === undefined) return null;
    const jittered = wait * (0.9 + Math.random() * 0.2);
    const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, RETRY_AFTER_MAX_MS);
    return new Date(Date.now() + Math.max(jittered, asked));
  }

  private async purge(): Promise<void> {
    try {
      while (!this.stopped && (await this.deliveries.purgeSettled(SETTLED_KEPT_DAYS, 5_000)) === 5_000);
    } catch (error) {
      this.logger.warn({ error }, 'webhooks: purge failed');
    }
  }
}

function describe(failure: unknown, timeoutMs: number): string {
  if (failure instanceof OutboundUrlRefusedError) return `refused: ${failure.message}`;
  const error = failure as { name?: string; code?: string; message?: string };
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return error.code ? `${error.code}: ${error.message ?? ''}`.trim() : (error.message ?? 'request failed');
}
