import { FILE_LISTS_PAGE_SIZE, type FileListMediaType, type FileListRecord } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface FileListOptionRow {
  id: number;
  name: string;
  path: string | null;
  media_type: FileListMediaType | null;
  mimetype: string | null;
  file_name: string | null;
}

export interface FileListRow {
  id: number;
  company_id: number;
  user_id: number | null;
  name: string;
  message: string;
  options: FileListOptionRow[];
  created_at: Date;
  updated_at: Date;
}

export const mapFileList = (row: FileListRow): FileListRecord => ({
  id: row.id,
  name: row.name,
  message: row.message,
  options: row.options.map((option) => ({
    id: option.id,
    name: option.name,
    path: option.path,
    mediaType: option.media_type,
    mimetype: option.mimetype,
    fileName: option.file_name,
  })),
  userId: row.user_id,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** A file list with its attachments in order (`f` the list). */
const WITH_OPTIONS = `
  SELECT f.*, COALESCE((
    SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'path', o.path, 'media_type', o.media_type,
                                      'mimetype', o.mimetype, 'file_name', o.file_name) ORDER BY o.position, o.id)
    FROM outbound.file_list_options o WHERE o.file_list_id = f.id), '[]') AS options
  FROM outbound.file_lists f`;

/** File lists of the companies and their attachments. */
@Injectable()
export class FileListRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the company's file lists by name, searched in name and message; with the total. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ rows: FileListRow[]; count: number }> {
    const where = `f.company_id = $1 AND ($2 = '%%' OR lower(f.name) LIKE $2 OR lower(f.message) LIKE $2)`;
    const params = [companyId, likeContaining(searchParam.toLowerCase())];
    const rows: FileListRow[] = await this.dataSource.query(
      `${WITH_OPTIONS} WHERE ${where} ORDER BY lower(f.name), f.id LIMIT $3 OFFSET $4`,
      [...params, FILE_LISTS_PAGE_SIZE, (pageNumber - 1) * FILE_LISTS_PAGE_SIZE],
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM outbound.file_lists f WHERE ${where}`,
      params,
    )) as {
      count: number;
    }[];
    return { rows, count };
  }

  async view(manager: EntityManager | null, companyId: number, id: number): Promise<FileListRow | null> {
    const rows: FileListRow[] = await (manager ?? this.dataSource).query(`${WITH_OPTIONS} WHERE f.company_id = $1 AND f.id = $2`, [
      companyId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Whether the company has this file list, locked for a change in this transaction. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT id FROM outbound.file_lists WHERE company_id = $1 AND id = $2 FOR UPDATE`, [
      companyId,
      id,
    ]);
    return rows.length > 0;
  }

  async insert(manager: EntityManager, companyId: number, userId: number, fields: { name: string; message: string }): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO outbound.file_lists (company_id, user_id, name, message) VALUES ($1, $2, $3, $4) RETURNING id`,
      [companyId, userId, fields.name, fields.message],
    );
    return rows[0]!.id;
  }

  async update(manager: EntityManager, companyId: number, id: number, fields: { name: string; message: string }): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE outbound.file_lists SET name = $3, message = $4, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING id`,
        [companyId, id, fields.name, fields.message],
      ),
    );
    return rows.length > 0;
  }

  /**
   * The list's attachments become these, in this order: an option with an id of this list is kept
   * (renamed), one without is new, those left out are removed. Ids of other lists are treated as new.
   */
  async replaceOptions(manager: EntityManager, fileListId: number, options: { id?: number; name: string }[]): Promise<void> {
    const kept = options.flatMap((option) => (option.id ? [option.id] : []));
    await manager.query(`DELETE FROM outbound.file_list_options WHERE file_list_id = $1 AND NOT (id = ANY($2::int[]))`, [fileListId, kept]);
    for (const [position, option] of options.entries()) {
      const updated = option.id
        ? changedRows<{ id: number }>(
            await manager.query(
              `UPDATE outbound.file_list_options SET name = $3, position = $4 WHERE file_list_id = $1 AND id = $2 RETURNING id`,
              [fileListId, option.id, option.name, position],
            ),
          )
        : [];
      if (updated.length === 0) await this.insertOption(manager, fileListId, option.name, position);
    }
  }

  async insertOption(manager: EntityManager, fileListId: number, name: string, position?: number): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO outbound.file_list_options (file_list_id, name, position)
       VALUES ($1, $2, COALESCE($3, (SELECT COALESCE(max(position) + 1, 0) FROM outbound.file_list_options WHERE file_list_id = $1)))
       RETURNING id`,
      [fileListId, name, position ?? null],
    );
    return rows[0]!.id;
  }

  /** An option's file; false when the list has no such option. */
  async setOptionFile(
    manager: EntityManager,
    fileListId: number,
    optionId: number,
    file: { path: string; mediaType: FileListMediaType; mimetype: string; fileName: string; name: string | null },
  ): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE outbound.file_list_options SET path = $3, media_type = $4, mimetype = $5, file_name = $6, name = COALESCE($7, name)
         WHERE file_list_id = $1 AND id = $2 RETURNING id`,
        [fileListId, optionId, file.path, file.mediaType, file.mimetype, file.fileName, file.name],
      ),
    );
    return rows.length > 0;
  }

  async touch(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`UPDATE outbound.file_lists SET updated_at = now() WHERE id = $1`, [id]);
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM outbound.file_lists WHERE company_id = $1 AND id = $2 RETURNING id`, [companyId, id]),
    );
    return rows.length > 0;
  }
}
