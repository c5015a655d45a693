import { Injectable, Logger } from '@nestjs/common';

import { InboundMessageService } from '../../../messages/inbound-message.service';
import { SendIntentRepository } from '../../../messages/send-intent.repository';
import type { InboundMessage } from '../../whatsapp-provider';
import type { StoredCloudAccount } from '../cloud-account.repository';
import { CloudGraphFactory } from '../cloud-graph.factory';
import { CloudMessageRepository } from '../cloud-message.repository';
import { GraphError } from '../graph-client';
import { normaliseCloudMessage } from './cloud-normalise';
import {
  cloudChangeValueSchema,
  cloudInboundMessageSchema,
  type CloudStatus,
  cloudStatusSchema,
  cloudWebhookSchema,
} from './cloud-webhook.schema';

/** Meta answered that the media is not there (not a pause: asking again will not bring it). */
const goneMedia = (error: unknown) => error instanceof GraphError && !error.retriable;

/** Meta's statuses as the platform's acks (Baileys' scale: 2 server, 3 delivered, 4 read). */
const ACKS: Record<string, number> = { sent: 2, delivered: 3, read: 4 };

/**
 * Files one verified webhook delivery of a Cloud API connection: its messages through the inbound
 * path every provider uses (each message id once per connection, however often Meta repeats it),
 * its statuses as acks and failures, the conversations Meta bills. Only changes naming this
 * connection's own phone number id are read; anything else in the payload is ignored.
 */
@Injectable()
export class CloudWebhookFiler {
  private readonly logger = new Logger('WhatsappCloudWebhook');

  constructor(
    private readonly inbound: InboundMessageService,
    private readonly messages: CloudMessageRepository,
    private readonly intents: SendIntentRepository,
    private readonly graph: CloudGraphFactory,
  ) {}

  /**
   * Files deliveries of the connection in their order: all their messages in one inbound burst (one
   * statement, a repeated id taken once), then their statuses.
   */
  async file(account: StoredCloudAccount, bodies: unknown[]): Promise<void> {
    const messages: unknown[] = [];
    const statuses: unknown[] = [];
    const pushNames = new Map<string, string>();
    for (const body of bodies) {
      for (const value of this.changesOf(account, body)) {
        for (const contact of value.contacts ?? []) if (contact.profile?.name) pushNames.set(contact.wa_id, contact.profile.name);
        messages.push(...(value.messages ?? []));
        statuses.push(...(value.statuses ?? []));
      }
    }
    await this.fileMessages(account, messages, pushNames);
    await this.fileStatuses(account, statuses);
  }

  /** The `messages` changes of a delivery that name this connection's own phone number id. */
  private changesOf(account: StoredCloudAccount, body: unknown) {
    const webhook = cloudWebhookSchema.safeParse(body);
    if (!webhook.success) {
      this.logger.warn({ connectionId: account.connectionId }, 'cloud webhook of an unknown shape ignored');
      return [];
    }
    return webhook.data.entry.flatMap((entry) =>
      entry.changes.flatMap((change) => {
        if (change.field !== 'messages') return [];
        const value = cloudChangeValueSchema.safeParse(change.value);
        if (!value.success) return [];
        if (value.data.metadata.phone_number_id !== account.phoneNumberId) {
          this.logger.warn({ connectionId: account.connectionId }, 'cloud webhook change for another phone number ignored');
          return [];
        }
        return [value.data];
      }),
    );
  }

  private async fileMessages(account: StoredCloudAccount, raw: unknown[], pushNames: Map<string, string>): Promise<void> {
    const parsed = raw.flatMap((item) => {
      const message = cloudInboundMessageSchema.safeParse(item);
      if (!message.success) this.logger.warn({ connectionId: account.connectionId }, 'cloud message of an unknown shape skipped');
      return message.success ? [message.data] : [];
    });
    if (parsed.length === 0) return;
    const referenced = parsed.flatMap((m) => [m.context?.id, m.reaction?.message_id]).filter((id): id is string => !!id);
    const ownIds = await this.messages.ownIds(account.connectionId, referenced);
    let client: ReturnType<CloudGraphFactory['clientOf']> | undefined;
    const loadMedia = async (mediaId: string) => (await (client ??= this.graph.clientOf(account)).downloadMedia(mediaId)).bytes;
    const normalised: InboundMessage[] = parsed.map((message) => normaliseCloudMessage(message, { pushNames, ownIds, loadMedia }));
    const lastInbound = new Map<string, Date>();
    for (const message of normalised) {
      const at = new Date(message.timestamp);
      const known = lastInbound.get(message.sender.number!);
      if (!known || known < at) lastInbound.set(message.sender.number!, at);
    }
    // The window opens before the messages are filed: an answer sent the moment one appears is allowed.
    await this.messages.openWindows(account.connectionId, lastInbound);
    try {
      await this.inbound.receiveAll(account.companyId, account.connectionId, normalised);
    } catch (error) {
      if (!goneMedia(error)) throw error;
      // A media Meta no longer has (or never had) must not hold back the burst: each message is filed
      // on its own, and the one whose media is gone is filed without it.
      for (const message of normalised) await this.receiveWithoutGoneMedia(account, message);
    }
  }

  private async receiveWithoutGoneMedia(account: StoredCloudAccount, message: InboundMessage): Promise<void> {
    try {
      await this.inbound.receive(account.companyId, account.connectionId, message);
    } catch (error) {
      if (!goneMedia(error)) throw error;
      this.logger.warn(
        { connectionId: account.connectionId, messageId: message.id, error: String(error) },
        'cloud media gone; filed without it',
      );
      await this.inbound.receive(account.companyId, account.connectionId, { ...message, media: null });
    }
  }

  private async fileStatuses(account: StoredCloudAccount, raw: unknown[]): Promise<void> {
    const statuses = raw.flatMap((item) => {
      const status = cloudStatusSchema.safeParse(item);
      return status.success ? [status.data] : [];
    });
    if (statuses.length === 0) return;
    const ownIds = await this.messages.ownIds(
      account.connectionId,
      statuses.map((s) => s.id),
    );
    for (const status of statuses) {
      if (!(await this.messages.firstStatus(account.connectionId, status.id, status.status))) continue;
      await this.recordBilling(account, status);
      const messageId = ownIds.get(status.id) ?? status.id;
      const ack = ACKS[status.status];
      if (ack !== undefined) await this.inbound.ack(account.companyId, account.connectionId, messageId, ack);
      else if (status.status === 'failed') await this.failed(account, messageId, status);
    }
  }

  /** A message Meta accepted and then could not deliver: its send fails with Meta's code and title. */
  private async failed(account: StoredCloudAccount, messageId: string, status: CloudStatus): Promise<void> {
    const intent = await this.intents.byMessageId(account.connectionId, messageId);
    if (!intent) return;
    const reason = (status.errors ?? [])
      .map((e) => `${e.code}: ${e.title ?? e.message ?? ''}${e.error_data?.details ? ` (${e.error_data.details})` : ''}`)
      .join('; ');
    await this.intents.markFailed(intent, reason || 'Meta reported the message as failed');
  }

  private async recordBilling(account: StoredCloudAccount, status: CloudStatus): Promise<void> {
    if (!status.pricing) return;
    await this.messages.recordBilled(account.connectionId, account.companyId, {
      // Conversation-based pricing bills a conversation once; per-message pricing bills each message.
      billingId: status.conversation?.id ?? status.id,
      category: status.pricing.category,
      billable: status.pricing.billable ?? true,
      pricingModel: status.pricing.pricing_model ?? '',
      billedAt: new Date(Number(status.timestamp) * 1000),
    });
  }
}
