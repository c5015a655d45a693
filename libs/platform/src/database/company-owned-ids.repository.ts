import type { OwnedRecord, OwnedRecordKind } from '@app/contracts';
import type { DataSource, EntityManager } from 'typeorm';

import type { AppError } from '../errors/app-error';
import { ProjectionMiss, type ReadThroughProjection } from '../read-through/projection-miss';
import { Tombstones } from '../read-through/tombstones.repository';

export interface CompanyOwnedIdsOptions {
  /** The service's schema, which holds the table. */
  schema: string;
  /** `(company_id, <column>)`, primary key on both. */
  table: string;
  column: string;
  /** What the ids are, as their owner answers them (decision 0039). */
  kind: OwnedRecordKind;
  /** `(id primary key, company_id)`: the ids whose deletion the service handled. */
  tombstones: string;
  /** The error when ids are not the company's (e.g. 400 ERR_QUEUE_NOT_FOUND, 404 ERR_NO_WAPP_FOUND). */
  notFound: (missing: number[]) => AppError;
}

/**
 * A service's copy of the ids another service owns per company, fed by that service's events, so an
 * id in a body can be checked to belong to the caller's company without reading the other schema
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md): queues in identity and whatsapp,
 * connections in identity. An id its owner created a moment ago, before its event came, is asked of
 * the owner (`fill`, decision 0039); one whose deletion was handled here is never taken back.
 */
export class CompanyOwnedIds implements ReadThroughProjection {
  readonly kind: OwnedRecordKind;
  private readonly deleted: Tombstones;

  constructor(
    private readonly options: CompanyOwnedIdsOptions,
    private readonly dataSource: DataSource,
  ) {
    this.kind = options.kind;
    this.deleted = new Tombstones(`"${options.schema}".${options.tombstones}`);
  }

  private get table(): string {
    return `"${this.options.schema}".${this.options.table}`;
  }

  /** Serialises a company's checks against its deletions; take it before any row lock. */
  async lock(manager: EntityManager, companyId: number): Promise<void> {
    const name = `${this.options.schema}.${this.options.table.replace(/_/g, '-')}`;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1), $2)`, [name, companyId]);
  }

  /** Remembers an id its owner announced; its id and company never change. */
  async remember(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(`INSERT INTO ${this.table} (company_id, ${this.options.column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      companyId,
      id,
    ]);
  }

  /** Forgets a deleted id for good. */
  async forget(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await this.deleted.bury(manager, companyId, id);
    await manager.query(`DELETE FROM ${this.table} WHERE company_id = $1 AND ${this.options.column} = $2`, [companyId, id]);
  }

  /** The id as its owner answered it, unless its deletion was handled here. */
  async fill(record: OwnedRecord<OwnedRecordKind>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await this.deleted.lock(manager, record.id);
      if (await this.deleted.buried(manager, record.id)) return false;
      await this.remember(manager, record.companyId, record.id);
      return true;
    });
  }

  /** The `notFound` error unless every id is one of the company's (a ProjectionMiss: the owner is asked for the others). */
  async assertKnown(manager: EntityManager, companyId: number, ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return;
    const rows: Record<string, number>[] = await manager.query(
      `SELECT ${this.options.column} AS id FROM ${this.table} WHERE company_id = $1 AND ${this.options.column} = ANY($2::int[])`,
      [companyId, wanted],
    );
    const known = new Set(rows.map((row) => row.id));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length > 0) throw new ProjectionMiss(companyId, [{ projection: this, ids: missing }], this.options.notFound(missing));
  }
}
