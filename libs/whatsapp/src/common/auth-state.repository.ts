import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { type SessionLease, SessionLeaseRepository } from './session-lease.repository';

export interface AuthKeyWrite {
  type: string;
  id: string;
  /** Serialised value; null deletes the key. */
  value: string | null;
}

/**
 * A session's auth state in PostgreSQL: the creds document and the signal keys, as text the provider
 * serialised (BufferJSON for Baileys). Every write is fenced by the session lease.
 */
@Injectable()
export class AuthStateRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  async loadCreds(connectionId: number): Promise<string | null> {
    const rows: { creds: string }[] = await this.dataSource.query(`SELECT creds FROM whatsapp.auth_creds WHERE connection_id = $1`, [
      connectionId,
    ]);
    return rows[0]?.creds ?? null;
  }

  async saveCreds(lease: SessionLease, creds: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await SessionLeaseRepository.assertHeld(manager, lease);
      await manager.query(
        `INSERT INTO whatsapp.auth_creds (connection_id, creds) VALUES ($1, $2)
         ON CONFLICT (connection_id) DO UPDATE SET creds = EXCLUDED.creds, updated_at = now()`,
        [lease.connectionId, creds],
      );
    });
  }

  async getKeys(connectionId: number, type: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; value: string }[] = await this.dataSource.query(
      `SELECT id, value FROM whatsapp.auth_keys WHERE connection_id = $1 AND type = $2 AND id = ANY($3::text[])`,
      [connectionId, type, ids],
    );
    return new Map(rows.map((row) => [row.id, row.value]));
  }

  /** All writes in one transaction: Baileys retries the whole commit when it fails. */
  async setKeys(lease: SessionLease, writes: AuthKeyWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      await SessionLeaseRepository.assertHeld(manager, lease);
      const upserts = writes.filter((w) => w.value !== null);
      const deletes = writes.filter((w) => w.value === null);
      if (upserts.length) {
        await manager.query(
          `INSERT INTO whatsapp.auth_keys (connection_id, type, id, value)
           SELECT $1, t, i, v FROM unnest($2::text[], $3::text[], $4::text[]) AS u(t, i, v)
           ON CONFLICT (connection_id, type, id) DO UPDATE SET value = EXCLUDED.value`,
          [lease.connectionId, upserts.map((w) => w.type), upserts.map((w) => w.id), upserts.map((w) => w.value)],
        );
      }
      if (deletes.length) {
        await manager.query(
          `DELETE FROM whatsapp.auth_keys a USING unnest($2::text[], $3::text[]) AS u(t, i)
           WHERE a.connection_id = $1 AND a.type = u.t AND a.id = u.i`,
          [lease.connectionId, deletes.map((w) => w.type), deletes.map((w) => w.id)],
        );
      }
    });
  }

  /** Forgets the login (logged out, new QR asked for, connection deleted). */
  async clear(connectionId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM whatsapp.auth_keys WHERE connection_id = $1`, [connectionId]);
      await manager.query(`DELETE FROM whatsapp.auth_creds WHERE connection_id = $1`, [connectionId]);
    });
  }

  async saveLidMapping(connectionId: number, lid: string, pn: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO whatsapp.lid_mappings (connection_id, lid, pn) VALUES ($1, $2, $3)
       ON CONFLICT (connection_id, lid) DO UPDATE SET pn = EXCLUDED.pn`,
      [connectionId, lid, pn],
    );
  }

  /** From our mapping table, else from Baileys' own store (`lid-mapping` key `{lid}_reverse`, a JSON string). */
  async phoneForLid(connectionId: number, lid: string): Promise<string | null> {
    const rows: { pn: string }[] = await this.dataSource.query(
      `SELECT pn FROM whatsapp.lid_mappings WHERE connection_id = $1 AND lid = $2
       UNION ALL
       SELECT value::jsonb #>> '{}' FROM whatsapp.auth_keys WHERE connection_id = $1 AND type = 'lid-mapping' AND id = $2 || '_reverse'
       LIMIT 1`,
      [connectionId, lid],
    );
    return rows[0]?.pn ?? null;
  }
}
