/**
 * cancellableQuery on a real PostgreSQL: an aborted statement stops in the database, not only in
 * the caller, and its connection never serves another query.
 */
import type { DataSource } from 'typeorm';

import { createTestDatabase, type TestDatabase } from '../testing';
import { cancellableQuery } from './cancellable-query';
import { openServiceDataSource } from './service-data-source';

describe('cancellableQuery', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('cancellable');
    dataSource = await openServiceDataSource(database.url, { schema: 'cancellable', entities: [], migrations: [] });
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const sleeping = async () =>
    (
      await dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'`)
    )[0].n as number;

  it('answers as a query does when nothing aborts it', async () => {
    await expect(cancellableQuery(dataSource, 'SELECT $1::int AS n', [7], new AbortController().signal)).resolves.toEqual([{ n: 7 }]);
  });

  it('an abort cancels the running statement in the database and rejects', async () => {
    const control = new AbortController();
    const started = Date.now();
    const running = cancellableQuery(dataSource, 'SELECT pg_sleep(30)', [], control.signal);
    running.catch(() => undefined);
    for (let tries = 0; (await sleeping()) === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sleeping()).toBe(1);
    control.abort();
    await expect(running).rejects.toThrow(/cancel/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await sleeping()).toBe(0);
    // The pool still answers (the cancelled connection was discarded, not handed on).
    await expect(dataSource.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });

  it('an abort before the query starts runs nothing', async () => {
    const control = new AbortController();
    control.abort();
    await expect(cancellableQuery(dataSource, 'SELECT pg_sleep(30)', [], control.signal)).rejects.toThrow();
    expect(await sleeping()).toBe(0);
  });
});
