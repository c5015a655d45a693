const keyOf = (topic: string, eventId: string) => `${topic}\u0000${eventId}`;

/**
 * The events this gateway replica forwarded lately, by topic and event id, so an event delivered
 * again reaches no socket twice. Events come at least once: the outbox publishes again the rows whose
 * deletion did not commit (its PostgreSQL went away right after a publish), Kafka again what a member
 * took before a rebalance or a failed offset commit. Every replica has its own consumer group and its
 * own sockets, so what it forwarded is all it needs to know, and memory is enough: a redelivery comes
 * within the outage that caused it, and the oldest ids are forgotten past `capacity` or `maxAgeMs`.
 */
export class RecentEvents {
  /** Key -> when it was seen, oldest first (a Map keeps insertion order). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly capacity = 100_000,
    private readonly maxAgeMs = 30 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the topic's event was forwarded (within the memory). */
  has(topic: string, eventId: string): boolean {
    this.forgetOld(this.now());
    return this.seen.has(keyOf(topic, eventId));
  }

  /** Records the topic's event as forwarded. */
  add(topic: string, eventId: string): void {
    const now = this.now();
    this.forgetOld(now);
    this.seen.set(keyOf(topic, eventId), now);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value as string);
  }

  get size(): number {
    return this.seen.size;
  }

  private forgetOld(now: number): void {
    for (const [key, at] of this.seen) {
      if (now - at <= this.maxAgeMs) return;
      this.seen.delete(key);
    }
  }
}
