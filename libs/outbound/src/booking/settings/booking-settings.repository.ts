import { DEFAULT_SCHEDULE_SETTINGS, type ScheduleSettingsRecord } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface SettingsRow {
  id: number;
  company_id: number;
  calendar_id: number | null;
  allow_overlaps: boolean;
  active_days: number[];
  work_hours_start: string;
  work_hours_end: string;
}

export interface SlotRow {
  id: number;
  settings_id: number;
  day_of_week: number;
  enabled: boolean;
  start_time: string;
  end_time: string;
}

export interface StoredSettings extends SettingsRow {
  slots: SlotRow[];
}

/** Stored settings with the zone their hours are read in: the company's (decision 0037), not theirs. */
export interface SettingsWithSlots extends StoredSettings {
  time_zone: string;
}

export const mapSettings = (row: SettingsWithSlots, calendarId: number | null, inherited: boolean): ScheduleSettingsRecord => ({
  calendarId,
  inherited,
  allowOverlaps: row.allow_overlaps,
  activeDays: [...row.active_days].sort(),
  workHoursStart: row.work_hours_start,
  workHoursEnd: row.work_hours_end,
  timeZone: row.time_zone,
  timeSlots: row.slots
    .map((slot) => ({
      id: slot.id,
      dayOfWeek: slot.day_of_week,
      enabled: slot.enabled,
      startTime: slot.start_time,
      endTime: slot.end_time,
    }))
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime) || a.id - b.id),
});

/** Schedule settings of a company (calendar_id null) or of one calendar, with their time slots. */
@Injectable()
export class BookingSettingsRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The company's own settings, created with the defaults on first need: Monday to Friday, 08:00 to
   * 18:00, one slot of the work hours per weekday (enabled on the active days).
   */
  async ensureCompany(manager: EntityManager, companyId: number): Promise<StoredSettings> {
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO outbound.schedule_settings (company_id, calendar_id, allow_overlaps, active_days, work_hours_start, work_hours_end)
       VALUES ($1, NULL, $2, $3, $4, $5) ON CONFLICT (company_id, coalesce(calendar_id, 0)) DO NOTHING RETURNING id`,
      [
        companyId,
        DEFAULT_SCHEDULE_SETTINGS.allowOverlaps,
        DEFAULT_SCHEDULE_SETTINGS.activeDays,
        DEFAULT_SCHEDULE_SETTINGS.workHoursStart,
        DEFAULT_SCHEDULE_SETTINGS.workHoursEnd,
      ],
    );
    if (inserted[0]) {
      await manager.query(
        `INSERT INTO outbound.schedule_time_slots (settings_id, day_of_week, enabled, start_time, end_time)
         SELECT $1, d, d = ANY($2::int[]), $3, $4 FROM generate_series(0, 6) AS d`,
        [
          inserted[0].id,
          DEFAULT_SCHEDULE_SETTINGS.activeDays,
          DEFAULT_SCHEDULE_SETTINGS.workHoursStart,
          DEFAULT_SCHEDULE_SETTINGS.workHoursEnd,
        ],
      );
    }
    return (await this.find(manager, companyId, null))!;
  }

  /** The settings stored for the scope (null: the company's own), with their slots. */
  async find(manager: EntityManager | null, companyId: number, calendarId: number | null, lock = false): Promise<StoredSettings | null> {
    const db = manager ?? this.dataSource;
    const rows: SettingsRow[] = await db.query(
      `SELECT * FROM outbound.schedule_settings WHERE company_id = $1 AND coalesce(calendar_id, 0) = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [companyId, calendarId ?? 0],
    );
    if (!rows[0]) return null;
    const slots: SlotRow[] = await db.query(`SELECT * FROM outbound.schedule_time_slots WHERE settings_id = $1 ORDER BY id`, [rows[0].id]);
    return { ...rows[0], slots };
  }

  async insert(manager: EntityManager, companyId: number, calendarId: number | null, fields: SettingsFields): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO outbound.schedule_settings (company_id, calendar_id, allow_overlaps, active_days, work_hours_start, work_hours_end)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [companyId, calendarId, fields.allowOverlaps, fields.activeDays, fields.workHoursStart, fields.workHoursEnd],
    );
    return rows[0]!.id;
  }

  async update(manager: EntityManager, id: number, fields: SettingsFields): Promise<void> {
    await manager.query(
      `UPDATE outbound.schedule_settings SET allow_overlaps = $2, active_days = $3, work_hours_start = $4, work_hours_end = $5
       WHERE id = $1`,
      [id, fields.allowOverlaps, fields.activeDays, fields.workHoursStart, fields.workHoursEnd],
    );
  }

  /** The settings' slots become exactly `slots`: kept ids updated, the others inserted, the rest deleted. */
  async replaceSlots(
    manager: EntityManager,
    settingsId: number,
    slots: { id: number | null; dayOfWeek: number; enabled: boolean; startTime: string; endTime: string }[],
  ): Promise<void> {
    const kept = slots.flatMap((slot) => (slot.id ? [slot.id] : []));
    await manager.query(`DELETE FROM outbound.schedule_time_slots WHERE settings_id = $1 AND NOT (id = ANY($2::int[]))`, [
      settingsId,
      kept,
    ]);
    for (const slot of slots) {
      if (slot.id) {
        await manager.query(
          `UPDATE outbound.schedule_time_slots SET day_of_week = $3, enabled = $4, start_time = $5, end_time = $6 WHERE settings_id = $1 AND id = $2`,
          [settingsId, slot.id, slot.dayOfWeek, slot.enabled, slot.startTime, slot.endTime],
        );
      } else {
        await manager.query(
          `INSERT INTO outbound.schedule_time_slots (settings_id, day_of_week, enabled, start_time, end_time) VALUES ($1, $2, $3, $4, $5)`,
          [settingsId, slot.dayOfWeek, slot.enabled, slot.startTime, slot.endTime],
        );
      }
    }
  }
}

export interface SettingsFields {
  allowOverlaps: boolean;
  activeDays: number[];
  workHoursStart: string;
  workHoursEnd: string;
}
