import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  can,
  contactDeleted,
  contactSaved,
  CONTACTS_PAGE_SIZE,
  type Contact,
  type ContactCreateBody,
  type ContactListResponse,
  type ContactUpdateBody,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { changedRows } from '../common/sql';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { mapContact, type ContactRow } from './contact.repository';

/** The last ticket's updatedAt of each contact, in the same statement (no per-row queries). */
const CONTACT_SELECT = `
  SELECT c.*, (SELECT max(t.updated_at) FROM conversations.tickets t WHERE t.contact_id = c.id) AS last_interaction_at
  FROM conversations.contacts c`;

const isDuplicateNumber = (error: unknown) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'contacts_number_unique';

@Injectable()
export class ContactService {
  constructor(
    @Inject(CONVERSATIONS_DATA_SOURCE_TOKEN) private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async list(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<ContactListResponse> {
    const like = `%${searchParam.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows: ContactRow[] = await this.dataSource.query(
      `${CONTACT_SELECT} WHERE c.company_id = $1 AND ($2 = '%%' OR lower(c.name) LIKE $2 OR c.number LIKE $2 OR lower(c.email) LIKE $2)
       ORDER BY lower(c.name), c.id LIMIT $3 OFFSET $4`,
      [tenancy.companyId, like, CONTACTS_PAGE_SIZE + 1, (pageNumber - 1) * CONTACTS_PAGE_SIZE],
    );
    return { contacts: rows.slice(0, CONTACTS_PAGE_SIZE).map(mapContact), hasMore: rows.length > CONTACTS_PAGE_SIZE };
  }

  /** GET /contacts/list: every contact of the company (pickers), by name. */
  async all(tenancy: Tenancy): Promise<Contact[]> {
    const rows: ContactRow[] = await this.dataSource.query(
      `${CONTACT_SELECT} WHERE c.company_id = $1 ORDER BY lower(c.name), c.id LIMIT 10000`,
      [tenancy.companyId],
    );
    return rows.map(mapContact);
  }

  async get(tenancy: Tenancy, id: number): Promise<Contact> {
    return mapContact(await this.find(this.dataSource.manager, tenancy.companyId, id));
  }

  async create(tenancy: Tenancy, body: Required<Pick<ContactCreateBody, 'name' | 'number'>> & ContactCreateBody): Promise<Contact> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows: ContactRow[] = await manager.query(
          `INSERT INTO conversations.contacts (uuid, company_id, name, number, email, extra_info) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
          [randomUUID(), tenancy.companyId, body.name, body.number, body.email ?? '', JSON.stringify(withIds(body.extraInfo ?? []))],
        );
        return this.saved(manager, rows[0]!.id, tenancy.companyId, true);
      });
    } catch (error) {
      if (isDuplicateNumber(error)) throw await this.duplicate(tenancy.companyId, body.number);
      throw error;
    }
  }

  async update(tenancy: Tenancy, id: number, body: ContactUpdateBody): Promise<Contact> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows = await changedRows<{ id: number }>(
          manager,
          `UPDATE conversations.contacts SET name = COALESCE($3, name), number = COALESCE($4, number), email = COALESCE($5, email),
             extra_info = COALESCE($6::jsonb, extra_info), updated_at = now()
           WHERE id = $1 AND company_id = $2 RETURNING id`,
          [id, tenancy.companyId, body.name ?? null, body.number ?? null, body.email ?? null, body.extraInfo ? JSON.stringify(withIds(body.extraInfo)) : null],
        );
        if (!rows[0]) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
        return this.saved(manager, id, tenancy.companyId, false);
      });
    } catch (error) {
      if (isDuplicateNumber(error)) throw await this.duplicate(tenancy.companyId, body.number!);
      throw error;
    }
  }

  async delete(tenancy: Tenancy, id: number): Promise<void> {
    if (!can(tenancy, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION', 'No permission');
    await this.dataSource.transaction(async (manager) => {
      const rows = await changedRows<{ id: number }>(manager, `DELETE FROM conversations.contacts WHERE id = $1 AND company_id = $2 RETURNING id`, [
        id,
        tenancy.companyId,
      ]);
      if (!rows[0]) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      await this.outbox.add(manager, { definition: contactDeleted, companyId: tenancy.companyId, key: `contact-${id}`, payload: { contactId: id } });
    });
  }

  private async saved(manager: EntityManager, id: number, companyId: number, created: boolean): Promise<Contact> {
    const contact = mapContact(await this.find(manager, companyId, id));
    await this.outbox.add(manager, { definition: contactSaved, companyId, key: `contact-${id}`, payload: { contact, created } });
    return contact;
  }

  private async duplicate(companyId: number, number: string): Promise<AppError> {
    const rows: ContactRow[] = await this.dataSource.query(`${CONTACT_SELECT} WHERE c.company_id = $1 AND c.number = $2`, [companyId, number]);
    return new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number exists', {
      alreadyExists: true,
      existingContact: rows[0] ? mapContact(rows[0]) : null,
    });
  }

  private async find(manager: EntityManager, companyId: number, id: number): Promise<ContactRow> {
    const rows: ContactRow[] = await manager.query(`${CONTACT_SELECT} WHERE c.id = $1 AND c.company_id = $2`, [id, companyId]);
    if (!rows[0]) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
    return rows[0];
  }
}

/** Extra info rows keep their ids; new ones get the next. */
function withIds(extraInfo: { id?: number; name: string; value: string }[]) {
  let next = Math.max(0, ...extraInfo.map((item) => item.id ?? 0));
  return extraInfo.map((item) => ({ id: item.id ?? ++next, name: item.name, value: item.value }));
}
