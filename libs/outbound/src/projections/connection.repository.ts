import type { Connection, OwnedRecord } from '@app/contracts';
import { type ReadThroughProjection, Tombstones } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ConnectionRow {
  id: number;
  company_id: number;
  name: string;
  status: string;
  is_default: boolean;
  /** 'beta' (Baileys), 'cloud' (Meta's Cloud API), 'simulator'; '' while not known. */
  provider: string;
}

const deletedConnections = new Tombstones('outbound.deleted_connections');

/**
 * The companies' WhatsApp connections as the whatsapp service announces them (`outbound.connections`).
 * A connection created a moment ago is taken from whatsapp's answer (`fill`, decision 0039).
 */
@Injectable()
export class ConnectionRepository implements ReadThroughProjection<'connection'> {
  readonly kind = 'connection';

  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  /** The connection as whatsapp answered it, unless the copy has it already or its deletion was handled here. */
  async fill(connection: OwnedRecord<'connection'>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await deletedConnections.lock(manager, connection.id);
      if (await deletedConnections.buried(manager, connection.id)) return false;
      await manager.query(
        `INSERT INTO outbound.connections (id, company_id, name, status, is_default, provider) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [connection.id, connection.companyId, connection.name, connection.status, connection.isDefault, connection.provider],
      );
      return true;
    });
  }

  async upsert(
    manager: EntityManager,
    connection: Pick<Connection, 'id' | 'companyId' | 'name' | 'status' | 'isDefault' | 'provider'>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.connections (id, company_id, name, status, is_default, provider) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET company_id = $2, name = $3, status = $4, is_default = $5, provider = $6`,
      [connection.id, connection.companyId, connection.name, connection.status, connection.isDefault, connection.provider],
    );
  }

  /** The providers of these connections of the company, by id (one not known here: absent; not announced yet: ''). */
  async providersOf(manager: EntityManager | null, companyId: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; provider: string }[] = await (manager ?? this.dataSource).query(
      `SELECT id, provider FROM outbound.connections WHERE company_id = $1 AND id = ANY($2::int[])`,
      [companyId, ids],
    );
    return new Map(rows.map((row) => [row.id, row.provider]));
  }

  /**
   * A session's new state. A connection not known here yet (one older than this service: its
   * connection event came before outbound listened) is added, not the default until its next connection event.
   */
  async setStatus(manager: EntityManager, companyId: number, id: number, status: string, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.connections (id, company_id, name, status) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET status = $4, name = $3 WHERE outbound.connections.company_id = $2`,
      [id, companyId, name, status],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await deletedConnections.bury(manager, companyId, id);
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

  /** The connection an appointment without its own goes through: the company's default, else a connected one, else any. */
  async sendingConnection(manager: EntityManager, companyId: number): Promise<number | null> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM outbound.connections WHERE company_id = $1 ORDER BY is_default DESC, (status = 'CONNECTED') DESC, id LIMIT 1`,
      [companyId],
    );
    return rows[0]?.id ?? null;
  }

  async idsOf(manager: EntityManager, companyId: number): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM outbound.connections WHERE company_id = $1`, [companyId]);
    return rows.map((row) => row.id);
  }

  async ofCompany(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM outbound.connections WHERE company_id = $1 AND id = $2`, [companyId, id]);
    return rows.length > 0;
  }
}
