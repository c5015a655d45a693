import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface HelpRow {
  id: number;
  title: string;
  description: string;
  video: string;
  created_at: Date;
  updated_at: Date;
}

/** A help video, written by super users and read by everyone. */
export interface Help {
  id: number;
  title: string;
  description: string;
  /** The video code (e.g. a YouTube id). */
  video: string;
  createdAt: Date;
  updatedAt: Date;
}

export type NewHelp = Pick<Help, 'title' | 'description' | 'video'>;

export const toHelp = (row: HelpRow): Help => ({
  id: row.id,
  title: row.title,
  description: row.description,
  video: row.video,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** identity.helps. */
@Injectable()
export class HelpRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  /** One page of the helps whose title or description matches `search` (a LIKE pattern), by title; with the count of all that match. */
  async page(search: string, pageNumber: number, pageSize: number): Promise<[Help[], number]> {
    const matching = `FROM identity.helps WHERE (lower(title) LIKE $1 OR lower(description) LIKE $1)`;
    const rows: HelpRow[] = await this.dataSource.query(`SELECT * ${matching} ORDER BY title, id LIMIT $2 OFFSET $3`, [
      search,
      pageSize,
      (pageNumber - 1) * pageSize,
    ]);
    const [{ count }]: { count: number }[] = await this.dataSource.query(`SELECT count(*)::int AS count ${matching}`, [search]);
    return [rows.map(toHelp), count];
  }

  async all(): Promise<Help[]> {
    const rows: HelpRow[] = await this.dataSource.query(`SELECT * FROM identity.helps ORDER BY title, id`);
    return rows.map(toHelp);
  }

  async findById(id: number): Promise<Help | null> {
    const rows: HelpRow[] = await this.dataSource.query(`SELECT * FROM identity.helps WHERE id = $1`, [id]);
    return rows[0] ? toHelp(rows[0]) : null;
  }

  async insert(help: NewHelp): Promise<Help> {
    const rows: HelpRow[] = await this.dataSource.query(
      `INSERT INTO identity.helps (title, description, video) VALUES ($1, $2, $3) RETURNING *`,
      [help.title, help.description, help.video],
    );
    return toHelp(rows[0]);
  }

  /** Writes the help's fields; updated_at moves only when one of them changed. */
  async save(help: Help): Promise<Help> {
    const result: unknown = await this.dataSource.query(
      `UPDATE identity.helps
          SET title = $2, description = $3, video = $4,
              updated_at = CASE WHEN (title, description, video) IS DISTINCT FROM ($2, $3, $4) THEN now() ELSE updated_at END
        WHERE id = $1
        RETURNING *`,
      [help.id, help.title, help.description, help.video],
    );
    return toHelp(changedRows<HelpRow>(result)[0]);
  }

  /** False when there was no such help. */
  async delete(id: number): Promise<boolean> {
    const result: unknown = await this.dataSource.query(`DELETE FROM identity.helps WHERE id = $1 RETURNING id`, [id]);
    return changedRows(result).length > 0;
  }
}
