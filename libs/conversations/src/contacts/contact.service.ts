import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  can,
  contactDeleted,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  contactSaved,
  CONTACTS_PAGE_SIZE,
  type Contact,
  type ContactCreateBody,
  type ContactImportResponse,
  type ContactListResponse,
  type ContactUpdateBody,
  type ContactUploadResponse,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { changedRows } from '../common/sql';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from '../conversations-tokens';
import { mapContact, type ContactRow } from './contact.repository';
import { parseContactSheet } from './contact-sheet';
import { WhatsappNumbers } from './whatsapp-numbers.client';

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
    private readonly numbers: WhatsappNumbers,
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

  /**
   * The number is checked on WhatsApp first (when the company has a connected connection) and kept
   * in WhatsApp's own form; `authorization` is the caller's, passed on to the whatsapp service.
   */
  async create(tenancy: Tenancy, body: Required<Pick<ContactCreateBody, 'name' | 'number'>> & ContactCreateBody, authorization = ''): Promise<Contact> {
    body = { ...body, number: (await this.numbers.verify(this.dataSource.manager, tenancy.companyId, authorization, body.number)).number };
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

  async update(tenancy: Tenancy, id: number, body: ContactUpdateBody, authorization = ''): Promise<Contact> {
    if (body.number !== undefined) {
      const current = await this.find(this.dataSource.manager, tenancy.companyId, id);
      if (current.number !== body.number) {
        body = { ...body, number: (await this.numbers.verify(this.dataSource.manager, tenancy.companyId, authorization, body.number)).number };
      }
    }
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

  /**
   * POST /contacts/import: every entry of the company's phone address books (what the connected
   * phones sent) whose number is not a contact yet becomes one, in one statement.
   */
  async importFromPhone(tenancy: Tenancy): Promise<ContactImportResponse> {
    return this.dataSource.transaction(async (manager) => {
      const [{ total }]: { total: number }[] = await manager.query(
        `SELECT count(DISTINCT number)::int AS total FROM conversations.address_book WHERE company_id = $1`,
        [tenancy.companyId],
      );
      const rows: { id: number }[] = await manager.query(
        `INSERT INTO conversations.contacts (uuid, company_id, name, number, lid, whatsapp_id)
         SELECT gen_random_uuid(), e.company_id,
                CASE WHEN char_length(e.label) >= $2 THEN left(e.label, $3) ELSE e.number END, e.number, e.lid, e.connection_id
         FROM (
           SELECT DISTINCT ON (number) company_id, number, lid, connection_id, btrim(COALESCE(name, push_name, number)) AS label
           FROM conversations.address_book WHERE company_id = $1
           ORDER BY number, name IS NULL, updated_at DESC
         ) e
         ON CONFLICT DO NOTHING
         RETURNING id`,
        [tenancy.companyId, CONTACT_NAME_MIN, CONTACT_NAME_MAX],
      );
      await this.publishCreated(manager, tenancy.companyId, rows.map((row) => row.id));
      return { imported: rows.length, skipped: total - rows.length };
    });
  }

  /**
   * POST /contacts/upload: the valid rows of a sheet become contacts, numbers already known are
   * skipped, and each refused row is reported. Rows are not checked on WhatsApp (one by one would be slow).
   */
  async upload(tenancy: Tenancy, file: { originalname: string; buffer: Buffer }): Promise<ContactUploadResponse> {
    const sheet = parseContactSheet(Buffer.from(file.originalname, 'latin1').toString('utf8'), file.buffer);
    const created = await this.dataSource.transaction(async (manager) => {
      if (sheet.contacts.length === 0) return 0;
      const rows: { id: number }[] = await manager.query(
        `INSERT INTO conversations.contacts (uuid, company_id, name, number, email, extra_info)
         SELECT gen_random_uuid(), $1, r.name, r.number, r.email, r.extra_info
         FROM unnest($2::text[], $3::text[], $4::text[], $5::jsonb[]) WITH ORDINALITY AS r (name, number, email, extra_info, position)
         ORDER BY r.position
         ON CONFLICT DO NOTHING
         RETURNING id`,
        [
          tenancy.companyId,
          sheet.contacts.map((c) => c.name),
          sheet.contacts.map((c) => c.number),
          sheet.contacts.map((c) => c.email),
          sheet.contacts.map((c) => JSON.stringify(withIds(c.extraInfo))),
        ],
      );
      await this.publishCreated(manager, tenancy.companyId, rows.map((row) => row.id));
      return rows.length;
    });
    return { created, skipped: sheet.contacts.length - created, invalid: sheet.invalid };
  }

  /** The same contactSaved event a single creation publishes, for each created contact. */
  private async publishCreated(manager: EntityManager, companyId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows: ContactRow[] = await manager.query(`${CONTACT_SELECT} WHERE c.company_id = $1 AND c.id = ANY($2::int[]) ORDER BY c.id`, [companyId, ids]);
    for (const row of rows) {
      await this.outbox.add(manager, { definition: contactSaved, companyId, key: `contact-${row.id}`, payload: { contact: mapContact(row), created: true } });
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
