import type { DataSource } from 'typeorm';

/**
 * A query that `signal` stops: aborted while it runs, its backend is asked to cancel the statement
 * (`pg_cancel_backend`) and the query rejects. The connection of an aborted query is discarded, not
 * returned to the pool: a cancel that arrives late must not stop the next borrower's statement.
 */
export async function cancellableQuery<T>(dataSource: DataSource, sql: string, params: unknown[], signal: AbortSignal): Promise<T[]> {
  signal.throwIfAborted();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const processId = (runner as unknown as { databaseConnection?: { processID?: number } }).databaseConnection?.processID;
  const cancel = () => {
    if (processId) void dataSource.query('SELECT pg_cancel_backend($1)', [processId]).catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    signal.throwIfAborted();
    return (await runner.query(sql, params)) as T[];
  } finally {
    signal.removeEventListener('abort', cancel);
    const discard = runner as unknown as { releasePostgresConnection?: (error?: Error) => Promise<void> };
    if (signal.aborted && discard.releasePostgresConnection) await discard.releasePostgresConnection(new Error('cancelled'));
    else await runner.release();
  }
}
