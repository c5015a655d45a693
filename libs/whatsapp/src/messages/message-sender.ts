import type { Logger } from '@nestjs/common';

import type { WhatsAppSession } from '../providers/whatsapp-provider';
import type { SendIntent, SendIntentRepository } from './send-intent.repository';

export interface MessageSenderOptions {
  connectionId: number;
  intents: SendIntentRepository;
  session: () => WhatsAppSession | null;
  loadMedia: (url: string) => Promise<Buffer>;
  /** A send waiting this long for a connected session fails with ERR_SENDING_WAPP_MSG. */
  sendTimeoutMs: number;
  logger: Logger;
}

/**
 * Carries out one connection's sends one at a time, oldest first. An intent found in `sending`
 * was interrupted by a crash: it is settled as sent if the provider already has it, or sent again
 * under the same WhatsApp message id (which the recipient treats as the same message).
 */
export class MessageSender {
  private running = false;
  private wake?: () => void;
  private loop?: Promise<void>;

  constructor(private readonly options: MessageSenderOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Something changed (a new intent, the session connected): look again now. */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const intent = await this.options.intents.nextOpen(this.options.connectionId);
        if (!intent) {
          await this.idle(5_000);
          continue;
        }
        const settled = await this.carryOut(intent);
        if (!settled) await this.idle(500);
      } catch (error) {
        this.options.logger.error({ connectionId: this.options.connectionId, error: String(error) }, 'send loop failed; retrying');
        await this.idle(1_000);
      }
    }
  }

  /** False when the intent has to wait (no connected session yet). */
  private async carryOut(intent: SendIntent): Promise<boolean> {
    const { intents, sendTimeoutMs } = this.options;
    const session = this.options.session();
    if (!session?.connected) {
      if (Date.now() - intent.createdAt.getTime() <= sendTimeoutMs) return false;
      await intents.markFailed(intent, 'ERR_WAPP_NOT_INITIALIZED: the connection is not connected');
      return true;
    }
    if (intent.status === 'sending' && (await session.wasSent(intent.waMessageId))) {
      await intents.markSent(intent);
      return true;
    }
    await intents.markSending(intent);
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
      if (!session.connected) return false; // the session dropped mid-send: try again once it is back
      await intents.markFailed(intent, error instanceof Error ? error.message : String(error));
      return true;
    }
    await intents.markSent(intent, stored);
    return true;
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
