import { type CalendarFields, type CalendarRecord, DEFAULT_CALENDAR_COLOR, DEFAULT_CALENDAR_NAME } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface CalendarRow {
  id: number;
  company_id: number;
  name: string;
  description: string | null;
  color: string;
  is_default: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export const mapCalendar = (row: CalendarRow): CalendarRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  color: row.color,
  isDefault: row.is_default,
  isActive: row.is_active,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The companies' calendars; each company has exactly one default. */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The company's default calendar, created on first need (a company always has one). */
  async ensureDefault(manager: EntityManager, companyId: number): Promise<CalendarRow> {
    await manager.query(
      `INSERT INTO outbound.calendars (company_id, name, color, is_default) VALUES ($1, $2, $3, true)
       ON CONFLICT (company_id) WHERE is_default DO NOTHING`,
      [companyId, DEFAULT_CALENDAR_NAME, DEFAULT_CALENDAR_COLOR],
    );
    const rows: CalendarRow[] = await manager.query(`SELECT * FROM outbound.calendars WHERE company_id = $1 AND is_default`, [companyId]);
    return rows[0]!;
  }

  /** The default first, then by name. */
  async all(manager: EntityManager, companyId: number): Promise<CalendarRow[]> {
    return manager.query(`SELECT * FROM outbound.calendars WHERE company_id = $1 ORDER BY is_default DESC, lower(name), id`, [companyId]);
  }

  async byId(manager: EntityManager | null, companyId: number, id: number, lock = false): Promise<CalendarRow | null> {
    const rows: CalendarRow[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM outbound.calendars WHERE company_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  /** The company's default stops being it (another is about to become it). */
  async clearDefault(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`UPDATE outbound.calendars SET is_default = false, updated_at = now() WHERE company_id = $1 AND is_default`, [
      companyId,
    ]);
  }

  async insert(manager: EntityManager, companyId: number, fields: CalendarFields): Promise<CalendarRow> {
    const rows: CalendarRow[] = await manager.query(
      `INSERT INTO outbound.calendars (company_id, name, description, color, is_default, is_active)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [companyId, fields.name, fields.description, fields.color, fields.isDefault, fields.isActive],
    );
    return rows[0]!;
  }

  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    fields: CalendarFields & { isDefault: boolean },
  ): Promise<CalendarRow | null> {
    const rows = changedRows<CalendarRow>(
      await manager.query(
        `UPDATE outbound.calendars SET name = $3, description = $4, color = $5, is_default = $6, is_active = $7, updated_at = now()
         WHERE company_id = $1 AND id = $2 RETURNING *`,
        [companyId, id, fields.name, fields.description, fields.color, fields.isDefault, fields.isActive],
      ),
    );
    return rows[0] ?? null;
  }

  /** Deletes a calendar that is not the default; its appointments move to `toCalendarId`. */
  async deleteMoving(manager: EntityManager, companyId: number, id: number, toCalendarId: number): Promise<void> {
    await manager.query(`UPDATE outbound.schedules SET calendar_id = $3, updated_at = now() WHERE company_id = $1 AND calendar_id = $2`, [
      companyId,
      id,
      toCalendarId,
    ]);
    await manager.query(`DELETE FROM outbound.calendars WHERE company_id = $1 AND id = $2 AND NOT is_default`, [companyId, id]);
  }
}
