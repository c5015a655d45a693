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
 * ConversationsEventsConsumer through TagContactRepository): whom appointments are for.
 */
@Injectable()
export class ContactRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  /** The company's contact, or null (another company's is not found). */
  async byId(manager: EntityManager | null, companyId: number, id: number): Promise<ContactRow | null> {
    const rows: ContactRow[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM outbound.contacts WHERE company_id = $1 AND id = $2`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }
}
