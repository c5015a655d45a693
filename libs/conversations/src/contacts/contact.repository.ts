import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Contact, WaParty } from '@app/contracts';

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

/** Contacts of one company; a number (or, failing that, a LID) names one contact. */
export class ContactRepository {
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
  ): Promise<ContactRow> {
    const fallbackName = party.number ?? party.lid ?? 'desconhecido';
    const name = (useName && party.pushName?.trim()) || fallbackName;
    const arbiter = party.number ? '(company_id, number)' : '(company_id, lid) WHERE lid IS NOT NULL';
    const rows: ContactRow[] = await manager.query(
      `INSERT INTO conversations.contacts AS c (uuid, company_id, name, number, lid, is_group, whatsapp_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ${arbiter} DO UPDATE SET
         name = CASE WHEN c.name = COALESCE(c.number, c.lid) AND EXCLUDED.name <> COALESCE(c.number, c.lid) THEN EXCLUDED.name ELSE c.name END
       RETURNING *`,
      [randomUUID(), companyId, name.slice(0, 100), party.number, party.lid, isGroup, connectionId],
    );
    return rows[0]!;
  }

  async find(manager: EntityManager, companyId: number, contactId: number): Promise<ContactRow | null> {
    const rows: ContactRow[] = await manager.query(
      `SELECT * FROM conversations.contacts WHERE id = $1 AND company_id = $2`,
      [contactId, companyId],
    );
    return rows[0] ?? null;
  }
}
