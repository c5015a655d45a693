import type { Client } from 'pg';
import type { DataSource } from 'typeorm';

import type { EventTransport } from './event-transport';
import { OutboxRepository } from './outbox.repository';

export interface OutboxRelayOptions {
  batchSize?: number;
  /** How often a relay that does not lead asks for the lead (a leader that died hands over within this). */
  pollIntervalMs?: number;
  /**
   * How long a leading relay with nothing to publish sleeps when no commit wakes it: its own
   * connection LISTENs, so this is only a safety net.
   */
  leaderPollMs?: number;
  /**
   * How soon after a round that published the next one runs if no commit wakes it first, to delete
   * what was published. Unset, that waits for the next round (a commit or `leaderPollMs`): one
   * statement a round, and an idle outbox keeps its last published batch meanwhile (published
   * again, harmlessly, if the leader dies first). Tests that wait for an empty outbox set it.
   */
  settleMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Publishes a service's outbox in order. One relay at a time publishes a given outbox (which keeps
 * per-key order when several replicas run): the one whose own connection holds the outbox's session
 * lock, released when that connection closes or its process dies. The leader's round is one
 * statement on that connection, deleting what the previous round published and reading the oldest
 * rows, then the publish of them as one batch; the next round comes when a commit notifies it. A relay that dies or fails to publish before its next
 * round leaves the rows to be published again (consumers are idempotent); nothing is lost.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** A notification came since the current round began: rows it may not have seen are waiting. */
  private notified = false;
  /** The relay's own connection: it LISTENs, holds the lock while leading, and runs the rounds. */
  private client?: Client;
  private leading = false;
  /** Ids of the rows the last round published, deleted by the next round's statement. */
  private published: string[] = [];
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly leaderPollMs: number;
  private readonly settleMs: number | undefined;
  private readonly outbox: OutboxRepository;

  constructor(
    dataSource: DataSource,
    schema: string,
    private readonly transport: EventTransport,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.outbox = new OutboxRepository(schema, dataSource);
    this.batchSize = options.batchSize ?? 200;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaderPollMs = options.leaderPollMs ?? 5000;
    this.settleMs = options.settleMs;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.connect().catch((error) => this.options.onError?.(error));
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    const client = this.client;
    this.client = undefined;
    if (client && this.leading) await this.outbox.forget(client, this.published).catch(() => undefined);
    this.leading = false;
    this.published = [];
    await client?.end().catch(() => undefined);
  }

  /** One round: returns how many events it published (0 when another relay leads). */
  async relayOnce(): Promise<number> {
    const client = await this.lead();
    if (!client) return 0;
    const rows = await this.outbox.next(client, this.published, this.batchSize);
    this.published = [];
    if (rows.length === 0) return 0;
    await this.transport.publish(rows.map((row) => ({ topic: row.topic, key: row.key, id: row.event_id, type: row.type, json: row.json })));
    this.published = rows.map((row) => row.id);
    return rows.length;
  }

  /** The connection to run a round on while this relay leads; it tries to lead when it does not. */
  private async lead(): Promise<Client | undefined> {
    const client = this.client ?? (await this.connect());
    if (!this.leading) this.leading = await this.outbox.lead(client);
    return this.leading ? client : undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      // A notification during the round is for rows committed after its read: the next round
      // starts at once instead of waiting for a later notification or the poll.
      this.notified = false;
      try {
        published = await this.relayOnce();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (published < this.batchSize && this.running && !this.notified) await this.idle(this.sleepMs(published));
    }
  }

  private sleepMs(published: number): number {
    if (!this.leading) return this.pollIntervalMs;
    if (published > 0 && this.settleMs !== undefined) return this.settleMs;
    return this.leaderPollMs;
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async connect(): Promise<Client> {
    const client = await this.outbox.listen(
      () => {
        // A relay that does not lead asks for the lock at its polls only, not at every commit.
        if (!this.leading) return;
        this.notified = true;
        this.wake?.();
      },
      (error) => {
        this.options.onError?.(error);
        // The lock went with the connection: the next round connects again and asks for it; what the
        // last round published is published again by whichever relay leads next.
        if (this.client === client) {
          this.client = undefined;
          this.leading = false;
          this.published = [];
        }
        void client.end().catch(() => undefined);
      },
    );
    this.client = client;
    return client;
  }
}
