import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface QueueRow {
  id: number;
  company_id: number;
  name: string;
}

/** ai.queues: the companies' queues as conversations announces them (id, company, name). */
@Injectable()
export class QueueRepository {
  async upsert(manager: EntityManager, queue: { id: number; companyId: number; name: string }): Promise<void> {
    await manager.query(
      `INSERT INTO ai.queues (id, company_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name`,
      [queue.id, queue.companyId, queue.name],
    );
  }

  /**
   * The company's queue, held (FOR SHARE) until the transaction ends so that a deletion of it waits
   * for a prompt being bound to it; null when the company has no such queue.
   */
  async holdOfCompany(manager: EntityManager, companyId: number, id: number): Promise<QueueRow | null> {
    const rows: QueueRow[] = await manager.query(`SELECT id, company_id, name FROM ai.queues WHERE id = $1 AND company_id = $2 FOR SHARE`, [
      id,
      companyId,
    ]);
    return rows[0] ?? null;
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(`DELETE FROM ai.queues WHERE id = $1 AND company_id = $2`, [id, companyId]);
  }
}
