import type { EntityManager } from 'typeorm';
import { AppError } from '../errors/app-error';

/**
 * A service's copy of the companies' queue ids, as conversations announces them
 * (`<schema>.company_queues`), so users and connections may only name queues of their own company
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md). identity and whatsapp keep one each.
 */
export class CompanyQueueIds {
  constructor(private readonly schema: string) {}

  /** Serialises a company's checks against its deletions; take it before any row lock. */
  async lock(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [`${this.schema}.company-queues`, companyId]);
  }

  /** Remembers a queue conversations announced; its id and company never change. */
  async remember(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    await manager.query(`INSERT INTO "${this.schema}".company_queues (company_id, queue_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      companyId,
      queueId,
    ]);
  }

  async forget(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    await manager.query(`DELETE FROM "${this.schema}".company_queues WHERE company_id = $1 AND queue_id = $2`, [companyId, queueId]);
  }

  /** 400 ERR_QUEUE_NOT_FOUND unless every id is one of the company's queues. */
  async assertKnown(manager: EntityManager, companyId: number, queueIds: readonly number[]): Promise<void> {
    const wanted = [...new Set(queueIds)];
    if (wanted.length === 0) return;
    const rows: { queue_id: number }[] = await manager.query(
      `SELECT queue_id FROM "${this.schema}".company_queues WHERE company_id = $1 AND queue_id = ANY($2::int[])`,
      [companyId, wanted],
    );
    const known = new Set(rows.map((row) => row.queue_id));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw new AppError('ERR_QUEUE_NOT_FOUND', `No queue ${missing.join(', ')} in this company`, { queueIds: missing });
    }
  }
}
