import type { Client } from 'pg';
import type { DataSource } from 'typeorm';

import type { EventTransport } from './event-transport';
import { OutboxRepository } from './outbox.repository';

export interface OutboxRelayOptions {
  batchSize?: number;
  /** Safety net when a notification is missed. */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Publishes a service's outbox in order. Each round is one transaction of three statements: one
 * that takes the outbox's advisory lock (so one relay at a time publishes a given outbox, which keeps
 * per-key order when several replicas run), claims the oldest rows with FOR UPDATE SKIP LOCKED and
 * deletes them; the publish of them as one batch; the commit. A relay that dies or
 * fails to publish before the commit leaves the rows unpublished; the next round publishes them
 * again (consumers are idempotent).
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** A notification came since the current round began: rows it may not have seen are waiting. */
  private notified = false;
  private listener?: Client;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
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
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.listen();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /** One round: returns how many events it published (0 when another relay holds the lock). */
  async relayOnce(): Promise<number> {
    return this.outbox.transaction(async (manager) => {
      const rows = await this.outbox.claim(manager, this.batchSize);
      if (rows.length === 0) return 0;
      await this.transport.publish(
        rows.map((row) => ({ topic: row.topic, key: row.key, id: row.event_id, type: row.type, json: row.json })),
      );
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      // A notification during the round is for rows committed after its claim: the next round
      // starts at once instead of waiting for a later notification or the poll.
      this.notified = false;
      try {
        published = await this.relayOnce();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (published < this.batchSize && this.running && !this.notified) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wake = done;
    });
  }

  private async listen(): Promise<void> {
    this.listener = await this.outbox.listen(
      () => {
        this.notified = true;
        this.wake?.();
      },
      (error) => {
        this.options.onError?.(error);
        this.listener = undefined;
        // Polling carries on; try to listen again on a later round.
        setTimeout(() => this.running && !this.listener && this.listen().catch(this.options.onError), 1000);
      },
    );
  }
}
