import type { ScheduleBlockRecord } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface BlockRow {
  id: number;
  company_id: number;
  calendar_id: number | null;
  user_id: number | null;
  title: string;
  start_at: Date;
  end_at: Date;
  is_all_day: boolean;
  reason: string | null;
  color: string;
  created_at: Date;
  updated_at: Date;
}

export interface BlockWrite {
  calendarId: number | null;
  title: string;
  start: Date;
  end: Date;
  isAllDay: boolean;
  reason: string | null;
  color: string;
}

export const mapBlock = (row: BlockRow): ScheduleBlockRecord => ({
  id: row.id,
  title: row.title,
  startDateTime: new Date(row.start_at).toISOString(),
  endDateTime: new Date(row.end_at).toISOString(),
  isAllDay: row.is_all_day,
  reason: row.reason,
  color: row.color,
  calendarId: row.calendar_id,
  userId: row.user_id,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Blocked periods of a company (every calendar) or of one calendar. */
@Injectable()
export class BookingBlockRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** By start; those meeting the range when one is given; of the calendar (and the company-wide ones) when one is given. */
  async list(companyId: number, range: { start: Date | null; end: Date | null }, calendarId: number | null): Promise<BlockRow[]> {
    return this.dataSource.query(
      `SELECT * FROM outbound.schedule_blocks WHERE company_id = $1
         AND ($2::timestamptz IS NULL OR end_at > $2) AND ($3::timestamptz IS NULL OR start_at < $3)
         AND ($4::int IS NULL OR calendar_id IS NULL OR calendar_id = $4)
       ORDER BY start_at, id LIMIT 2000`,
      [companyId, range.start, range.end, calendarId],
    );
  }

  /** The first block that meets [start, end) for the calendar (company-wide blocks count for every calendar). */
  async meeting(manager: EntityManager, companyId: number, calendarId: number, start: Date, end: Date): Promise<BlockRow | null> {
    const rows: BlockRow[] = await manager.query(
      `SELECT * FROM outbound.schedule_blocks WHERE company_id = $1 AND (calendar_id IS NULL OR calendar_id = $2)
         AND start_at < $4 AND end_at > $3 ORDER BY start_at LIMIT 1`,
      [companyId, calendarId, start, end],
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, companyId: number, userId: number, write: BlockWrite): Promise<BlockRow> {
    const rows: BlockRow[] = await manager.query(
      `INSERT INTO outbound.schedule_blocks (company_id, calendar_id, user_id, title, start_at, end_at, is_all_day, reason, color)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [companyId, write.calendarId, userId, write.title, write.start, write.end, write.isAllDay, write.reason, write.color],
    );
    return rows[0]!;
  }

  async update(manager: EntityManager, companyId: number, id: number, write: BlockWrite): Promise<BlockRow | null> {
    const rows = changedRows<BlockRow>(
      await manager.query(
        `UPDATE outbound.schedule_blocks SET calendar_id = $3, title = $4, start_at = $5, end_at = $6, is_all_day = $7, reason = $8,
           color = $9, updated_at = now() WHERE company_id = $1 AND id = $2 RETURNING *`,
        [companyId, id, write.calendarId, write.title, write.start, write.end, write.isAllDay, write.reason, write.color],
      ),
    );
    return rows[0] ?? null;
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM outbound.schedule_blocks WHERE company_id = $1 AND id = $2 RETURNING id`, [companyId, id]),
    );
    return rows.length > 0;
  }
}
