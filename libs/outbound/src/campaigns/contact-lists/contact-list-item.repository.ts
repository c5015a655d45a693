import {
  CONTACT_LIST_ITEM_COMPANY_FIELDS,
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  type ContactListItem,
  type ContactListItemCompanyField,
  type ContactListItemFields,
} from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ContactListItemRow {
  id: number;
  company_id: number;
  contact_list_id: number;
  name: string;
  number: string;
  email: string;
  fields: Partial<Record<ContactListItemCompanyField, string>>;
  is_whatsapp_valid: boolean | null;
  whatsapp_number: string | null;
  created_at: Date;
  updated_at: Date;
}

export const mapContactListItem = (row: ContactListItemRow): ContactListItem => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  ...(Object.fromEntries(CONTACT_LIST_ITEM_COMPANY_FIELDS.map((field) => [field, row.fields[field] ?? ''])) as Record<
    ContactListItemCompanyField,
    string
  >),
  isWhatsappValid: row.is_whatsapp_valid,
  companyId: row.company_id,
  contactListId: row.contact_list_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const companyFields = (item: ContactListItemFields) =>
  JSON.stringify(
    Object.fromEntries(CONTACT_LIST_ITEM_COMPANY_FIELDS.map((field) => [field, item[field]]).filter(([, value]) => value !== '')),
  );

/** A check of a number in flight for longer than this is taken as lost and asked again. */
const CHECK_LOST_AFTER = `interval '2 minutes'`;

/** The contacts of the contact lists. */
@Injectable()
export class ContactListItemRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of a list's items by name, searched in name, number and email; with the total. */
  async page(
    companyId: number,
    contactListId: number,
    searchParam: string,
    pageNumber: number,
  ): Promise<{ rows: ContactListItemRow[]; count: number }> {
    const where = `company_id = $1 AND contact_list_id = $2 AND ($3 = '%%' OR lower(name) LIKE $3 OR number LIKE $3 OR lower(email) LIKE $3)`;
    const params = [companyId, contactListId, likeContaining(searchParam.toLowerCase())];
    const rows: ContactListItemRow[] = await this.dataSource.query(
      `SELECT * FROM outbound.contact_list_items WHERE ${where} ORDER BY lower(name), id LIMIT $4 OFFSET $5`,
      [...params, CONTACT_LIST_ITEMS_PAGE_SIZE, (pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE],
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM outbound.contact_list_items WHERE ${where}`,
      params,
    )) as {
      count: number;
    }[];
    return { rows, count };
  }

  async view(manager: EntityManager | null, companyId: number, id: number): Promise<ContactListItemRow | null> {
    const rows: ContactListItemRow[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM outbound.contact_list_items WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  /** The new item, or null when the list already holds its number. */
  async insert(
    manager: EntityManager,
    companyId: number,
    contactListId: number,
    item: ContactListItemFields,
  ): Promise<ContactListItemRow | null> {
    const rows: ContactListItemRow[] = await manager.query(
      `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, email, fields)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ON CONSTRAINT contact_list_items_number_unique DO NOTHING RETURNING *`,
      [companyId, contactListId, item.name, item.number, item.email, companyFields(item)],
    );
    return rows[0] ?? null;
  }

  /**
   * Sheet rows in one statement; a number the list holds (or one the sheet repeats) is skipped.
   * Returns how many were created.
   */
  async insertMany(manager: EntityManager, companyId: number, contactListId: number, items: ContactListItemFields[]): Promise<number> {
    let created = 0;
    // Slices of one JSON text each: short statements, and no array for pg to escape element by element on the event loop.
    for (let start = 0; start < items.length; start += 500) {
      const chunk = items.slice(start, start + 500);
      const rows: unknown[] = await manager.query(
        `INSERT INTO outbound.contact_list_items (company_id, contact_list_id, name, number, email, fields)
         SELECT $1, $2, t.item->>0, t.item->>1, t.item->>2, (t.item->>3)::jsonb
         FROM json_array_elements($3::json) WITH ORDINALITY AS t(item, position)
         ORDER BY t.position
         ON CONFLICT ON CONSTRAINT contact_list_items_number_unique DO NOTHING RETURNING id`,
        [companyId, contactListId, JSON.stringify(chunk.map((item) => [item.name, item.number, item.email, companyFields(item)]))],
      );
      created += rows.length;
    }
    return created;
  }

  /**
   * Changes an item; a changed number is checked again. The updated row, null when the company has
   * no such item, or 'duplicate' when the list already holds the new number.
   */
  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    item: ContactListItemFields,
  ): Promise<ContactListItemRow | 'duplicate' | null> {
    try {
      const rows = changedRows<ContactListItemRow>(
        await manager.query(
          `UPDATE outbound.contact_list_items
           SET name = $3, email = $5, fields = $6, updated_at = now(),
               is_whatsapp_valid = CASE WHEN number = $4 THEN is_whatsapp_valid END,
               whatsapp_number = CASE WHEN number = $4 THEN whatsapp_number END,
               check_requested_at = CASE WHEN number = $4 THEN check_requested_at END,
               number = $4
           WHERE company_id = $1 AND id = $2 RETURNING *`,
          [companyId, id, item.name, item.number, item.email, companyFields(item)],
        ),
      );
      return rows[0] ?? null;
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'contact_list_items_number_unique') return 'duplicate';
      throw error;
    }
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<ContactListItemRow | null> {
    const rows = changedRows<ContactListItemRow>(
      await manager.query(`DELETE FROM outbound.contact_list_items WHERE company_id = $1 AND id = $2 RETURNING *`, [companyId, id]),
    );
    return rows[0] ?? null;
  }

  /**
   * The company's next numbers to check (never checked, and not in flight, or in flight for too
   * long), marked as in flight; rows another transaction holds are passed over.
   */
  async claimUnchecked(manager: EntityManager, companyId: number, limit: number): Promise<{ id: number; number: string }[]> {
    return changedRows<{ id: number; number: string }>(
      await manager.query(
        `UPDATE outbound.contact_list_items SET check_requested_at = now()
         WHERE id IN (
           SELECT id FROM outbound.contact_list_items
           WHERE company_id = $1 AND is_whatsapp_valid IS NULL
             AND (check_requested_at IS NULL OR check_requested_at < now() - ${CHECK_LOST_AFTER})
           ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, number`,
        [companyId, limit],
      ),
    ).sort((a, b) => a.id - b.id);
  }

  /** Whether the company has numbers still to check (in flight or not). */
  async hasUnchecked(manager: EntityManager, companyId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM outbound.contact_list_items WHERE company_id = $1 AND is_whatsapp_valid IS NULL LIMIT 1`,
      [companyId],
    );
    return rows.length > 0;
  }

  /**
   * Check results of the company's items (those still there): per list they belong to, the items
   * found valid.
   */
  async applyChecks(
    manager: EntityManager,
    companyId: number,
    results: { id: number; valid: boolean; whatsappNumber: string | null }[],
  ): Promise<Map<number, number[]>> {
    const lists = new Map<number, number[]>();
    if (results.length === 0) return lists;
    const rows = changedRows<{ id: number; contact_list_id: number; is_whatsapp_valid: boolean }>(
      await manager.query(
        `UPDATE outbound.contact_list_items i
         SET is_whatsapp_valid = r.valid, whatsapp_number = r.whatsapp_number, check_requested_at = NULL, updated_at = now()
         FROM unnest($2::int[], $3::boolean[], $4::text[]) AS r(id, valid, whatsapp_number)
         WHERE i.company_id = $1 AND i.id = r.id
         RETURNING i.id, i.contact_list_id, i.is_whatsapp_valid`,
        [companyId, results.map((r) => r.id), results.map((r) => r.valid), results.map((r) => r.whatsappNumber)],
      ),
    );
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const valid = lists.get(row.contact_list_id) ?? [];
      if (row.is_whatsapp_valid) valid.push(row.id);
      lists.set(row.contact_list_id, valid);
    }
    return lists;
  }

  /** Checks that could not be made: the numbers go back to be checked later. */
  async releaseChecks(manager: EntityManager, companyId: number, ids: number[]): Promise<void> {
    await manager.query(
      `UPDATE outbound.contact_list_items SET check_requested_at = NULL WHERE company_id = $1 AND id = ANY($2::int[]) AND is_whatsapp_valid IS NULL`,
      [companyId, ids],
    );
  }
}
