import { CONTACT_LISTS_PAGE_SIZE, type ContactList } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ContactListRow {
  id: number;
  company_id: number;
  name: string;
  contacts_count: number;
  valid_count: number;
  pending_count: number;
  created_at: Date;
  updated_at: Date;
}

export const mapContactList = (row: ContactListRow): ContactList => ({
  id: row.id,
  name: row.name,
  contactsCount: row.contacts_count,
  validCount: row.valid_count,
  pendingCount: row.pending_count,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** A list with its counts (`l` the list), its items counted once. */
const WITH_COUNTS = `
  SELECT l.*, c.contacts_count, c.valid_count, c.pending_count
  FROM outbound.contact_lists l
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS contacts_count,
           count(*) FILTER (WHERE i.is_whatsapp_valid)::int AS valid_count,
           count(*) FILTER (WHERE i.is_whatsapp_valid IS NULL)::int AS pending_count
    FROM outbound.contact_list_items i WHERE i.contact_list_id = l.id) c`;

/** Contact lists of the companies. */
@Injectable()
export class ContactListRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the company's lists by name, searched in the name; with the total. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ rows: ContactListRow[]; count: number }> {
    const where = `l.company_id = $1 AND ($2 = '%%' OR lower(l.name) LIKE $2)`;
    const params = [companyId, likeContaining(searchParam.toLowerCase())];
    const rows: ContactListRow[] = await this.dataSource.query(
      `${WITH_COUNTS} WHERE ${where} ORDER BY lower(l.name), l.id LIMIT $3 OFFSET $4`,
      [...params, CONTACT_LISTS_PAGE_SIZE, (pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE],
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM outbound.contact_lists l WHERE ${where}`,
      params,
    )) as {
      count: number;
    }[];
    return { rows, count };
  }

  /** Every list of the company, by name, with its size (the campaign form's select). */
  async all(companyId: number): Promise<{ id: number; name: string; contacts_count: number }[]> {
    return this.dataSource.query(
      `SELECT l.id, l.name, (SELECT count(*)::int FROM outbound.contact_list_items i WHERE i.contact_list_id = l.id) AS contacts_count
       FROM outbound.contact_lists l WHERE l.company_id = $1 ORDER BY lower(l.name), l.id LIMIT 5000`,
      [companyId],
    );
  }

  /** The company's list with its counts; null for another company's or none. */
  async view(manager: EntityManager | null, companyId: number, id: number): Promise<ContactListRow | null> {
    const rows: ContactListRow[] = await (manager ?? this.dataSource).query(`${WITH_COUNTS} WHERE l.company_id = $1 AND l.id = $2`, [
      companyId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Whether the company has this list, locked for a change of it or of its items in this transaction. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT id FROM outbound.contact_lists WHERE company_id = $1 AND id = $2 FOR UPDATE`, [
      companyId,
      id,
    ]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, companyId: number, name: string): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO outbound.contact_lists (company_id, name) VALUES ($1, $2) RETURNING id`,
      [companyId, name],
    );
    return rows[0]!.id;
  }

  async rename(manager: EntityManager, companyId: number, id: number, name: string): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE outbound.contact_lists SET name = $3, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING id`,
        [companyId, id, name],
      ),
    );
    return rows.length > 0;
  }

  /** Removes the list and its items; false when the company has no such list. */
  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM outbound.contact_lists WHERE company_id = $1 AND id = $2 RETURNING id`, [companyId, id]),
    );
    return rows.length > 0;
  }
}
