import type { OwnedRecord } from '@app/contracts';
import { type ReadThroughProjection, Tombstones } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ContactRow {
  id: number;
  company_id: number;
  name: string;
  number: string;
  is_group: boolean;
}

const deletedContacts = new Tombstones('outbound.deleted_contacts');

/**
 * The companies' contacts as conversations announces them (`outbound.contacts`, kept by
 * ConversationsEventsConsumer): whom appointments are for and whom tag campaigns reach. A contact
 * conversations created a moment ago is taken from its answer (`fill`, decision 0039).
 */
@Injectable()
export class ContactRepository implements ReadThroughProjection<'contact'> {
  readonly kind = 'contact';

  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  /** The contact as conversations answered it, unless the copy has it already or its deletion was handled here. */
  async fill(contact: OwnedRecord<'contact'>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await deletedContacts.lock(manager, contact.id);
      if (await deletedContacts.buried(manager, contact.id)) return false;
      await manager.query(
        `INSERT INTO outbound.contacts (id, company_id, name, number, email, is_group) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [contact.id, contact.companyId, contact.name, contact.number, contact.email, contact.isGroup],
      );
      return true;
    });
  }

  async upsert(
    manager: EntityManager,
    contact: { id: number; companyId: number; name: string; number: string; email: string; isGroup: boolean },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.contacts (id, company_id, name, number, email, is_group) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = $3, number = $4, email = $5, is_group = $6 WHERE outbound.contacts.company_id = $2`,
      [contact.id, contact.companyId, contact.name, contact.number, contact.email, contact.isGroup],
    );
  }

  async delete(manager: EntityManager, companyId: number, contactId: number): Promise<void> {
    await deletedContacts.bury(manager, companyId, contactId);
    await manager.query(`DELETE FROM outbound.contacts WHERE id = $1 AND company_id = $2`, [contactId, companyId]);
  }

  /** The company's contact, or null (another company's is not found). */
  async byId(manager: EntityManager | null, companyId: number, id: number): Promise<ContactRow | null> {
    const rows: ContactRow[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM outbound.contacts WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }
}
