import type { EntityManager } from 'typeorm';

/**
 * The ids of another service's records that its events deleted, kept by the service whose copy read
 * them (`<schema>.<table>`: `id` primary key, `company_id`). The owner never uses an id again, so a
 * record its owner answered before a deletion this service has handled since is not taken back
 * (docs/decisions/0039-ids-usable-at-once-read-through.md).
 */
export class Tombstones {
  constructor(
    /** The schema-qualified table, e.g. `outbound.deleted_contacts`. */
    private readonly table: string,
  ) {}

  /**
   * Serialises one id's deletion against its fill from the owner's answer, for the transaction: both
   * take it first, so a fill sees a deletion committed before it and a deletion sees the filled row.
   */
  async lock(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [this.table, id]);
  }

  /** Remembers a deletion (under the id's lock). */
  async bury(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await this.lock(manager, id);
    await manager.query(`INSERT INTO ${this.table} (id, company_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [id, companyId]);
  }

  /** Whether the id's deletion was handled here (read under its lock). */
  async buried(manager: EntityManager, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ${this.table} WHERE id = $1`, [id]);
    return rows.length > 0;
  }
}
