import { QUICK_MESSAGES_PAGE_SIZE, type QuickMessage } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface QuickMessageRow {
  id: number;
  company_id: number;
  user_id: number | null;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  media_path: string | null;
  media_name: string | null;
  media_type: string | null;
  created_at: Date;
  updated_at: Date;
}

export const mapQuickMessage = (row: QuickMessageRow): QuickMessage => ({
  id: row.id,
  shortcode: row.shortcode,
  message: row.message,
  geral: row.geral,
  status: row.status,
  isMedia: row.media_path != null,
  mediaPath: row.media_path,
  mediaName: row.media_name,
  mimetype: row.media_type,
  companyId: row.company_id,
  userId: row.user_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * Whether an error is the database refusing a shortcode already among those one user picks from (their
 * own and the general ones: the exclusion constraint of migration 1732500001330).
 */
export const isShortcodeTaken = (error: unknown): boolean => {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23P01' && constraint === 'quick_messages_shortcode_unique';
};

/** Who reads: a user reads their own and the general ones; `all` (admins and supervisors) reads every one of the company. */
export interface QuickMessageReader {
  companyId: number;
  userId: number;
  all: boolean;
}

/** `$2` the user, `$3` whether they read all. */
const READABLE = `company_id = $1 AND ($3 OR geral OR user_id = $2)`;

/** Quick messages of the companies. */
@Injectable()
export class QuickMessageRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of what the reader may read, by shortcode, searched in shortcode and text; with the total. */
  async page(reader: QuickMessageReader, searchParam: string, pageNumber: number): Promise<{ rows: QuickMessageRow[]; count: number }> {
    const like = likeContaining(searchParam.toLowerCase());
    const where = `${READABLE} AND ($4 = '%%' OR lower(shortcode) LIKE $4 OR lower(message) LIKE $4)`;
    const params = [reader.companyId, reader.userId, reader.all, like];
    const rows: QuickMessageRow[] = await this.dataSource.query(
      `SELECT * FROM conversations.quick_messages WHERE ${where} ORDER BY lower(shortcode), id LIMIT $5 OFFSET $6`,
      [...params, QUICK_MESSAGES_PAGE_SIZE, (pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE],
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM conversations.quick_messages WHERE ${where}`,
      params,
    )) as {
      count: number;
    }[];
    return { rows, count };
  }

  /** The user's own and the general active quick messages, by shortcode (the chat's suggestions). */
  async suggestions(companyId: number, userId: number): Promise<QuickMessageRow[]> {
    return this.dataSource.query(
      `SELECT * FROM conversations.quick_messages WHERE company_id = $1 AND status AND (geral OR user_id = $2)
       ORDER BY lower(shortcode), id LIMIT 1000`,
      [companyId, userId],
    );
  }

  /** The quick message if the reader may read it; null otherwise (another company's, another user's private one). */
  async findReadable(reader: QuickMessageReader, id: number): Promise<QuickMessageRow | null> {
    const rows: QuickMessageRow[] = await this.dataSource.query(
      `SELECT * FROM conversations.quick_messages WHERE id = $4 AND ${READABLE}`,
      [reader.companyId, reader.userId, reader.all, id],
    );
    return rows[0] ?? null;
  }

  /** The same, locked for a change in this transaction. */
  async lockReadable(manager: EntityManager, reader: QuickMessageReader, id: number): Promise<QuickMessageRow | null> {
    const rows: QuickMessageRow[] = await manager.query(
      `SELECT * FROM conversations.quick_messages WHERE id = $4 AND ${READABLE} FOR UPDATE`,
      [reader.companyId, reader.userId, reader.all, id],
    );
    return rows[0] ?? null;
  }

  async insert(
    manager: EntityManager,
    companyId: number,
    userId: number,
    fields: { shortcode: string; message: string; geral: boolean; status: boolean },
  ): Promise<QuickMessageRow> {
    const rows: QuickMessageRow[] = await manager.query(
      `INSERT INTO conversations.quick_messages (company_id, user_id, shortcode, message, geral, status)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [companyId, userId, fields.shortcode, fields.message, fields.geral, fields.status],
    );
    return rows[0]!;
  }

  async update(
    manager: EntityManager,
    id: number,
    fields: { shortcode: string; message: string; geral: boolean; status: boolean },
  ): Promise<QuickMessageRow> {
    const rows = changedRows<QuickMessageRow>(
      await manager.query(
        `UPDATE conversations.quick_messages SET shortcode = $2, message = $3, geral = $4, status = $5, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [id, fields.shortcode, fields.message, fields.geral, fields.status],
      ),
    );
    return rows[0]!;
  }

  /** The attachment (all null: none). */
  async setMedia(manager: EntityManager, id: number, media: { path: string; name: string; type: string } | null): Promise<QuickMessageRow> {
    const rows = changedRows<QuickMessageRow>(
      await manager.query(
        `UPDATE conversations.quick_messages SET media_path = $2, media_name = $3, media_type = $4, updated_at = now() WHERE id = $1 RETURNING *`,
        [id, media?.path ?? null, media?.name ?? null, media?.type ?? null],
      ),
    );
    return rows[0]!;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM conversations.quick_messages WHERE id = $1`, [id]);
  }
}
