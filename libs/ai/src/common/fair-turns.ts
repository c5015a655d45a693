interface KeyTurns {
  /** Its works running now. */
  active: number;
  /** Its works waiting for a turn, first come first. */
  waiting: (() => void)[];
}

/**
 * Turns taken fairly between keys (companies): at most `total` works run at once, at most `perKey`
 * of one key. A freed turn goes to the waiting key with the fewest works running, the key that has
 * waited longest since its last turn among equals (round robin), never simply to the oldest waiter:
 * a company with a backlog takes one turn after another only while nobody else waits, so another
 * company's work is never queued behind it.
 */
export class FairTurns {
  private running = 0;
  private readonly keys = new Map<number, KeyTurns>();
  /** Keys with a work waiting, in the order their turn comes among equals (a key served goes last). */
  private readonly ring: number[] = [];

  constructor(
    readonly total: number,
    readonly perKey: number,
  ) {
    if (!(total >= 1 && perKey >= 1)) throw new Error('fair turns: total and perKey must be at least 1');
  }

  /** Works running now (all keys). */
  get inFlight(): number {
    return this.running;
  }

  async run<T>(key: number, work: () => Promise<T>): Promise<T> {
    await this.take(key);
    try {
      return await work();
    } finally {
      this.give(key);
    }
  }

  private take(key: number): Promise<void> {
    const turns = this.keys.get(key) ?? { active: 0, waiting: [] };
    this.keys.set(key, turns);
    // A free turn means nobody waits for one (each freed turn is handed out at once): only the key's own room counts.
    if (this.running < this.total && turns.active < this.perKey) {
      turns.active += 1;
      this.running += 1;
      return Promise.resolve();
    }
    if (turns.waiting.length === 0) this.ring.push(key);
    return new Promise<void>((resolve) => turns.waiting.push(resolve));
  }

  private give(key: number): void {
    const turns = this.keys.get(key)!;
    turns.active -= 1;
    this.running -= 1;
    if (turns.active === 0 && turns.waiting.length === 0) this.keys.delete(key);
    this.handOut();
  }

  /** Hands the free turns out, each to the waiting key with room that has the fewest running (ring order among equals). */
  private handOut(): void {
    while (this.running < this.total) {
      let chosen = -1;
      for (let i = 0; i < this.ring.length; i++) {
        const turns = this.keys.get(this.ring[i]!)!;
        if (turns.active >= this.perKey) continue;
        if (chosen === -1 || turns.active < this.keys.get(this.ring[chosen]!)!.active) chosen = i;
      }
      if (chosen === -1) return;
      const [key] = this.ring.splice(chosen, 1) as [number];
      const turns = this.keys.get(key)!;
      turns.active += 1;
      this.running += 1;
      turns.waiting.shift()!();
      if (turns.waiting.length > 0) this.ring.push(key);
    }
  }
}
