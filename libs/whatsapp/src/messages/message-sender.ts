import type { Logger } from '@nestjs/common';

import type { WhatsAppSession } from '../providers/whatsapp-provider';
import type { ClaimedIntent, SendIntent, SendIntentRepository } from './send-intent.repository';

export interface MessageSenderOptions {
  connectionId: number;
  intents: SendIntentRepository;
  session: () => WhatsAppSession | null;
  loadMedia: (url: string) => Promise<Buffer>;
  /** A send waiting this long for a connected session fails with ERR_SENDING_WAPP_MSG. */
  sendTimeoutMs: number;
  /** How many chats are sent to at once (each chat's sends still go one at a time). */
  concurrency: number;
  logger: Logger;
}

/** How long to wait before looking again when a send had to wait for the session. */
const SESSION_WAIT_MS = 500;
/** Nothing to do: look again after this long even without a nudge. */
const IDLE_MS = 5_000;

/**
 * Carries out one connection's sends: up to `concurrency` chats at once, each chat's sends one at a
 * time, oldest first (a chat's next send is claimed only once its previous one is settled). An intent
 * found in `sending` was interrupted by a crash: it is settled as sent if the provider already has it,
 * or sent again under the same WhatsApp message id (which the recipient treats as the same message).
 */
export class MessageSender {
  private running = false;
  private wake?: () => void;
  /** A nudge arrived since the loop last looked: the next idle returns at once. */
  private nudged = false;
  private loop?: Promise<void>;
  /** Sends in flight, by chat. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Set when a send could not be settled (the database failed): nothing is claimed before this time. */
  private waitUntil = 0;

  constructor(private readonly options: MessageSenderOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something changed (a new intent, the session connected, a send settled): look again now. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Resolves once the loop has ended and every send in flight is settled (or left to the next owner). */
  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loop;
    await Promise.all(this.inFlight.values());
  }

  private async run(): Promise<void> {
    const { intents, connectionId, concurrency } = this.options;
    while (this.running) {
      try {
        this.nudged = false;
        const pauseMs = this.waitUntil - Date.now();
        if (pauseMs > 0) {
          await this.idle(pauseMs, false);
          continue;
        }
        const free = concurrency - this.inFlight.size;
        if (free <= 0) {
          await this.idle(IDLE_MS);
          continue;
        }
        const busy = [...this.inFlight.keys()];
        const session = this.options.session();
        if (!session?.connected) {
          await this.expireWaiting(await intents.openHeads(connectionId, free, busy));
          continue;
        }
        const claimed = await intents.claimNext(connectionId, free, busy);
        if (claimed.length === 0) {
          await this.idle(IDLE_MS);
          continue;
        }
        for (const intent of claimed) this.launch(session, intent);
      } catch (error) {
        this.options.logger.error({ connectionId, error: String(error) }, 'send loop failed; retrying');
        await this.idle(1_000, false);
      }
    }
  }

  private launch(session: WhatsAppSession, intent: ClaimedIntent): void {
    const chat = intent.command.to;
    const send = this.carryOut(session, intent)
      .catch((error) => {
        this.options.logger.error({ connectionId: this.options.connectionId, error: String(error) }, 'send failed to settle; retrying');
        this.waitUntil = Date.now() + 1_000;
      })
      .finally(() => {
        this.inFlight.delete(chat);
        this.nudge();
      });
    this.inFlight.set(chat, send);
  }

  /** No connected session: sends waiting longer than the send timeout fail; the others wait on. */
  private async expireWaiting(heads: SendIntent[]): Promise<void> {
    const { intents, sendTimeoutMs } = this.options;
    const expired = heads.filter((intent) => Date.now() - intent.createdAt.getTime() > sendTimeoutMs);
    for (const intent of expired) await intents.markFailed(intent, 'ERR_WAPP_NOT_INITIALIZED: the connection is not connected');
    if (expired.length === 0) await this.idle(heads.length > 0 ? SESSION_WAIT_MS : IDLE_MS);
  }

  /**
   * Settles the intent, unless the session dropped before or during the send: then it stays `sending`,
   * and its next claim checks with the provider before sending it again.
   */
  private async carryOut(session: WhatsAppSession, intent: ClaimedIntent): Promise<void> {
    const { intents } = this.options;
    if (!session.connected) return;
    if (intent.claimedFrom === 'sending' && (await session.wasSent(intent.waMessageId))) {
      await intents.markSent(intent);
      return;
    }
    let stored: string | undefined;
    try {
      ({ stored } = await session.send({
        messageId: intent.waMessageId,
        to: intent.command.to,
        isGroup: intent.command.isGroup,
        content: intent.command.content,
        quotedId: intent.command.quotedId,
        isForwarded: intent.command.isForwarded,
        loadMedia: this.options.loadMedia,
      }));
    } catch (error) {
      if (!session.connected) return; // the session dropped mid-send: try again once it is back
      await intents.markFailed(intent, error instanceof Error ? error.message : String(error));
      return;
    }
    await intents.markSent(intent, stored);
  }

  /** Waits `ms`, or less when nudged; a pause after a failure ends early only for stop(). */
  private idle(ms: number, wakeOnNudge = true): Promise<void> {
    if (wakeOnNudge && this.nudged) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = wakeOnNudge ? done : () => (this.running ? undefined : done());
    });
  }
}
