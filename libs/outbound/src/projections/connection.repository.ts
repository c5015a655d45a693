import type { Connection } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ConnectionRow {
  id: number;
  company_id: number;
  name: string;
  status: string;
  is_default: boolean;
}

/** The companies' WhatsApp connections as the whatsapp service announces them (`outbound.connections`). */
@Injectable()
export class ConnectionRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  async upsert(manager: EntityManager, connection: Pick<Connection, 'id' | 'companyId' | 'name' | 'status' | 'isDefault'>): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.connections (id, company_id, name, status, is_default) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET company_id = $2, name = $3, status = $4, is_default = $5`,
      [connection.id, connection.companyId, connection.name, connection.status, connection.isDefault],
    );
  }

  /** A session's new state; false when the connection is not known here (its connection event comes later). */
  async setStatus(manager: EntityManager, companyId: number, id: number, status: string, name: string): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`UPDATE outbound.connections SET status = $3, name = $4 WHERE id = $2 AND company_id = $1 RETURNING id`, [
        companyId,
        id,
        status,
        name,
      ]),
    );
    return rows.length > 0;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM outbound.connections WHERE id = $1`, [id]);
  }

  /** The connection numbers are checked with: the company's default when connected, else its first connected one. */
  async checkingConnection(manager: EntityManager | null, companyId: number): Promise<number | null> {
    const rows: { id: number }[] = await (manager ?? this.dataSource).query(
      `SELECT id FROM outbound.connections WHERE company_id = $1 AND status = 'CONNECTED' ORDER BY is_default DESC, id LIMIT 1`,
      [companyId],
    );
    return rows[0]?.id ?? null;
  }
}
