import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface AnnouncementRow {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  media_key: string | null;
  media_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A platform notice written by super users and shown to every company. */
export interface Announcement {
  id: number;
  title: string;
  text: string;
  /** 1 high, 2 medium, 3 low. */
  priority: number;
  status: boolean;
  /** The attachment's key in the file storage. */
  mediaKey: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewAnnouncement = Omit<Announcement, 'id' | 'createdAt' | 'updatedAt'>;

export const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  title: row.title,
  text: row.text,
  priority: row.priority,
  status: row.status,
  mediaKey: row.media_key,
  mediaName: row.media_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const announcementValues = (announcement: NewAnnouncement) => [
  announcement.title,
  announcement.text,
  announcement.priority,
  announcement.status,
  announcement.mediaKey,
  announcement.mediaName,
];

/** identity.announcements. */
@Injectable()
export class AnnouncementRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * One page of the announcements whose title or text matches `search` (a LIKE pattern), the
   * inactive ones too when `withInactive`; highest priority first, then newest; with the count of all that match.
   */
  async page(search: string, withInactive: boolean, pageNumber: number, pageSize: number): Promise<[Announcement[], number]> {
    const matching = `FROM identity.announcements WHERE (lower(title) LIKE $1 OR lower(text) LIKE $1) AND ($2 OR status)`;
    const rows: AnnouncementRow[] = await this.dataSource.query(
      `SELECT * ${matching} ORDER BY priority, created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [search, withInactive, pageSize, (pageNumber - 1) * pageSize],
    );
    const [{ count }]: { count: number }[] = await this.dataSource.query(`SELECT count(*)::int AS count ${matching}`, [
      search,
      withInactive,
    ]);
    return [rows.map(toAnnouncement), count];
  }

  async findById(id: number): Promise<Announcement | null> {
    const rows: AnnouncementRow[] = await this.dataSource.query(`SELECT * FROM identity.announcements WHERE id = $1`, [id]);
    return rows[0] ? toAnnouncement(rows[0]) : null;
  }

  async exists(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM identity.announcements WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** The announcement, its row locked for the caller's transaction. */
  async findLocked(manager: EntityManager, id: number): Promise<Announcement | null> {
    const rows: AnnouncementRow[] = await manager.query(`SELECT * FROM identity.announcements WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? toAnnouncement(rows[0]) : null;
  }

  async insert(manager: EntityManager, announcement: NewAnnouncement): Promise<Announcement> {
    const rows: AnnouncementRow[] = await manager.query(
      `INSERT INTO identity.announcements (title, text, priority, status, media_key, media_name)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      announcementValues(announcement),
    );
    return toAnnouncement(rows[0]);
  }

  /** Writes the announcement's fields; updated_at moves only when one of them changed. */
  async save(manager: EntityManager, announcement: Announcement): Promise<Announcement> {
    const result: unknown = await manager.query(
      `UPDATE identity.announcements
          SET title = $2, text = $3, priority = $4, status = $5, media_key = $6, media_name = $7,
              updated_at = CASE
                WHEN (title, text, priority, status, media_key, media_name) IS DISTINCT FROM ($2, $3, $4, $5, $6, $7)
                THEN now() ELSE updated_at END
        WHERE id = $1
        RETURNING *`,
      [announcement.id, ...announcementValues(announcement)],
    );
    return toAnnouncement(changedRows<AnnouncementRow>(result)[0]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM identity.announcements WHERE id = $1`, [id]);
  }
}
