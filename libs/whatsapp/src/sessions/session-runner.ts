import type { Logger } from '@nestjs/common';

import type { AuthStateRepository } from '../common/auth-state.repository';
import type { SessionLease, SessionLeaseRepository } from '../common/session-lease.repository';
import type { MediaStore } from '../media/media-store';
import type { InboundMessageService } from '../messages/inbound-message.service';
import { MessageSender } from '../messages/message-sender';
import type { SendIntentRepository } from '../messages/send-intent.repository';
import type { SessionListener, SessionStateChange, WhatsAppProvider, WhatsAppSession } from '../providers/whatsapp-provider';
import type { SessionStateWriter } from './session-state.writer';

export interface SessionRunnerDeps {
  owner: string;
  leases: SessionLeaseRepository;
  leaseTtlMs: number;
  auth: AuthStateRepository;
  state: SessionStateWriter;
  inbound: InboundMessageService;
  intents: SendIntentRepository;
  media: MediaStore;
  sendTimeoutMs: number;
  sendConcurrency: number;
  logger: Logger;
}

export interface RunnerConnection {
  id: number;
  companyId: number;
  proxyUrl: string;
}

/**
 * Runs one connection's session in this process: takes the lease (waiting while another process
 * still holds it), keeps it renewed, opens the provider's session and its send loop, and gives all
 * of it up, socket first, lease last.
 */
export class SessionRunner {
  private lease: SessionLease | null = null;
  private session: WhatsAppSession | null = null;
  private renewTimer?: NodeJS.Timeout;
  private stopping = false;
  private starting?: Promise<void>;
  private readonly sender: MessageSender;

  constructor(
    private readonly connection: RunnerConnection,
    private readonly provider: WhatsAppProvider,
    private readonly deps: SessionRunnerDeps,
  ) {
    this.sender = new MessageSender({
      connectionId: connection.id,
      intents: deps.intents,
      session: () => this.session,
      loadMedia: (url) => deps.media.load(connection.companyId, url),
      sendTimeoutMs: deps.sendTimeoutMs,
      concurrency: deps.sendConcurrency,
      logger: deps.logger,
    });
  }

  get connectionId(): number {
    return this.connection.id;
  }

  get companyId(): number {
    return this.connection.companyId;
  }

  get stopped(): boolean {
    return this.stopping;
  }

  get current(): WhatsAppSession | null {
    return this.session;
  }

  /** Resolves once the session has been opened (or the runner was stopped while waiting for the lease). */
  start(): Promise<void> {
    this.starting ??= this.run();
    return this.starting;
  }

  private async run(): Promise<void> {
    const { leases, owner, leaseTtlMs } = this.deps;
    while (!this.stopping && !this.lease) {
      this.lease = await leases.tryAcquire(this.connection.id, owner);
      if (!this.lease) await sleep(Math.min(1_000, leaseTtlMs / 4));
    }
    if (this.stopping || !this.lease) return;
    this.renewTimer = setInterval(() => void this.renew(), Math.max(200, Math.floor(leaseTtlMs / 3)));
    this.sender.start();
    await this.openSession();
  }

  private async openSession(): Promise<void> {
    const session = this.provider.createSession({
      connectionId: this.connection.id,
      companyId: this.connection.companyId,
      proxyUrl: this.connection.proxyUrl,
      lease: this.lease!,
      auth: this.deps.auth,
      listener: this.listener(),
    });
    this.session = session;
    await session.start();
    this.sender.nudge();
  }

  /** Ends the socket and opens a new one under the same lease (restart, new QR). */
  async reopen({ forgetLogin }: { forgetLogin: boolean }): Promise<void> {
    await this.start();
    if (this.stopping || !this.lease) return;
    await this.session?.stop();
    this.session = null;
    if (forgetLogin) await this.deps.auth.clear(this.connection.id);
    await this.openSession();
  }

  async logout(): Promise<void> {
    await this.start();
    if (!this.session) return;
    await this.session.logout();
  }

  nudgeSender(): void {
    this.sender.nudge();
  }

  /** Socket fully ended first, then the lease is freed for the next owner. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    clearInterval(this.renewTimer);
    await this.sender.stop();
    await this.session?.stop().catch((error) => this.deps.logger.warn({ error: String(error) }, 'session stop failed'));
    this.session = null;
    if (this.lease) await this.deps.leases.release(this.lease).catch(() => undefined);
    this.lease = null;
  }

  private async renew(): Promise<void> {
    if (!this.lease || this.stopping) return;
    const held = await this.deps.leases.renew(this.lease).catch(() => true);
    if (!held) {
      this.deps.logger.error({ connectionId: this.connection.id }, 'session lease lost to another process; ending the socket');
      this.lease = null;
      void this.stop();
    }
  }

  private listener(): SessionListener {
    const { companyId, id: connectionId } = this.connection;
    const { inbound, state, logger } = this.deps;
    return {
      onState: async (change: SessionStateChange) => {
        if (this.stopping || !this.lease) return;
        await state.apply(this.lease, connectionId, change);
        if (change.status === 'CONNECTED') this.sender.nudge();
      },
      onMessage: async (message) => {
        await inbound.receive(companyId, connectionId, message);
      },
      onMessages: async (messages) => {
        await inbound.receiveAll(companyId, connectionId, messages);
      },
      onAck: async (messageId, ack) => {
        await inbound.ack(companyId, connectionId, messageId, ack);
      },
      onEdit: (messageId, body, fromMe) => inbound.edit(companyId, connectionId, messageId, body, fromMe),
      onDelete: (messageId, fromMe) => inbound.delete(companyId, connectionId, messageId, fromMe),
      onPresence: (chat, presence) => inbound.presence(companyId, connectionId, chat, presence),
      onContact: async (contact) => {
        if (contact.lid && contact.number) await this.deps.auth.saveLidMapping(connectionId, contact.lid, contact.number);
        await inbound.contact(companyId, connectionId, contact);
      },
      onFatal: (reason) => {
        logger.error({ connectionId, reason }, 'session cannot go on; stopping it');
        void this.stop();
      },
    };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
