import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';

import { JobRepository } from './job.repository';

export const JOBS = Symbol('JOBS');

export interface ScheduleOptions {
  /** When to run: a Date, or seconds from now. Absent: as soon as a worker is free. */
  startAfter?: Date | number;
  /** At most one pending job per key, in a queue declared `uniqueByKey` (e.g. one expiry timer per ticket). */
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface Job<T> {
  id: string;
  data: T;
}

/**
 * Delayed and recurring work on pg-boss in the same PostgreSQL, so timers survive restarts.
 * `schedule` can join the caller's transaction: a timer is created exactly when the state change
 * that needs it commits.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();
  private readonly schema: string;
  private readonly pollingIntervalSeconds: number;
  private readonly jobs: JobRepository;

  constructor(connectionString: string, options: { schema?: string; pollingIntervalSeconds?: number } = {}) {
    this.schema = options.schema ?? 'pgboss';
    this.jobs = new JobRepository(this.schema);
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.boss = new PgBoss({ connectionString, schema: this.schema, application_name: 'zapdesk-jobs', max: 4 });
  }

  private started?: Promise<void>;

  /** Starts pg-boss (creating its schema on first use); called by the first schedule or work too. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.boss.on('error', (error) => process.emitWarning(`pg-boss: ${String(error)}`));
      await this.boss.start();
    })();
    return this.started;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  async schedule<T extends object>(
    manager: EntityManager | null,
    queue: string,
    data: T,
    options: ScheduleOptions = {},
  ): Promise<string | null> {
    await this.ensureQueue(queue);
    const startAfter = typeof options.startAfter === 'number' ? options.startAfter : options.startAfter?.toISOString();
    return this.boss.send(queue, data, {
      startAfter,
      singletonKey: options.singletonKey,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryBackoff: true,
      ...(manager ? { db: this.jobs.executorIn(manager) } : {}),
    });
  }

  /** Cancels the pending job of a singleton key, e.g. when the ticket it would expire is closed. */
  async cancelByKey(manager: EntityManager, queue: string, singletonKey: string): Promise<void> {
    await this.jobs.cancelPending(manager, queue, singletonKey);
  }

  /**
   * Runs the handler for each job of the queue, one at a time; a thrown error retries that job with
   * backoff. Handlers must be idempotent: a job may run again after a crash.
   */
  async work<T extends object>(queue: string, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    await this.ensureQueue(queue);
    await this.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds }, async ([job]) => {
      await handler({ id: job.id, data: job.data });
    });
  }

  /**
   * Declares a queue before use. `uniqueByKey`: a second job with the same singletonKey while one is
   * still waiting is not created (pg-boss's 'short' policy; every job of such a queue needs a key).
   */
  async declareQueue(queue: string, options: { uniqueByKey?: boolean } = {}): Promise<void> {
    // One at a time: pg-boss's createQueue run concurrently by two providers' init hooks deadlocks.
    const declared = this.declaring.then(async () => {
      if (this.queues.has(queue)) return;
      await this.start();
      await this.boss.createQueue(queue, { name: queue, policy: options.uniqueByKey ? 'short' : 'standard' });
      this.queues.add(queue);
    });
    this.declaring = declared.catch(() => undefined);
    await declared;
  }

  private declaring: Promise<void> = Promise.resolve();

  private async ensureQueue(queue: string): Promise<void> {
    await this.declareQueue(queue);
  }
}
