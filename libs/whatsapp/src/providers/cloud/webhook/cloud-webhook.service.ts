import { createHmac, timingSafeEqual } from 'node:crypto';

import { AppError } from '@app/platform';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';

import { CloudAccountRepository, type StoredCloudAccount } from '../cloud-account.repository';
import { CloudGraphFactory } from '../cloud-graph.factory';
import { CloudWebhookFiler } from './cloud-webhook-filer';
import { CloudWebhookInboxRepository } from './cloud-webhook-inbox.repository';
import { TokenBuckets } from './token-buckets';

/** Deliveries filed per claim; a connection's deliveries are filed in their order. */
const CLAIM_BATCH = 50;
/** How often deliveries nobody was woken for (or a dead process left claimed) are looked for. */
const SWEEP_MS = 5_000;
/**
 * How long a webhook key's account is reused without reading it again (Meta calls many times a
 * second): a changed app secret or verify token applies to the calls after this.
 */
const ACCOUNT_TTL_MS = 5_000;

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Meta's calls to a Cloud API connection's webhook URL. The URL's key names the connection; the
 * signature (HMAC-SHA256 of the exact bytes with the app secret) is checked before anything parses the
 * body; a verified delivery is stored before Meta gets its 200 and filed right after, so nothing Meta
 * handed over is lost when the process dies, and repeats are taken once.
 */
@Injectable()
export class CloudWebhookService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('WhatsappCloudWebhook');
  /** Per connection: Meta's bursts pass; a flood from anyone holding the URL does not. */
  private readonly perConnection = new TokenBuckets(2_000, 1_000);
  /** Per caller address, for keys that name no connection (guessing). */
  private readonly perAddress = new TokenBuckets(30, 5);
  private readonly draining = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly recent = new Map<string, { account: StoredCloudAccount; until: number }>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly accounts: CloudAccountRepository,
    private readonly inbox: CloudWebhookInboxRepository,
    private readonly filer: CloudWebhookFiler,
    private readonly graph: CloudGraphFactory,
  ) {}

  onModuleInit(): void {
    if (!this.graph.enabled) return;
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.draining.values()]);
  }

  /** GET: Meta's subscription check; answers the challenge when the verify token is the connection's. */
  async verify(webhookKey: string, verifyToken: string, challenge: string, address: string): Promise<string> {
    const account = await this.account(webhookKey, address);
    if (!sameSecret(this.graph.cipher.decrypt(account.verifyToken.stored), verifyToken)) {
      this.logger.warn({ connectionId: account.connectionId }, 'cloud webhook verification with a wrong verify token refused');
      throw new AppError('ERR_INVALID_TOKEN', 'The verify token is not the one saved on the connection');
    }
    return challenge;
  }

  /** POST: a signed delivery, stored for filing; refused (and logged, nothing stored) when the signature is wrong. */
  async receive(webhookKey: string, body: Buffer, signature: string | undefined, address: string): Promise<void> {
    const account = await this.account(webhookKey, address);
    if (!this.perConnection.take(String(account.connectionId))) {
      throw new AppError('ERR_RATE_LIMITED', 'Too many webhook calls for this connection', { retryAfterSeconds: 1 });
    }
    const expected = `sha256=${createHmac('sha256', this.graph.cipher.decrypt(account.appSecret.stored)).update(body).digest('hex')}`;
    if (!signature || !sameSecret(expected, signature)) {
      this.logger.warn(
        { connectionId: account.connectionId, address, signed: !!signature, bytes: body.length },
        'cloud webhook with a missing or wrong X-Hub-Signature-256 refused',
      );
      throw new AppError('ERR_INVALID_TOKEN', 'X-Hub-Signature-256 does not match the body signed with the app secret');
    }
    const text = body.toString('utf8');
    try {
      JSON.parse(text);
    } catch {
      throw new AppError('ERR_VALIDATION', 'The webhook body is not JSON');
    }
    await this.inbox.add(account.connectionId, account.companyId, text);
    this.wake(account);
  }

  private async account(webhookKey: string, address: string): Promise<StoredCloudAccount> {
    const now = Date.now();
    const cached = this.recent.get(webhookKey);
    if (cached && cached.until > now) return cached.account;
    const account = this.graph.enabled ? await this.accounts.byWebhookKey(webhookKey) : null;
    if (account) {
      if (this.recent.size > 10_000) this.recent.clear();
      this.recent.set(webhookKey, { account, until: now + ACCOUNT_TTL_MS });
    }
    if (!account) {
      if (!this.perAddress.take(address)) throw new AppError('ERR_RATE_LIMITED', 'Too many calls', { retryAfterSeconds: 5 });
      throw new AppError('ERR_NOT_FOUND', 'No Cloud API connection has this webhook URL');
    }
    return account;
  }

  /** Files the connection's waiting deliveries now, one drain per connection at a time. */
  private wake(account: Pick<StoredCloudAccount, 'connectionId'>): void {
    const id = account.connectionId;
    if (this.draining.has(id)) {
      this.again.add(id);
      return;
    }
    const drain = this.drain(id)
      .catch((error) => this.logger.error({ connectionId: id, error: String(error) }, 'filing cloud webhooks failed; the sweep retries'))
      .finally(() => {
        this.draining.delete(id);
        if (this.again.delete(id)) this.wake(account);
      });
    this.draining.set(id, drain);
  }

  private async drain(connectionId: number): Promise<void> {
    for (;;) {
      const deliveries = await this.inbox.claim(connectionId, CLAIM_BATCH);
      if (deliveries.length === 0) return;
      const account = await this.accounts.ofConnection(connectionId);
      // A connection deleted meanwhile: its deliveries have nobody to go to.
      if (account)
        await this.filer.file(
          account,
          deliveries.map((delivery) => delivery.body),
        );
      await this.inbox.remove(deliveries.map((delivery) => delivery.id));
    }
  }

  private async sweep(): Promise<void> {
    try {
      for (const connectionId of await this.inbox.waitingConnections()) this.wake({ connectionId });
    } catch (error) {
      this.logger.warn({ error: String(error) }, 'cloud webhook sweep failed');
    }
  }
}
