import { AI_DEFAULT_GROUPING_SECONDS } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** ai.connections: each connection's grouping window (timeforagroup), as whatsapp announces it. */
@Injectable()
export class ConnectionRepository {
  async upsert(manager: EntityManager, connection: { id: number; companyId: number; timeforagroup: number }): Promise<void> {
    await manager.query(
      `INSERT INTO ai.connections (id, company_id, timeforagroup) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET company_id = EXCLUDED.company_id, timeforagroup = EXCLUDED.timeforagroup`,
      [connection.id, connection.companyId, connection.timeforagroup],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(`DELETE FROM ai.connections WHERE id = $1 AND company_id = $2`, [id, companyId]);
  }

  /** Seconds to wait for more of a customer's messages before answering them together (the spec's 5 for an unknown connection). */
  async groupingSeconds(manager: EntityManager, companyId: number, id: number): Promise<number> {
    const rows: { timeforagroup: number }[] = await manager.query(
      `SELECT timeforagroup FROM ai.connections WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return Math.max(0, rows[0]?.timeforagroup ?? AI_DEFAULT_GROUPING_SECONDS);
  }
}
