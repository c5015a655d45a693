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

/**
 * A fair share of a worker: at most `concurrency` jobs whose `data[field]` is the same (e.g. one
 * company's) run at once. The other jobs of that key wait in the queue, not in a worker's slot, so a
 * key at its limit never holds up another key's jobs.
 */
export interface PerKeyConcurrency {
  field: string;
  concurrency: number;
}

export interface Job<T> {
  id: string;
  data: T;
}

interface QueueWorker {
  handler: (job: Job<object>) => Promise<void>;
  batchSize: number;
  /**
   * Jobs run at once, each finished by itself (0: a fetched batch runs together and the next fetch
   * waits for all of it). With it, one slow job holds up no other: more are fetched while it runs.
   */
  concurrency: number;
  /** The jobs running, with concurrency. */
  running: Set<Promise<void>>;
  /** With concurrency: at most `concurrency` jobs of one `data[field]` value run at once. */
  perKey?: PerKeyConcurrency;
  /** The jobs running per key, with perKey. */
  runningByKey: Map<string, number>;
  intervalMs: number;
  /** When the poll next asks whether the queue has a job due. */
  lookAt: number;
  /** The fetch-and-run in progress, if any. */
  draining?: Promise<void>;
}

/** What pg-boss keeps as a failed job's output (the error's message and stack, as its own workers do). */
function failureOf(reason: unknown): object {
  return reason instanceof Error ? { message: reason.message, stack: reason.stack } : { value: String(reason) };
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
    this.stopping = true;
    this.wakePoll?.();
    await this.polling;
    for (const worker of this.workers.values()) {
      await worker.draining;
      await Promise.all(worker.running);
    }
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

  /** Cancels the pending job of a singleton key, e.g. when the ticket it would expire is closed (of several queues: one statement). */
  async cancelByKey(manager: EntityManager, queue: string | string[], singletonKey: string): Promise<void> {
    await this.jobs.cancelPending(manager, typeof queue === 'string' ? [queue] : queue, singletonKey);
  }

  /**
   * Runs the handler for each job of the queue, one at a time (or `batchSize` fetched together); a
   * thrown error retries that job with backoff. Handlers must be idempotent: a job may run again after
   * a crash. A queue is looked at every `pollingIntervalSeconds` (at least 0.5), and every queue of
   * this process in one statement (see `poll`): pg-boss's own workers would each poll their queue.
   */
  async work<T extends object>(
    queue: string,
    handler: (job: Job<T>) => Promise<void>,
    options: { batchSize?: number; pollingIntervalSeconds?: number; concurrency?: number; perKey?: PerKeyConcurrency } = {},
  ): Promise<void> {
    if (options.perKey && !(options.concurrency && options.concurrency > 0)) throw new Error(`jobs: ${queue}: perKey needs concurrency`);
    await this.ensureQueue(queue);
    const intervalMs = Math.max(0.5, options.pollingIntervalSeconds ?? this.pollingIntervalSeconds) * 1000;
    this.workers.set(queue, {
      handler: handler as (job: Job<object>) => Promise<void>,
      batchSize: options.batchSize ?? 1,
      concurrency: options.concurrency ?? 0,
      running: new Set(),
      perKey: options.perKey && { field: options.perKey.field, concurrency: Math.max(1, options.perKey.concurrency) },
      runningByKey: new Map(),
      intervalMs,
      lookAt: 0,
    });
    this.polling ??= this.poll();
    this.wakePoll?.();
  }

  /**
   * Looks at the queue now rather than at its next poll: a job just committed to start at once
   * (called after the commit; a job not yet visible is found by the next poll as before).
   */
  wake(queue: string): void {
    const worker = this.workers.get(queue);
    if (!worker || this.stopping) return;
    worker.lookAt = 0;
    this.wakePoll?.();
  }

  private readonly workers = new Map<string, QueueWorker>();
  private polling?: Promise<void>;
  private wakePoll?: () => void;
  private stopping = false;

  /**
   * The poll: each tick asks once which of the queues due a look have a job waiting, then drains
   * those (each queue by itself, so a slow handler holds up only its own queue).
   */
  private async poll(): Promise<void> {
    const db = this.boss.getDb();
    while (!this.stopping) {
      const now = Date.now();
      const looking = [...this.workers].filter(([, worker]) => !worker.draining && worker.lookAt <= now).map(([queue]) => queue);
      if (looking.length > 0) {
        // On a grid of each interval, so queues of equal (or multiple) intervals share one statement.
        for (const queue of looking) {
          const worker = this.workers.get(queue)!;
          worker.lookAt = (Math.floor(now / worker.intervalMs) + 1) * worker.intervalMs;
        }
        try {
          for (const queue of await this.jobs.dueQueues(db, looking)) {
            const worker = this.workers.get(queue)!;
            worker.draining = this.drain(queue, worker).finally(() => (worker.draining = undefined));
          }
        } catch (error) {
          process.emitWarning(`jobs: polling failed: ${String(error)}`);
        }
      }
      const next = Math.min(...[...this.workers.values()].map((worker) => worker.lookAt));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(50, next - Date.now()));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wakePoll = done;
      });
      this.wakePoll = undefined;
    }
  }

  /** Fetches and runs the queue's due jobs; a full batch is followed by another fetch at once. */
  private async drain(queue: string, worker: QueueWorker): Promise<void> {
    if (worker.concurrency > 0) return this.drainConcurrently(queue, worker);
    while (!this.stopping) {
      let jobs: PgBoss.Job<object>[];
      try {
        jobs = await this.boss.fetch<object>(queue, { batchSize: worker.batchSize });
      } catch (error) {
        process.emitWarning(`jobs: fetching ${queue} failed: ${String(error)}`);
        return;
      }
      if (jobs.length === 0) return;
      // A batch (`batchSize` > 1: up to that many due jobs per fetch, e.g. one per connection) runs
      // together; a failure retries the batch's jobs, which handlers must bear anyway.
      const results = await Promise.allSettled(jobs.map((job) => worker.handler({ id: job.id, data: job.data })));
      const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      const ids = jobs.map((job) => job.id);
      try {
        if (failed) await this.boss.fail(queue, ids, failureOf(failed.reason));
        else await this.boss.complete(queue, ids);
      } catch (error) {
        // The jobs stay active until pg-boss expires them, then run again.
        process.emitWarning(`jobs: finishing ${queue} jobs failed: ${String(error)}`);
      }
      if (jobs.length < worker.batchSize) return;
    }
  }

  /**
   * Fetches while there is room under the worker's concurrency and starts each job as it comes; each
   * is completed (or failed, to retry) by itself. Returns once a fetch finds nothing or there is no
   * room, leaving its jobs running: the next poll (or a wake, or a job's end) looks again.
   */
  private async drainConcurrently(queue: string, worker: QueueWorker): Promise<void> {
    while (!this.stopping) {
      const room = worker.concurrency - worker.running.size;
      if (room <= 0) return;
      let jobs: { id: string; data: object }[];
      try {
        jobs = await this.fetchFor(queue, worker, Math.min(worker.batchSize, room));
      } catch (error) {
        process.emitWarning(`jobs: fetching ${queue} failed: ${String(error)}`);
        return;
      }
      for (const job of jobs) {
        const key = this.keyOf(worker, job.data);
        if (key !== undefined) worker.runningByKey.set(key, (worker.runningByKey.get(key) ?? 0) + 1);
        const run: Promise<void> = worker
          .handler({ id: job.id, data: job.data })
          .then(
            () => this.boss.complete(queue, job.id),
            (reason: unknown) => this.boss.fail(queue, job.id, failureOf(reason)),
          )
          .then(
            () => undefined,
            // The job stays active until pg-boss expires it, then runs again.
            (error: unknown) => process.emitWarning(`jobs: finishing a ${queue} job failed: ${String(error)}`),
          )
          .finally(() => {
            worker.running.delete(run);
            // A full worker (or key) skipped jobs that came meanwhile: look again now there is room.
            let keyHadNoRoom = false;
            if (key !== undefined) {
              const left = worker.runningByKey.get(key)! - 1;
              keyHadNoRoom = left === worker.perKey!.concurrency - 1;
              if (left === 0) worker.runningByKey.delete(key);
              else worker.runningByKey.set(key, left);
            }
            if (worker.running.size === worker.concurrency - 1 || keyHadNoRoom) this.wake(queue);
          });
        worker.running.add(run);
      }
      // A short fetch found no more due jobs, unless some key just ran out of room: the jobs of that
      // key ahead in the queue filled the fetch's window, and others may wait behind them.
      if (jobs.length < Math.min(worker.batchSize, room) && !this.filledAKey(worker, jobs)) return;
    }
  }

  private filledAKey(worker: QueueWorker, jobs: { data: object }[]): boolean {
    if (!worker.perKey) return false;
    return jobs.some((job) => worker.runningByKey.get(this.keyOf(worker, job.data)!) === worker.perKey!.concurrency);
  }

  /** Due jobs, at most `batchSize`; with perKey, none of a key with no room. */
  private async fetchFor(queue: string, worker: QueueWorker, batchSize: number): Promise<{ id: string; data: object }[]> {
    if (!worker.perKey) return this.boss.fetch<object>(queue, { batchSize });
    const { field, concurrency } = worker.perKey;
    const rooms = Object.fromEntries([...worker.runningByKey].map(([key, running]) => [key, Math.max(0, concurrency - running)]));
    return this.jobs.fetchWithRoom(this.boss.getDb(), queue, batchSize, { field, rooms, room: concurrency });
  }

  /** The job's key with perKey (its `data[field]` as text, '' when absent, as the fetch reads it). */
  private keyOf(worker: QueueWorker, data: object): string | undefined {
    if (!worker.perKey) return undefined;
    const value = (data as Record<string, unknown>)[worker.perKey.field];
    return value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }

  /**
   * Declares a queue before use. `uniqueByKey`: a second job with the same singletonKey while one is
   * still waiting is not created (pg-boss's 'short' policy; every job of such a queue needs a key).
   */
  async declareQueue(queue: string, options: { uniqueByKey?: boolean } = {}): Promise<void> {
    if (this.queues.has(queue)) return;
    await this.start();
    // One declaration at a time: pg-boss's createQueue run concurrently (two providers' init hooks)
    // can deadlock in PostgreSQL.
    const declared = this.declaring.then(async () => {
      if (this.queues.has(queue)) return;
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
