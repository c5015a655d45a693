import { type ServiceFields, type ServiceRecord, SERVICES_PAGE_SIZE } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ServiceRow {
  id: number;
  company_id: number;
  name: string;
  description: string | null;
  /** numeric comes back from pg as text. */
  price: string;
  duration: number;
  additional_info: string | null;
  created_at: Date;
  updated_at: Date;
}

export const mapService = (row: ServiceRow): ServiceRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: Number(row.price),
  duration: row.duration,
  additionalInfo: row.additional_info,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The companies' service catalogues. */
@Injectable()
export class ServiceCatalogueRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the company's services by name, searched in name and description; with the total. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ rows: ServiceRow[]; count: number }> {
    const where = `company_id = $1 AND ($2 = '%%' OR lower(name) LIKE $2 OR lower(coalesce(description, '')) LIKE $2)`;
    const params = [companyId, likeContaining(searchParam.toLowerCase())];
    const rows: ServiceRow[] = await this.dataSource.query(
      `SELECT * FROM outbound.services WHERE ${where} ORDER BY lower(name), id LIMIT $3 OFFSET $4`,
      [...params, SERVICES_PAGE_SIZE, (pageNumber - 1) * SERVICES_PAGE_SIZE],
    );
    const [{ count }] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM outbound.services WHERE ${where}`, params)) as {
      count: number;
    }[];
    return { rows, count };
  }

  async insert(manager: EntityManager, companyId: number, fields: ServiceFields): Promise<ServiceRow> {
    const rows: ServiceRow[] = await manager.query(
      `INSERT INTO outbound.services (company_id, name, description, price, duration, additional_info)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [companyId, fields.name, fields.description, fields.price, fields.duration, fields.additionalInfo],
    );
    return rows[0]!;
  }

  /** The changed row; null when the company has no such service. */
  async update(manager: EntityManager, companyId: number, id: number, fields: ServiceFields): Promise<ServiceRow | null> {
    const rows = changedRows<ServiceRow>(
      await manager.query(
        `UPDATE outbound.services
         SET name = $3, description = $4, price = $5, duration = $6, additional_info = $7, updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING *`,
        [companyId, id, fields.name, fields.description, fields.price, fields.duration, fields.additionalInfo],
      ),
    );
    return rows[0] ?? null;
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM outbound.services WHERE company_id = $1 AND id = $2 RETURNING id`, [companyId, id]),
    );
    return rows.length > 0;
  }

  /** Every service of the company by name (the appointment dialog's picker). */
  async all(companyId: number): Promise<ServiceRow[]> {
    return this.dataSource.query(`SELECT * FROM outbound.services WHERE company_id = $1 ORDER BY lower(name), id`, [companyId]);
  }

  async exists(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM outbound.services WHERE company_id = $1 AND id = $2`, [companyId, id]);
    return rows.length > 0;
  }
}
