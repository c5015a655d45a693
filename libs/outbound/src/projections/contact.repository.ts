import type { Contact } from '@app/contracts';
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

/** The companies' contacts as conversations announces them (`outbound.contacts`): whom appointments are for. */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  async upsert(manager: EntityManager, contact: Pick<Contact, 'id' | 'companyId' | 'name' | 'number' | 'isGroup'>): Promise<void> {
    await manager.query(
      `INSERT INTO outbound.contacts (id, company_id, name, number, is_group) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET company_id = $2, name = $3, number = $4, is_group = $5`,
      [contact.id, contact.companyId, contact.name, contact.number, contact.isGroup],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(`DELETE FROM outbound.contacts WHERE company_id = $1 AND id = $2`, [companyId, id]);
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
