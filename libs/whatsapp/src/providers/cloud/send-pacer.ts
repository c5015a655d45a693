/** Meta's default throughput of a Cloud API number: 80 messages a second. */
export const DEFAULT_CLOUD_THROUGHPUT = 80;
/** Backoff after Meta's rate-limit answers: 1 s, 2 s, 4 s ... at most a minute between tries. */
export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
/** 131056: Meta allows about one message every 6 seconds to the same recipient. */
export const PAIR_RATE_MS = 6_000;

/** The wait ended because the session stopped (the message stays for the next owner). */
export class PacerStopped extends Error {
  constructor() {
    super('the session stopped while waiting to send');
  }
}

export interface SendPacerOptions {
  /** Messages a second the number may send (WHATSAPP_CLOUD_THROUGHPUT). */
  throughput?: number;
  /** The first wait after a rate-limit answer, doubling up to BACKOFF_MAX_MS. */
  backoffFirstMs?: number;
  /** The least a 131056 holds its recipient (PAIR_RATE_MS; tests shorten it). */
  pairRateMs?: number;
  now?: () => number;
}

/**
 * Paces the sends of one Cloud API connection in this process (decision 0057): the requests to Meta's
 * messages endpoint are spaced to the number's throughput, a throughput answer (130429, and the
 * account/app limits 80007 and 4) pauses the whole connection with a doubling backoff, and a pair-rate
 * answer (131056) holds only its recipient. The pacer never drops or repeats anything: it only decides
 * when the next try may go, and the caller tries again only after Meta answered that it took nothing.
 */
export class SendPacer {
  private readonly intervalMs: number;
  private readonly backoffFirstMs: number;
  private readonly pairRateMs: number;
  private readonly now: () => number;
  /** When the last request left, as measured when it did (not as planned: a late timer only widens the gap). */
  private lastSentAt = -Infinity;
  /** The requests waiting for their slot, one after the other. */
  private turns: Promise<void> = Promise.resolve();
  /** The whole connection waits until then (130429). */
  private pausedUntil = 0;
  private connectionBackoffMs: number;
  /** Recipients held by 131056 or a temporary failure: until when, and their next backoff. */
  private readonly recipients = new Map<string, { until: number; backoffMs: number }>();
  private readonly waiting = new Set<{ timer: NodeJS.Timeout; reject: (error: Error) => void }>();
  private stopped = false;

  constructor(options: SendPacerOptions = {}) {
    const throughput = Math.max(1, options.throughput ?? DEFAULT_CLOUD_THROUGHPUT);
    this.intervalMs = 1_000 / throughput;
    this.backoffFirstMs = options.backoffFirstMs ?? BACKOFF_FIRST_MS;
    this.pairRateMs = options.pairRateMs ?? PAIR_RATE_MS;
    this.connectionBackoffMs = this.backoffFirstMs;
    this.now = options.now ?? Date.now;
  }

  /** Whether the whole connection is paused now (for tests and logs). */
  get paused(): boolean {
    return this.pausedUntil > this.now();
  }

  /**
   * Waits until a request to `to` may leave: after the connection's pause, the recipient's hold and
   * the next free slot of the throughput. `slot: false` (a media upload, not a message) waits for the
   * pauses only.
   */
  async acquire(to: string, { slot = true }: { slot?: boolean } = {}): Promise<void> {
    for (;;) {
      if (this.stopped) throw new PacerStopped();
      const now = this.now();
      const held = Math.max(this.pausedUntil, this.recipients.get(to)?.until ?? 0);
      if (held > now) {
        await this.sleep(held - now);
        continue;
      }
      if (!slot) return;
      if (await this.takeSlot(to)) return;
      // a pause that began while this request waited for its slot holds it too: wait again
    }
  }

  /**
   * The next slot, in turn with the other waiting requests: at least intervalMs after the last one
   * left (measured, so a timer that fired late under load never lets the next ones catch up in a
   * burst). False when a pause began meanwhile (the slot is not used).
   */
  private takeSlot(to: string): Promise<boolean> {
    const turn = this.turns.then(async () => {
      const wait = this.lastSentAt + this.intervalMs - this.now();
      if (wait > 0) await this.sleep(wait);
      const now = this.now();
      if (this.pausedUntil > now || (this.recipients.get(to)?.until ?? 0) > now) return false;
      this.lastSentAt = now;
      return true;
    });
    this.turns = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** Meta took a request to `to`: the backoffs start over. */
  succeeded(to: string): void {
    this.connectionBackoffMs = this.backoffFirstMs;
    this.recipients.delete(to);
  }

  /** 130429 (or 80007, 4): the number is over its limit; every send of the connection waits. Returns the wait. */
  throttled(): number {
    const wait = this.connectionBackoffMs;
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + wait);
    this.connectionBackoffMs = Math.min(wait * 2, BACKOFF_MAX_MS);
    return wait;
  }

  /** 131056 (pair rate) or a temporary failure for one send: only this recipient waits. Returns the wait. */
  holdRecipient(to: string, { pairRate }: { pairRate: boolean }): number {
    const state = this.recipients.get(to) ?? { until: 0, backoffMs: this.backoffFirstMs };
    const wait = pairRate ? Math.max(state.backoffMs, this.pairRateMs) : state.backoffMs;
    state.until = this.now() + wait;
    state.backoffMs = Math.min(state.backoffMs * 2, BACKOFF_MAX_MS);
    this.recipients.set(to, state);
    return wait;
  }

  /** Ends every wait: the waiting sends throw PacerStopped and stay for the next owner. */
  stop(): void {
    this.stopped = true;
    for (const waiter of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.reject(new PacerStopped());
    }
    this.waiting.clear();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter = {
        timer: setTimeout(() => {
          this.waiting.delete(waiter);
          resolve();
        }, ms),
        reject,
      };
      this.waiting.add(waiter);
    });
  }
}
