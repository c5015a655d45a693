import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Client } from 'pg';

import { CampaignShippingRepository } from '../common/campaign-shipping.repository';

/** How long whether a connection has confirmations awaiting is taken as known without hearing of them. */
const KNOWN_FOR_MS = 1_000;
/** How long "none awaiting" is taken as known while the watch hears every confirmation that starts awaiting. */
const KNOWN_NONE_WHILE_HEARING_MS = 60_000;

/**
 * Whether a contact's message answers a campaign's confirmation. Every message a connection receives
 * is asked about, so whether the connection has any confirmation awaiting at all is known in memory,
 * and the number looked up only when it has. The watch LISTENs for confirmations that start awaiting
 * (any outbound process announces them on commit), so "none awaiting" holds until one does; without
 * the listener (it failed, or is reconnecting) it is read again at most once a second. A
 * confirmation's answer comes after WhatsApp delivered it and the contact read it: seconds, not the
 * moment either may lag by.
 */
@Injectable()
export class ConfirmationWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConfirmationWatch.name);
  private readonly awaiting = new Map<number, { any: Promise<boolean>; at: number }>();
  private listener: Client | null = null;
  private hearing = false;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(private readonly shipping: CampaignShippingRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.hearing = false;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  async answers(connectionId: number, number: string): Promise<boolean> {
    const now = Date.now();
    let known = this.awaiting.get(connectionId);
    if (!known || now - known.at > (await this.knownFor(known))) {
      known = { any: this.shipping.awaitsAny(connectionId), at: now };
      this.awaiting.set(connectionId, known);
      known.any.catch(() => this.awaiting.delete(connectionId));
    }
    return (await known.any) && (await this.shipping.awaits(connectionId, number));
  }

  private async knownFor(known: { any: Promise<boolean> } | undefined): Promise<number> {
    if (!known || !this.hearing) return KNOWN_FOR_MS;
    return (await known.any.catch(() => true)) ? KNOWN_FOR_MS : KNOWN_NONE_WHILE_HEARING_MS;
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    try {
      const listener = await this.shipping.listenForAwaiting(
        (connectionId) => this.awaiting.delete(connectionId),
        (error) => {
          this.logger.warn({ error }, 'the confirmations listener failed; listening again');
          this.hearing = false;
          void listener?.end().catch(() => undefined);
          this.listener = null;
          this.retry = setTimeout(() => void this.listen(), 1_000).unref();
        },
      );
      if (this.stopped) {
        await listener?.end().catch(() => undefined);
        return;
      }
      this.listener = listener;
      // What was learnt while not hearing may have missed a confirmation: forget it.
      this.awaiting.clear();
      this.hearing = listener !== null;
    } catch (error) {
      this.logger.warn({ error }, 'the confirmations listener could not start; listening again');
      this.retry = setTimeout(() => void this.listen(), 1_000).unref();
    }
  }
}
