import { type NumberCheck, parseVCard, type SendContent } from '@app/contracts';
import type { Logger } from '@nestjs/common';

import type { OutgoingMessage, SessionContext, WhatsAppProvider, WhatsAppSession } from '../whatsapp-provider';
import { CloudAccountRepository, type StoredCloudAccount } from './cloud-account.repository';
import { CloudGraphFactory } from './cloud-graph.factory';
import { CloudMessageRepository } from './cloud-message.repository';
import { type GraphClient, GraphError } from './graph-client';
import { PacerStopped, SendPacer } from './send-pacer';

/** Meta's answers that mean the whole number (or its account or app) is over its limit: the connection pauses. */
const CONNECTION_LIMITS = new Set([130429, 80007, 4]);

/** Thrown when a free-form message would reach a contact outside the 24-hour window. */
export const WINDOW_CLOSED =
  'ERR_SENDING_WAPP_MSG: outside the 24-hour customer service window only an approved message template can be sent (Meta 131047)';

export interface CloudProviderDeps {
  accounts: CloudAccountRepository;
  messages: CloudMessageRepository;
  graph: CloudGraphFactory;
  logger: Logger;
  /** How long a send waits between tries after a rate-limit answer (tests shorten it, 131056's 6 s floor too). */
  backoffFirstMs?: number;
  /** Messages a second each connection may send (WHATSAPP_CLOUD_THROUGHPUT, default 80). */
  throughput?: number;
}

/**
 * A Cloud API connection: no socket to keep, only Meta's Graph API. The session checks the number
 * when it opens (CONNECTED with its display number, or DISCONNECTED saying what Meta refused) and
 * sends through POST /messages; what Meta sends back comes through the webhook, not the session.
 */
export class CloudSession implements WhatsAppSession {
  private account: StoredCloudAccount | null = null;
  private client: GraphClient | null = null;
  private open = false;
  private stopped = false;
  /** Paces this connection's requests to Meta (one session per connection in this process). */
  readonly pacer: SendPacer;

  constructor(
    private readonly context: SessionContext,
    private readonly deps: CloudProviderDeps,
  ) {
    this.pacer = new SendPacer({
      throughput: deps.throughput,
      backoffFirstMs: deps.backoffFirstMs,
      pairRateMs: deps.backoffFirstMs,
    });
  }

  get connected(): boolean {
    return this.open && !this.stopped;
  }

  async start(): Promise<void> {
    const { listener, connectionId } = this.context;
    await listener.onState({ status: 'OPENING', qrcode: '' });
    this.account = await this.deps.accounts.ofConnection(connectionId);
    if (!this.account) {
      await listener.onState({ status: 'DISCONNECTED', qrcode: '' });
      return;
    }
    this.client = this.deps.graph.clientOf(this.account);
    try {
      const info = await this.client.phoneNumber(this.account.phoneNumberId);
      await this.deps.accounts.recordCheck(connectionId, { ...info, checkError: '' });
      this.open = true;
      await listener.onState({ status: 'CONNECTED', qrcode: '', number: info.displayPhoneNumber.replace(/\D/g, ''), retries: 'reset' });
    } catch (error) {
      const reason = error instanceof GraphError ? error.message : String(error);
      await this.deps.accounts.recordCheck(connectionId, { checkError: reason });
      this.deps.logger.warn({ connectionId, reason }, 'cloud api number check failed');
      const temporary = error instanceof GraphError && error.retriable;
      await listener.onState({ status: temporary ? 'TIMEOUT' : 'DISCONNECTED', qrcode: '', retries: 'increment' });
    }
  }

  async send(message: OutgoingMessage): Promise<{ stored?: string }> {
    if (!this.connected || !this.account || !this.client) throw new Error('the Cloud API connection is not connected');
    const { content } = message;
    if (content.type === 'read') {
      for (const id of content.messageIds) await this.withBackoff(() => this.client!.markRead(this.account!.phoneNumberId, id), message.to);
      return {};
    }
    if (content.type === 'edit' || content.type === 'delete') {
      throw new Error(`ERR_SENDING_WAPP_MSG: the Cloud API cannot ${content.type} a sent message`);
    }
    if (message.isGroup) throw new Error('ERR_SENDING_WAPP_MSG: the Cloud API connection does not send to groups');
    if (content.type !== 'template') {
      const closesAt = await this.deps.messages.windowClosesAt(this.context.connectionId, message.to);
      if (!closesAt || closesAt.getTime() <= Date.now()) throw new Error(WINDOW_CLOSED);
    }
    const body = await this.messageBody(message);
    let wamid: string;
    try {
      wamid = await this.withBackoff(() => this.client!.sendMessage(this.account!.phoneNumberId, body), message.to);
    } catch (error) {
      if (error instanceof GraphError && error.code === 131047) throw new Error(WINDOW_CLOSED, { cause: error });
      throw error instanceof GraphError ? new Error(`ERR_SENDING_WAPP_MSG: Meta ${error.message}`, { cause: error }) : error;
    }
    await this.deps.messages.recordSent(this.context.connectionId, message.messageId, wamid);
    return {};
  }

  /**
   * Tries until Meta takes the request or refuses it for good, each try when the connection's pacer
   * lets it go. Rate-limit answers wait and try again: 130429 (and 80007, 4) pause the whole
   * connection, 131056 and Meta's temporary failures hold this recipient only. Meta took nothing when
   * it answered so, so such a message is neither lost nor sent twice. Stopping the session ends the
   * wait: the message stays to be sent by the next session.
   */
  private async withBackoff<T>(request: () => Promise<T>, to: string, { slot = true }: { slot?: boolean } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.pacer.acquire(to, { slot });
      } catch (error) {
        if (!(error instanceof PacerStopped)) throw error;
        this.open = false;
        throw new Error('the session stopped while waiting to send again', { cause: error });
      }
      try {
        const answer = await request();
        this.pacer.succeeded(to);
        return answer;
      } catch (error) {
        if (!(error instanceof GraphError) || !error.retriable || this.stopped) throw error;
        const wait = CONNECTION_LIMITS.has(error.code)
          ? this.pacer.throttled()
          : this.pacer.holdRecipient(to, { pairRate: error.code === 131056 });
        this.deps.logger.warn(
          { connectionId: this.context.connectionId, to, code: error.code, attempt, wait, whole: CONNECTION_LIMITS.has(error.code) },
          'cloud api asked to slow down',
        );
      }
    }
  }

  private async messageBody(message: OutgoingMessage): Promise<Record<string, unknown>> {
    const content = message.content as Exclude<SendContent, { type: 'read' | 'edit' | 'delete' }>;
    const base = { recipient_type: 'individual', to: message.to };
    const context = await this.replyContext(message.quotedId);
    switch (content.type) {
      case 'text':
        return { ...base, ...context, type: 'text', text: { body: content.body, preview_url: /https?:\/\//.test(content.body) } };
      case 'media': {
        const bytes = await message.loadMedia(content.mediaUrl);
        const id = await this.withBackoff(
          () =>
            this.client!.uploadMedia(
              this.account!.phoneNumberId,
              bytes,
              content.mimetype || 'application/octet-stream',
              content.fileName || 'file',
            ),
          message.to,
          { slot: false },
        );
        const type = content.mediaType;
        const media: Record<string, unknown> = { id };
        if (content.caption && (type === 'image' || type === 'video' || type === 'document')) media.caption = content.caption;
        if (type === 'document') media.filename = content.fileName;
        return { ...base, ...context, type, [type]: media };
      }
      case 'location':
        return {
          ...base,
          ...context,
          type: 'location',
          location: { latitude: content.latitude, longitude: content.longitude, name: content.name },
        };
      case 'vcard': {
        const card = parseVCard(content.vcard);
        const name = card?.name || content.displayName || 'Contato';
        return {
          ...base,
          ...context,
          type: 'contacts',
          contacts: [
            {
              name: { formatted_name: name, first_name: name },
              phones: (card?.phones ?? []).map((phone) => ({
                phone: phone.number,
                type: 'CELL',
                ...(phone.waid ? { wa_id: phone.waid } : {}),
              })),
            },
          ],
        };
      }
      case 'reaction': {
        const target = (await this.deps.messages.wamidOf(this.context.connectionId, content.targetId)) ?? content.targetId;
        return { ...base, type: 'reaction', reaction: { message_id: target, emoji: content.emoji } };
      }
      case 'template': {
        const components: Record<string, unknown>[] = [];
        if (content.headerParameters.length) {
          components.push({ type: 'header', parameters: content.headerParameters.map((text) => ({ type: 'text', text })) });
        }
        if (content.bodyParameters.length) {
          components.push({ type: 'body', parameters: content.bodyParameters.map((text) => ({ type: 'text', text })) });
        }
        return { ...base, type: 'template', template: { name: content.name, language: { code: content.language }, components } };
      }
    }
  }

  /** A reply names the quoted message by Meta's id (ours are translated; received ones are Meta's already). */
  private async replyContext(quotedId: string | null): Promise<{ context?: { message_id: string } }> {
    if (!quotedId) return {};
    const wamid = (await this.deps.messages.wamidOf(this.context.connectionId, quotedId)) ?? quotedId;
    return { context: { message_id: wamid } };
  }

  async wasSent(messageId: string): Promise<boolean> {
    return (await this.deps.messages.wamidOf(this.context.connectionId, messageId)) !== null;
  }

  /** The Cloud API has no contact lookup: a well-formed number is taken as reachable (Meta answers 131026 if not). */
  async checkNumbers(numbers: string[]): Promise<NumberCheck[]> {
    if (!this.connected) throw new Error('the Cloud API connection is not connected');
    return numbers.map((number) => {
      const exists = /^\d{8,15}$/.test(number);
      return { number, exists, jid: exists ? `${number}@s.whatsapp.net` : null };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.open = false;
    this.pacer.stop();
  }

  async logout(): Promise<void> {
    await this.stop();
    await this.context.listener.onState({ status: 'DISCONNECTED', qrcode: '' });
  }
}

export class CloudProvider implements WhatsAppProvider {
  readonly kind = 'cloud' as const;

  constructor(private readonly deps: CloudProviderDeps) {}

  createSession(context: SessionContext): CloudSession {
    return new CloudSession(context, this.deps);
  }
}
