import { type Tag, type TagDetail, TAGS_PAGE_SIZE } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface TagRow {
  id: number;
  name: string;
  color: string;
  kanban: number;
  company_id: number;
  user_id: number | null;
}

export interface TagDetailRow extends TagRow {
  tickets_count: number;
}

export const mapTag = (row: TagRow): Tag => ({
  id: row.id,
  name: row.name,
  color: row.color,
  kanban: row.kanban,
  companyId: row.company_id,
});

export const mapTagDetail = (row: TagDetailRow): TagDetail => ({
  ...mapTag(row),
  ticketsCount: row.tickets_count,
  userId: row.user_id,
});

/** A tag with the number of tickets carrying it (an index-only count over ticket_tags_tag_idx). */
const DETAIL_SELECT = `
  SELECT g.id, g.name, g.color, g.kanban, g.company_id, g.user_id,
         (SELECT count(*)::int FROM conversations.ticket_tags tt WHERE tt.tag_id = g.id) AS tickets_count
  FROM conversations.tags g`;

/** Whether an error is the database refusing a second tag of the same name in a company. */
export const isTagNameTaken = (error: unknown): boolean => {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'tags_name_unique';
};

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

  /** The company's kanban tags, by name: the board's lanes. */
  async kanban(companyId: number): Promise<TagRow[]> {
    return this.dataSource.query(`SELECT * FROM conversations.tags WHERE company_id = $1 AND kanban = 1 ORDER BY name, id`, [companyId]);
  }

  /** One page of the company's tags by name, searched by name; one row past the page answers hasMore. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ tags: TagDetailRow[]; hasMore: boolean }> {
    const like = likeContaining(searchParam.toLowerCase());
    const rows: TagDetailRow[] = await this.dataSource.query(
      `${DETAIL_SELECT} WHERE g.company_id = $1 AND ($2 = '%%' OR lower(g.name) LIKE $2) ORDER BY g.name, g.id LIMIT $3 OFFSET $4`,
      [companyId, like, TAGS_PAGE_SIZE + 1, (pageNumber - 1) * TAGS_PAGE_SIZE],
    );
    return { tags: rows.slice(0, TAGS_PAGE_SIZE), hasMore: rows.length > TAGS_PAGE_SIZE };
  }

  /** The company's tag with its ticket count; null when the company has no such tag. */
  async find(companyId: number, id: number): Promise<TagDetailRow | null> {
    const rows: TagDetailRow[] = await this.dataSource.query(`${DETAIL_SELECT} WHERE g.id = $1 AND g.company_id = $2`, [id, companyId]);
    return rows[0] ?? null;
  }

  /** The company's tag, locked for a change in this transaction; null when the company has no such tag. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<TagRow | null> {
    const rows: TagRow[] = await manager.query(`SELECT * FROM conversations.tags WHERE id = $1 AND company_id = $2 FOR UPDATE`, [
      id,
      companyId,
    ]);
    return rows[0] ?? null;
  }

  /** A new tag (the unique name is checked by the database: see isTagNameTaken). */
  async insert(
    manager: EntityManager,
    companyId: number,
    tag: { name: string; color: string; kanban: number; userId: number },
  ): Promise<TagRow> {
    const rows: TagRow[] = await manager.query(
      `INSERT INTO conversations.tags (company_id, name, color, kanban, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [companyId, tag.name, tag.color, tag.kanban, tag.userId],
    );
    return rows[0]!;
  }

  async update(manager: EntityManager, id: number, tag: { name: string; color: string; kanban: number }): Promise<TagRow> {
    const rows = changedRows<TagRow>(
      await manager.query(
        `UPDATE conversations.tags SET name = $2, color = $3, kanban = $4, updated_at = now() WHERE id = $1 RETURNING *`,
        [id, tag.name, tag.color, tag.kanban],
      ),
    );
    return rows[0]!;
  }

  /** Removes the company's tag (and, by the foreign key, from its tickets); false when the company has no such tag. */
  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM conversations.tags WHERE id = $1 AND company_id = $2 RETURNING id`, [id, companyId]),
    );
    return rows.length > 0;
  }

  /** How many of these ids are tags of the company. */
  async countOfCompany(manager: EntityManager, companyId: number, ids: number[]): Promise<number> {
    const known: { id: number }[] = await manager.query(`SELECT id FROM conversations.tags WHERE company_id = $1 AND id = ANY($2::int[])`, [
      companyId,
      ids,
    ]);
    return known.length;
  }

  /**
   * Adds the company's tags of these names (case ignored) to the ticket, keeping its others (an AI
   * agent's tag rules); how many it did not carry before.
   */
  async addTicketTagsByName(manager: EntityManager, companyId: number, ticketId: number, names: string[]): Promise<number> {
    const added: { tag_id: number }[] = await manager.query(
      `INSERT INTO conversations.ticket_tags (ticket_id, tag_id)
       SELECT $2, g.id FROM conversations.tags g WHERE g.company_id = $1 AND lower(g.name) = ANY($3::text[])
       ON CONFLICT DO NOTHING RETURNING tag_id`,
      [companyId, ticketId, names.map((name) => name.toLowerCase())],
    );
    return added.length;
  }

  /** The ticket's tags become exactly these. */
  async setTicketTags(manager: EntityManager, ticketId: number, tagIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM conversations.ticket_tags WHERE ticket_id = $1`, [ticketId]);
    await manager.query(`INSERT INTO conversations.ticket_tags (ticket_id, tag_id) SELECT $1, unnest($2::int[])`, [ticketId, tagIds]);
  }
}
