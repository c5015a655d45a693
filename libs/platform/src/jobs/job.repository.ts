import type { EntityManager } from 'typeorm';

/** pg-boss's SQL executor: what `send` runs its insert through to join a transaction. */
export interface JobSqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss's job table (`<schema>.job`), where Jobs must reach it inside the caller's transaction. */
export class JobRepository {
  constructor(private readonly schema: string) {}

  /** Runs pg-boss's own statements in the caller's transaction. */
  executorIn(manager: EntityManager): JobSqlExecutor {
    return { executeSql: async (text, values) => ({ rows: await manager.query(text, values) }) };
  }

  /** Which of these queues have a job due now: one statement for every queue a process works. */
  async dueQueues(executor: JobSqlExecutor, queues: string[]): Promise<string[]> {
    const { rows } = await executor.executeSql(
      `SELECT DISTINCT name FROM "${this.schema}".job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after < now()`,
      [queues],
    );
    return (rows as { name: string }[]).map((row) => row.name);
  }

  /** Deletes the pending job of a singleton key (not one already running or done). */
  async cancelPending(manager: EntityManager, queue: string, singletonKey: string): Promise<void> {
    await manager.query(`DELETE FROM "${this.schema}".job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry')`, [
      queue,
      singletonKey,
    ]);
  }
}
