import { randomUUID } from 'node:crypto';

import {
  type Contact,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  type ContactExtraInfo,
  CONTACTS_PAGE_SIZE,
  type ContactTag,
  type WaParty,
} from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ContactRow {
  id: number;
  uuid: string;
  company_id: number;
  name: string;
  number: string | null;
  lid: string | null;
  email: string;
  profile_pic_url: string;
  active: boolean;
  is_group: boolean;
  whatsapp_id: number | null;
  extra_info: { id?: number; name: string; value: string }[];
  created_at: Date;
  updated_at: Date;
  last_interaction_at?: Date | null;
}

export function mapContact(row: ContactRow): Contact {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    number: row.number ?? '',
    email: row.email,
    profilePicUrl: row.profile_pic_url,
    active: row.active,
    isGroup: row.is_group,
    whatsappId: row.whatsapp_id,
    extraInfo: row.extra_info,
    companyId: row.company_id,
    lastInteractionAt: row.last_interaction_at ? new Date(row.last_interaction_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The last ticket's updatedAt of each contact, in the same statement (no per-row queries). */
const CONTACT_SELECT = `
  SELECT c.*, (SELECT max(t.updated_at) FROM conversations.tickets t WHERE t.contact_id = c.id) AS last_interaction_at
  FROM conversations.contacts c`;

/** A contact to create from a sheet row or a body (extra info rows with their ids). */
export interface NewContact {
  name: string;
  number: string;
  email: string;
  extraInfo: Required<ContactExtraInfo>[];
}

/**
 * Contacts of one company; a number (or, failing that, a LID) names one contact. A method whose
 * manager may be null reads outside any transaction (the statement on its own).
 */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The contact WhatsApp talks about, created on first sight. A name we only had as the number is
   * replaced by the push name; a name someone typed is kept.
   */
  async upsertFromWhatsapp(
    manager: EntityManager,
    companyId: number,
    connectionId: number,
    party: WaParty,
    isGroup: boolean,
    useName: boolean,
  ): Promise<ContactRow & { created: boolean }> {
    const fallbackName = party.number ?? party.lid ?? 'desconhecido';
    const name = (useName && party.pushName?.trim()) || fallbackName;
    const arbiter = party.number ? '(company_id, number)' : '(company_id, lid) WHERE lid IS NOT NULL';
    const uuid = randomUUID();
    const rows: ContactRow[] = await manager.query(
      `INSERT INTO conversations.contacts AS c (uuid, company_id, name, number, lid, is_group, whatsapp_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ${arbiter} DO UPDATE SET
         name = CASE WHEN c.name = COALESCE(c.number, c.lid) AND EXCLUDED.name <> COALESCE(c.number, c.lid) THEN EXCLUDED.name ELSE c.name END
       RETURNING *`,
      [uuid, companyId, name.slice(0, 100), party.number, party.lid, isGroup, connectionId],
    );
    // The row carries the uuid given here only when this statement created it.
    return { ...rows[0]!, created: rows[0]!.uuid === uuid };
  }

  async find(manager: EntityManager | null, companyId: number, contactId: number): Promise<ContactRow | null> {
    const rows: ContactRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT * FROM conversations.contacts WHERE id = $1 AND company_id = $2`,
      [contactId, companyId],
    );
    return rows[0] ?? null;
  }

  /** Whether the company has this contact. */
  async exists(manager: EntityManager, companyId: number, contactId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM conversations.contacts WHERE id = $1 AND company_id = $2`, [
      contactId,
      companyId,
    ]);
    return rows.length > 0;
  }

  /**
   * One page of the company's contacts by name, searched by name, number or e-mail, each with the tags
   * of its tickets, in the same statement; one row past the page answers hasMore.
   */
  async page(
    companyId: number,
    searchParam: string,
    pageNumber: number,
  ): Promise<{ contacts: (ContactRow & { tags: ContactTag[] })[]; hasMore: boolean }> {
    const like = likeContaining(searchParam.toLowerCase());
    const rows: (ContactRow & { tags: ContactTag[] })[] = await this.dataSource.query(
      `SELECT c.*, (SELECT max(t.updated_at) FROM conversations.tickets t WHERE t.contact_id = c.id) AS last_interaction_at,
         COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY lower(g.name), g.id)
                   FROM conversations.tags g
                   WHERE g.company_id = c.company_id
                     AND g.id IN (SELECT tt.tag_id FROM conversations.ticket_tags tt
                                  JOIN conversations.tickets t ON t.id = tt.ticket_id WHERE t.contact_id = c.id)), '[]') AS tags
       FROM conversations.contacts c WHERE c.company_id = $1 AND ($2 = '%%' OR lower(c.name) LIKE $2 OR c.number LIKE $2 OR lower(c.email) LIKE $2)
       ORDER BY lower(c.name), c.id LIMIT $3 OFFSET $4`,
      [companyId, like, CONTACTS_PAGE_SIZE + 1, (pageNumber - 1) * CONTACTS_PAGE_SIZE],
    );
    return { contacts: rows.slice(0, CONTACTS_PAGE_SIZE), hasMore: rows.length > CONTACTS_PAGE_SIZE };
  }

  /** Every contact of the company (pickers), by name. */
  async all(companyId: number): Promise<ContactRow[]> {
    return this.dataSource.query(`${CONTACT_SELECT} WHERE c.company_id = $1 ORDER BY lower(c.name), c.id LIMIT 10000`, [companyId]);
  }

  /** The contact with its last interaction, as the API shows it. */
  async view(manager: EntityManager | null, companyId: number, contactId: number): Promise<ContactRow | null> {
    const rows: ContactRow[] = await (manager ?? this.dataSource.manager).query(`${CONTACT_SELECT} WHERE c.id = $1 AND c.company_id = $2`, [
      contactId,
      companyId,
    ]);
    return rows[0] ?? null;
  }

  /** The contact with its last interaction, whatever its company (the contact an event is about). */
  async viewById(manager: EntityManager, contactId: number): Promise<ContactRow | null> {
    const rows: ContactRow[] = await manager.query(
      `SELECT c.*, (SELECT max(t.updated_at) FROM conversations.tickets t WHERE t.contact_id = c.id) AS last_interaction_at
       FROM conversations.contacts c WHERE c.id = $1`,
      [contactId],
    );
    return rows[0] ?? null;
  }

  /** The contacts created just now, with their last interaction, by id. */
  async views(manager: EntityManager, companyId: number, ids: number[]): Promise<ContactRow[]> {
    return manager.query(`${CONTACT_SELECT} WHERE c.company_id = $1 AND c.id = ANY($2::int[]) ORDER BY c.id`, [companyId, ids]);
  }

  /** The company's contact with this number, if any. */
  async withNumber(companyId: number, number: string): Promise<ContactRow | null> {
    const rows: ContactRow[] = await this.dataSource.query(`${CONTACT_SELECT} WHERE c.company_id = $1 AND c.number = $2`, [
      companyId,
      number,
    ]);
    return rows[0] ?? null;
  }

  /**
   * The company's contact with this number, created (named by `name` or the number) or updated with
   * what is given (null keeps the column): its id and whether this statement created it.
   */
  async upsertByNumber(
    manager: EntityManager,
    companyId: number,
    contact: { number: string; name: string | null; email: string | null; extraInfo: Required<ContactExtraInfo>[] | null },
  ): Promise<{ id: number; created: boolean }> {
    const uuid = randomUUID();
    const rows: { id: number; uuid: string }[] = await manager.query(
      `INSERT INTO conversations.contacts AS c (uuid, company_id, name, number, email, extra_info)
       VALUES ($1, $2, COALESCE($3, $4), $4, COALESCE($5, ''), COALESCE($6::jsonb, '[]'::jsonb))
       ON CONFLICT (company_id, number) DO UPDATE SET name = COALESCE($3, c.name), email = COALESCE($5, c.email),
         extra_info = COALESCE($6::jsonb, c.extra_info), updated_at = now()
       RETURNING c.id, c.uuid`,
      [uuid, companyId, contact.name, contact.number, contact.email, contact.extraInfo ? JSON.stringify(contact.extraInfo) : null],
    );
    return { id: rows[0]!.id, created: rows[0]!.uuid === uuid };
  }

  /** A new contact (a duplicate number fails on contacts_number_unique); its id. */
  async insert(manager: EntityManager, companyId: number, contact: NewContact): Promise<number> {
    const rows: ContactRow[] = await manager.query(
      `INSERT INTO conversations.contacts (uuid, company_id, name, number, email, extra_info) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [randomUUID(), companyId, contact.name, contact.number, contact.email, JSON.stringify(contact.extraInfo)],
    );
    return rows[0]!.id;
  }

  /** Changes what is given (null keeps the column); false when the company has no such contact. */
  async update(
    manager: EntityManager,
    companyId: number,
    contactId: number,
    change: { name: string | null; number: string | null; email: string | null; extraInfo: Required<ContactExtraInfo>[] | null },
  ): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.contacts SET name = COALESCE($3, name), number = COALESCE($4, number), email = COALESCE($5, email),
           extra_info = COALESCE($6::jsonb, extra_info), updated_at = now()
         WHERE id = $1 AND company_id = $2 RETURNING id`,
        [contactId, companyId, change.name, change.number, change.email, change.extraInfo ? JSON.stringify(change.extraInfo) : null],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Every entry of the company's phone address books whose number is not a contact yet becomes one,
   * in one statement: the ids created, and how many numbers the address books hold.
   */
  async importAddressBook(manager: EntityManager, companyId: number): Promise<{ total: number; created: number[] }> {
    const [{ total }]: { total: number }[] = await manager.query(
      `SELECT count(DISTINCT number)::int AS total FROM conversations.address_book WHERE company_id = $1`,
      [companyId],
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
      [companyId, CONTACT_NAME_MIN, CONTACT_NAME_MAX],
    );
    return { total, created: rows.map((row) => row.id) };
  }

  /** The contacts of a sheet, in its order, numbers already known skipped, in one statement: those created. */
  async insertMany(manager: EntityManager, companyId: number, contacts: NewContact[]): Promise<ContactRow[]> {
    // One JSON text rather than arrays: pg escapes each array element in JavaScript, on the event loop.
    return manager.query(
      `INSERT INTO conversations.contacts (uuid, company_id, name, number, email, extra_info)
       SELECT gen_random_uuid(), $1, r.c->>0, r.c->>1, r.c->>2, (r.c->3)::jsonb
       FROM json_array_elements($2::json) WITH ORDINALITY AS r (c, position)
       ORDER BY r.position
       ON CONFLICT DO NOTHING
       RETURNING *, NULL::timestamptz AS last_interaction_at`,
      [companyId, JSON.stringify(contacts.map((c) => [c.name, c.number, c.email, c.extraInfo]))],
    );
  }

  /** False when the company has no such contact. */
  async delete(manager: EntityManager, companyId: number, contactId: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM conversations.contacts WHERE id = $1 AND company_id = $2 RETURNING id`, [contactId, companyId]),
    );
    return rows.length > 0;
  }

  /**
   * What WhatsApp calls a contact replaces a name we only had as the number (a typed name is kept):
   * the ids of the contacts renamed.
   */
  async renameFromWhatsapp(
    manager: EntityManager,
    companyId: number,
    number: string | null,
    lid: string | null,
    name: string,
  ): Promise<number[]> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE conversations.contacts SET name = $4, updated_at = now()
         WHERE company_id = $1 AND (number = $2 OR (lid IS NOT NULL AND lid = $3)) AND name = COALESCE(number, lid) AND name <> $4
         RETURNING id`,
        [companyId, number, lid, name],
      ),
    );
    return rows.map((row) => row.id);
  }
}
