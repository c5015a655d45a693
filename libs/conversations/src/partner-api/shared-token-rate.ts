import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';

import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../common/conversations-options';
import { ApiTokenRateRepository } from './api-token-rate.repository';

/** The default rate of one token, over all processes. */
export const PARTNER_API_RATE = { points: 50, seconds: 1 };
/** How often a process adds its counts to the shared ones and reads the others'. */
const SYNC_MS = 100;
/** Windows older than this many are deleted. */
const KEPT_WINDOWS = 10;

interface TokenWindow {
  window: number;
  /** This process's requests in the window, and how many of them the shared row has. */
  mine: number;
  synced: number;
  /** The other processes' requests in the window, as of the last sync. */
  others: number;
}

/** A request over the rate: how long until the token's window ends. */
export class RateExceeded {
  constructor(readonly msBeforeNext: number) {}
}

/**
 * A token's rate over every process (decision 0051, "Rate"): windows of `seconds` on the wall clock;
 * each process decides from its own count plus the others' as of its last sync, and every 100 ms
 * while it has traffic adds its new requests to the shared row (`conversations.api_token_rates`) and
 * reads the total back, in one statement for all its tokens. So a request costs no statement, and N
 * replicas let at most the rate plus what the others took in the last 100 ms through, not N times the
 * rate. If the database cannot be reached the process goes on with its own count.
 */
@Injectable()
export class SharedTokenRate implements OnApplicationShutdown {
  private readonly logger = new Logger(SharedTokenRate.name);
  private readonly points: number;
  private readonly windowMs: number;
  private readonly tokens = new Map<number, TokenWindow>();
  private timer?: NodeJS.Timeout;
  private syncing: Promise<void> | null = null;
  private lastPrune = 0;

  constructor(
    private readonly rates: ApiTokenRateRepository,
    @Inject(CONVERSATIONS_OPTIONS) options: ConversationsOptions,
  ) {
    const rate = options.partnerApiRate ?? PARTNER_API_RATE;
    this.points = rate.points;
    this.windowMs = rate.seconds * 1_000;
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  /** Counts a request of the token: the points left, or RateExceeded (thrown) when the window is used up. */
  consume(tokenId: number, now = Date.now()): number {
    const window = Math.floor(now / this.windowMs);
    let entry = this.tokens.get(tokenId);
    if (!entry || entry.window !== window) this.tokens.set(tokenId, (entry = { window, mine: 0, synced: 0, others: 0 }));
    if (entry.mine + entry.others >= this.points) throw new RateExceeded((window + 1) * this.windowMs - now);
    entry.mine += 1;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.sync();
    }, SYNC_MS).unref();
    return this.points - entry.mine - entry.others;
  }

  /** Adds this process's new requests to the shared counts and reads the others'. */
  sync(): Promise<void> {
    this.syncing ??= this.write().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async write(): Promise<void> {
    const sent = [...this.tokens].map(([tokenId, entry]) => ({ tokenId, entry, delta: entry.mine - entry.synced }));
    if (sent.length === 0) return;
    try {
      const totals = await this.rates.add(sent.map(({ tokenId, entry, delta }) => ({ tokenId, window: entry.window, uses: delta })));
      for (const { tokenId, entry, delta } of sent) {
        entry.synced += delta;
        const total = totals.get(`${tokenId}:${entry.window}`);
        if (total !== undefined) entry.others = Math.max(0, total - entry.synced);
      }
      await this.prune(Math.floor(Date.now() / this.windowMs));
    } catch (error) {
      this.logger.warn({ error }, 'partner API rate: the shared counts could not be synced, counting in this process alone');
    }
    // Windows that are over and fully synced are forgotten here.
    const current = Math.floor(Date.now() / this.windowMs);
    for (const [tokenId, entry] of this.tokens) if (entry.window < current && entry.mine === entry.synced) this.tokens.delete(tokenId);
  }

  private async prune(current: number): Promise<void> {
    if (Date.now() - this.lastPrune < KEPT_WINDOWS * this.windowMs) return;
    this.lastPrune = Date.now();
    await this.rates.forgetWindowsBefore(current - KEPT_WINDOWS);
  }
}
