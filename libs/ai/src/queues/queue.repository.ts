import type { OwnedRecord } from '@app/contracts';
import { type ReadThroughProjection, Tombstones } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface QueueRow {
  id: number;
  company_id: number;
  name: string;
}

/** What answers a queue's customers: its prompt, its agent or its integration (conversations keeps at most one set). */
export interface QueueBinding {
  queueId: number;
  promptId: number | null;
  agentId: number | null;
  integrationId: number | null;
}

const deletedQueues = new Tombstones('ai.deleted_queues');

/** A queue's bound_at as inserted: its change's time when a prompt, an agent or an integration answers it ($4 to $6, $7). */
const BOUND_AT = `CASE WHEN $4::int IS NULL AND $5::int IS NULL AND $6::int IS NULL THEN NULL ELSE $7::timestamptz END`;

/**
 * ai.queues: the companies' queues as conversations announces them (id, company, name). A queue
 * conversations created a moment ago, or before ai listened, is taken from its answer (`fill`,
 * decision 0039); one whose deletion was handled here is never taken back.
 */
@Injectable()
export class QueueRepository implements ReadThroughProjection<'queue'> {
  readonly kind = 'queue';

  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  /** The queue as conversations answered it, unless the copy has it already or its deletion was handled here. */
  async fill(queue: OwnedRecord<'queue'>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await deletedQueues.lock(manager, queue.id);
      if (await deletedQueues.buried(manager, queue.id)) return false;
      await manager.query(
        `INSERT INTO ai.queues (id, company_id, name, prompt_id, agent_id, integration_id, bound_at)
         VALUES ($1, $2, $3, $4::int, $5::int, $6::int, ${BOUND_AT})
         ON CONFLICT (id) DO NOTHING`,
        [queue.id, queue.companyId, queue.name, queue.promptId, queue.agentId, queue.integrationId, queue.updatedAt],
      );
      return true;
    });
  }

  /**
   * The queue as conversations announced it; true when it is bound. `updatedAt` (conversations' time
   * of the change) becomes its bound_at when it goes from unbound to bound; a queue that stays bound
   * (another assistant, a new name) keeps the time it was first bound, an unbound one has none.
   */
  async upsert(
    manager: EntityManager,
    queue: {
      id: number;
      companyId: number;
      name: string;
      promptId: number | null;
      agentId: number | null;
      integrationId: number | null;
      updatedAt: string;
    },
  ): Promise<boolean> {
    const rows: { bound: boolean }[] = await manager.query(
      `INSERT INTO ai.queues (id, company_id, name, prompt_id, agent_id, integration_id, bound_at)
       VALUES ($1, $2, $3, $4::int, $5::int, $6::int, ${BOUND_AT})
       ON CONFLICT (id) DO UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name,
                                      prompt_id = EXCLUDED.prompt_id, agent_id = EXCLUDED.agent_id,
                                      integration_id = EXCLUDED.integration_id,
                                      bound_at = CASE WHEN EXCLUDED.bound_at IS NULL THEN NULL
                                                      ELSE COALESCE(ai.queues.bound_at, EXCLUDED.bound_at) END
       RETURNING bound_at IS NOT NULL AS bound`,
      [queue.id, queue.companyId, queue.name, queue.promptId, queue.agentId, queue.integrationId, queue.updatedAt],
    );
    return rows[0]?.bound ?? false;
  }

  /** The company's queues among these that a prompt, an agent or an integration answers (one statement for a batch of messages). */
  async bound(companyId: number, queueIds: number[]): Promise<QueueBinding[]> {
    const rows: { id: number; prompt_id: number | null; agent_id: number | null; integration_id: number | null }[] =
      await this.dataSource.query(
        `SELECT id, prompt_id, agent_id, integration_id FROM ai.queues
         WHERE company_id = $1 AND id = ANY($2::int[])
           AND (prompt_id IS NOT NULL OR agent_id IS NOT NULL OR integration_id IS NOT NULL)`,
        [companyId, queueIds],
      );
    return rows.map((row) => ({ queueId: row.id, promptId: row.prompt_id, agentId: row.agent_id, integrationId: row.integration_id }));
  }

  /**
   * The company's queue, held (FOR SHARE) until the transaction ends so that a deletion of it waits
   * for a prompt being bound to it; null when the copy has no such queue of the company.
   */
  async holdOfCompany(manager: EntityManager, companyId: number, id: number): Promise<QueueRow | null> {
    const rows: QueueRow[] = await manager.query(`SELECT id, company_id, name FROM ai.queues WHERE id = $1 AND company_id = $2 FOR SHARE`, [
      id,
      companyId,
    ]);
    return rows[0] ?? null;
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await deletedQueues.bury(manager, companyId, id);
    await manager.query(`DELETE FROM ai.queues WHERE id = $1 AND company_id = $2`, [id, companyId]);
  }
}
