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

  /**
   * pg-boss's fetch (the same order, state change and retry count) that takes no job of a key with no
   * room: `rooms` gives the room of each key running now (0 for one at its limit), a key not named has
   * `room`. A key at its limit leaves its jobs waiting in the table, where they hold no worker's slot.
   * Not for singleton or stately queues (pg-boss's one-per-key batch gate is not repeated here).
   */
  async fetchWithRoom(
    executor: JobSqlExecutor,
    queue: string,
    batchSize: number,
    key: { field: string; rooms: Record<string, number>; room: number },
  ): Promise<{ id: string; data: object }[]> {
    const { rows } = await executor.executeSql(
      `WITH next AS (
         SELECT id, priority, created_on, COALESCE(data->>$3, '') AS key
           FROM "${this.schema}".job
          WHERE name = $1 AND state < 'active' AND start_after < now()
            AND COALESCE(($4::jsonb ->> COALESCE(data->>$3, ''))::int, $5) > 0
          ORDER BY priority DESC, created_on, id
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       ), taken AS (
         SELECT id, row_number() OVER (PARTITION BY key ORDER BY priority DESC, created_on, id) AS nth,
                COALESCE(($4::jsonb ->> key)::int, $5) AS room
           FROM next
       )
       UPDATE "${this.schema}".job job SET
         state = 'active',
         started_on = now(),
         retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
         FROM taken
        WHERE job.name = $1 AND job.id = taken.id AND taken.nth <= taken.room
       RETURNING job.id, job.data`,
      [queue, batchSize, key.field, JSON.stringify(key.rooms), key.room],
    );
    return rows as { id: string; data: object }[];
  }

  /** Deletes the pending job of a singleton key (not one already running or done). */
  async cancelPending(manager: EntityManager, queues: string[], singletonKey: string): Promise<void> {
    await manager.query(`DELETE FROM "${this.schema}".job WHERE name = ANY($1) AND singleton_key = $2 AND state IN ('created', 'retry')`, [
      queues,
      singletonKey,
    ]);
  }
}
