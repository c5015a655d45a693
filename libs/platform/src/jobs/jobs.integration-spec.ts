import { DataSource } from 'typeorm';

import { createTestDatabase, type TestDatabase, waitFor } from '../testing';
import { Jobs } from './jobs';

jest.setTimeout(60_000);

/** The payload of the job that marks "everything scheduled before me has been fetched". */
const MARKER = -1;

describe('jobs on pg-boss', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const running: Jobs[] = [];

  const startJobs = async () => {
    const jobs = new Jobs(database.url, { pollingIntervalSeconds: 0.5 });
    await jobs.start();
    running.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    database = await createTestDatabase('jobs');
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((jobs) => jobs.stop()));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('a timer scheduled in a transaction exists only if the transaction commits', async () => {
    const jobs = await startJobs();
    await expect(
      dataSource.transaction(async (manager) => {
        await jobs.schedule(manager, 'timer-test', { ticket: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await dataSource.transaction((manager) => jobs.schedule(manager, 'timer-test', { ticket: 2 }));

    const seen: number[] = [];
    let markerRan = false;
    await jobs.work<{ ticket: number }>('timer-test', async (job) => {
      if (job.data.ticket === MARKER) markerRan = true;
      else seen.push(job.data.ticket);
    });
    await waitFor(() => seen.length > 0, { what: 'the committed job' });
    // A later job of the same queue is fetched after any earlier one: once it has run, a job of the
    // rolled-back transaction would have run before it.
    await jobs.schedule(null, 'timer-test', { ticket: MARKER });
    await waitFor(() => markerRan, { what: 'the marker job' });
    expect(seen).toEqual([2]);
  });

  it('a delayed job survives a restart of the process that scheduled it and runs once, not early', async () => {
    const first = await startJobs();
    const scheduledAt = Date.now();
    await first.schedule(null, 'restart-test', { n: 1 }, { startAfter: 2 });
    await first.stop();
    running.splice(running.indexOf(first), 1);

    const second = await startJobs();
    const ranAt: number[] = [];
    let markerRan = false;
    await second.work<{ n: number }>('restart-test', async (job) => {
      if (job.data.n === MARKER) markerRan = true;
      else ranAt.push(Date.now());
    });
    await waitFor(() => ranAt.length > 0, { timeoutMs: 15_000, what: 'the delayed job' });
    expect(ranAt[0] - scheduledAt).toBeGreaterThanOrEqual(1900);
    // A job scheduled now in the same queue is fetched after any earlier one: once it has run, a
    // second run of the delayed job would have come before it.
    await second.schedule(null, 'restart-test', { n: MARKER });
    await waitFor(() => markerRan, { timeoutMs: 15_000, what: 'the marker job' });
    expect(ranAt).toHaveLength(1);
  });

  it('one pending job per singleton key; cancelling by key removes it', async () => {
    const jobs = await startJobs();
    await jobs.declareQueue('singleton-test', { uniqueByKey: true });
    const first = await jobs.schedule(null, 'singleton-test', { v: 1 }, { singletonKey: 'ticket-9', startAfter: 60 });
    const second = await jobs.schedule(null, 'singleton-test', { v: 2 }, { singletonKey: 'ticket-9', startAfter: 60 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await dataSource.transaction((manager) => jobs.cancelByKey(manager, 'singleton-test', 'ticket-9'));
    expect(await jobs.schedule(null, 'singleton-test', { v: 3 }, { singletonKey: 'ticket-9', startAfter: 60 })).toEqual(expect.any(String));
  });

  it('a job whose handler fails once is retried and completes', async () => {
    const jobs = await startJobs();
    await jobs.schedule(null, 'retry-test', { n: 1 }, { retryDelaySeconds: 1 });
    let attempts = 0;
    let done = false;
    await jobs.work('retry-test', async () => {
      attempts++;
      if (attempts === 1) throw new Error('transient');
      done = true;
    });
    await waitFor(() => done, { timeoutMs: 20_000, what: 'the retried job' });
    expect(attempts).toBe(2);
  });

  it('several queues of one process are looked at together, each drained by itself, a full batch fetched again at once', async () => {
    const jobs = await startJobs();
    const ran = new Map<string, number[]>();
    let slowStarted = false;
    let releaseSlow!: () => void;
    const slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));
    for (const queue of ['many-a', 'many-b', 'many-c']) {
      await jobs.work<{ n: number }>(
        queue,
        async (job) => {
          ran.set(queue, [...(ran.get(queue) ?? []), job.data.n]);
        },
        { batchSize: 2 },
      );
    }
    await jobs.work('many-slow', async () => {
      slowStarted = true;
      await slowHeld;
    });
    await jobs.schedule(null, 'many-slow', {});
    await waitFor(() => slowStarted, { what: 'the slow job' });
    // The slow queue's handler holds only its own queue: the others run meanwhile.
    for (let n = 1; n <= 5; n++) await jobs.schedule(null, 'many-a', { n });
    await jobs.schedule(null, 'many-b', { n: 1 });
    await jobs.schedule(null, 'many-c', { n: 1 });
    await waitFor(() => (ran.get('many-a')?.length ?? 0) === 5 && ran.has('many-b') && ran.has('many-c'), {
      what: 'the jobs of every queue',
    });
    expect([...ran.get('many-a')!].sort()).toEqual([1, 2, 3, 4, 5]);
    releaseSlow();
  });

  it('with concurrency, a job that holds on holds up no other of its queue: more are fetched and each is finished by itself', async () => {
    const jobs = await startJobs();
    let releaseSlow!: () => void;
    const slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));
    const done: number[] = [];
    await jobs.work<{ n: number }>(
      'concurrent',
      async (job) => {
        if (job.data.n === 0) await slowHeld;
        done.push(job.data.n);
      },
      { batchSize: 2, concurrency: 10 },
    );
    await jobs.schedule(null, 'concurrent', { n: 0 });
    await waitFor(
      async () => (await dataSource.query(`SELECT 1 FROM pgboss.job WHERE name = 'concurrent' AND state = 'active'`)).length === 1,
      {
        what: 'the slow job running',
      },
    );
    for (let n = 1; n <= 5; n++) await jobs.schedule(null, 'concurrent', { n });
    jobs.wake('concurrent');
    await waitFor(() => done.length === 5, { what: 'the other jobs, while the slow one runs' });
    expect([...done].sort()).toEqual([1, 2, 3, 4, 5]);
    const states = async () =>
      (await dataSource.query(
        `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'concurrent' GROUP BY state ORDER BY state`,
      )) as {
        state: string;
        n: number;
      }[];
    await waitFor(async () => (await states()).some((row) => row.state === 'completed' && row.n === 5), { what: 'the five completed' });
    expect(await states()).toEqual([
      { state: 'active', n: 1 },
      { state: 'completed', n: 5 },
    ]);
    releaseSlow();
    await waitFor(async () => (await states()).every((row) => row.state === 'completed'), { what: 'the slow one completed' });
  });
  it("with perKey, a key at its limit leaves its other jobs in the queue and another key's jobs run meanwhile", async () => {
    const jobs = await startJobs();
    const held: Record<string, (() => void)[]> = { busy: [], calm: [] };
    const runningNow: Record<string, number> = { busy: 0, calm: 0 };
    const mostAtOnce: Record<string, number> = { busy: 0, calm: 0 };
    const done: string[] = [];
    // The busy company's jobs come first, more of them than the worker has slots for.
    for (let n = 0; n < 8; n++) await jobs.schedule(null, 'fair', { company: 'busy', n });
    for (let n = 0; n < 2; n++) await jobs.schedule(null, 'fair', { company: 'calm', n });
    await jobs.work<{ company: string; n: number }>(
      'fair',
      async (job) => {
        const { company } = job.data;
        runningNow[company] += 1;
        mostAtOnce[company] = Math.max(mostAtOnce[company], runningNow[company]);
        if (company === 'busy') await new Promise<void>((resolve) => held.busy.push(resolve));
        runningNow[company] -= 1;
        done.push(`${company}-${job.data.n}`);
      },
      { batchSize: 10, concurrency: 4, perKey: { field: 'company', concurrency: 2 } },
    );
    await waitFor(() => done.filter((one) => one.startsWith('calm')).length === 2, {
      what: "the calm company's jobs while the busy one is at its limit",
    });
    expect(held.busy).toHaveLength(2);
    const waiting = async () =>
      (await dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fair' AND state = 'created'`))[0].n as number;
    expect(await waiting()).toBe(6);
    // Each busy job that ends lets the next one of its company start.
    while (done.length < 10) {
      await waitFor(() => held.busy.length > 0, { what: 'a busy job running' });
      held.busy.splice(0).forEach((release) => release());
      await waitFor(() => held.busy.length > 0 || done.length === 10, { what: 'the next busy jobs' });
    }
    expect(mostAtOnce.busy).toBe(2);
    expect(await waiting()).toBe(0);
  });
});
