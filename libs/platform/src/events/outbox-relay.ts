import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import type { EventTransport } from './event-transport';
import { outboxChannel } from './outbox';

export interface OutboxRelayOptions {
  batchSize?: number;
  /** Safety net when a notification is missed. */
  pollIntervalMs?: number;
  /** Published rows are kept this long for inspection, then deleted. */
  retentionMs?: number;
  onError?: (error: unknown) => void;
}

interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  envelope: EventEnvelope;
}

/**
 * Publishes a service's outbox in order. Each round is one transaction that takes the outbox's
 * advisory lock (so one relay at a time publishes a given outbox, which keeps per-key order when
 * several replicas run), claims the oldest unpublished rows with FOR UPDATE SKIP LOCKED, publishes
 * them as one batch and marks them sent. A relay that dies before the commit leaves the rows
 * unpublished; the next round publishes them again (consumers are idempotent).
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private listener?: Client;
  private lastCleanup = 0;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly retentionMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly transport: EventTransport,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 200;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.retentionMs = options.retentionMs ?? 24 * 3600_000;
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
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        `outbox:${this.schema}`,
      ]);
      if (!locked) return 0;
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, topic, key, envelope FROM "${this.schema}".outbox
          WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      await this.transport.publish(rows.map((row) => ({ topic: row.topic, key: row.key, envelope: row.envelope })));
      await manager.query(`UPDATE "${this.schema}".outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      try {
        published = await this.relayOnce();
        await this.cleanup();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (published < this.batchSize && this.running) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async listen(): Promise<void> {
    const { url } = this.dataSource.options as { url?: string };
    if (!url) return;
    const client = new Client({ connectionString: url });
    client.on('notification', () => this.wake?.());
    client.on('error', (error) => {
      this.options.onError?.(error);
      this.listener = undefined;
      // Polling carries on; try to listen again on a later round.
      setTimeout(() => this.running && !this.listener && this.listen().catch(this.options.onError), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${outboxChannel(this.schema)}`);
    this.listener = client;
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.dataSource.query(
      `DELETE FROM "${this.schema}".outbox WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`,
      [this.retentionMs],
    );
  }
}
