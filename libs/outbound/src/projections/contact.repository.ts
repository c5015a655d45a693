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

/**
 * The companies' contacts as conversations announces them (`outbound.contacts`, kept by
 * ConversationsEventsConsumer): whom appointments are for and whom tag campaigns reach.
 */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

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
