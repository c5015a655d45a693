import type { Tag } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface TagRow {
  id: number;
  name: string;
  color: string;
  kanban: number;
  company_id: number;
}

export const mapTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  kanban: row.kanban,
  companyId: row.company_id,
});

/** Tags of the companies and the tickets they are put on. */
@Injectable()
export class TagRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(companyId: number): Promise<TagRow[]> {
    return this.dataSource.query(`SELECT * FROM conversations.tags WHERE company_id = $1 ORDER BY name`, [companyId]);
  }

  /** A new tag; null when the company has one of that name. */
  async insert(companyId: number, tag: { name: string; color: string; kanban: number; userId: number }): Promise<TagRow | null> {
    const rows: TagRow[] = await this.dataSource.query(
      `INSERT INTO conversations.tags (company_id, name, color, kanban, user_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, name) DO NOTHING RETURNING *`,
      [companyId, tag.name, tag.color, tag.kanban, tag.userId],
    );
    return rows[0] ?? null;
  }

  /** How many of these ids are tags of the company. */
  async countOfCompany(manager: EntityManager, companyId: number, ids: number[]): Promise<number> {
    const known: { id: number }[] = await manager.query(`SELECT id FROM conversations.tags WHERE company_id = $1 AND id = ANY($2::int[])`, [
      companyId,
      ids,
    ]);
    return known.length;
  }

  /** The ticket's tags become exactly these. */
  async setTicketTags(manager: EntityManager, ticketId: number, tagIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM conversations.ticket_tags WHERE ticket_id = $1`, [ticketId]);
    await manager.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id) SELECT $1, unnest($2::int[])`, [ticketId, tagIds]);
  }
}
