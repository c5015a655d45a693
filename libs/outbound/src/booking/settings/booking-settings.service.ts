import { SCHEDULE_MESSAGES, type ScheduleSettingsFields, type ScheduleSettingsRecord } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CompanySettingRepository } from '../../projections/company-setting.repository';
import { CalendarRepository } from '../calendars/calendar.repository';
import { BookingChanges } from '../common/booking-changes';
import { BookingSettingsRepository, mapSettings, type SettingsWithSlots } from './booking-settings.repository';

const calendarNotFound = () => new AppError('ERR_NOT_FOUND', 'Calendar not found');

/**
 * Schedule settings (spec 2): the company's, and optionally a calendar's own (until it has them,
 * the company's apply). Any user of the company reads and changes them.
 */
@Injectable()
export class BookingSettingsService {
  constructor(
    private readonly settings: BookingSettingsRepository,
    private readonly calendars: CalendarRepository,
    private readonly changes: BookingChanges,
    private readonly companySettings: CompanySettingRepository,
  ) {}

  /**
   * The settings an appointment or block of the calendar obeys (null calendar: the company's), with
   * the zone their hours are read in: the company's time zone, whatever the calendar (decision 0037).
   */
  async effective(
    manager: EntityManager,
    companyId: number,
    calendarId: number | null,
  ): Promise<{ row: SettingsWithSlots; inherited: boolean }> {
    const own = calendarId === null ? null : await this.settings.find(manager, companyId, calendarId);
    const stored = own ?? (await this.settings.ensureCompany(manager, companyId));
    const row = { ...stored, time_zone: await this.companySettings.timeZone(manager, companyId) };
    return { row, inherited: own === null && calendarId !== null };
  }

  async get(tenancy: Tenancy, calendarId: number | null): Promise<ScheduleSettingsRecord> {
    return this.settings.transaction(async (manager) => {
      if (calendarId !== null && !(await this.calendars.byId(manager, tenancy.companyId, calendarId))) throw calendarNotFound();
      const { row, inherited } = await this.effective(manager, tenancy.companyId, calendarId);
      return mapSettings(row, calendarId, inherited);
    });
  }

  /**
   * POST: the whole settings. Slots: an id of these settings keeps its slot, anything else is a new
   * slot, a slot left out is deleted; a weekday that had a slot must keep one.
   */
  async save(tenancy: Tenancy, calendarId: number | null, fields: ScheduleSettingsFields): Promise<ScheduleSettingsRecord> {
    return this.settings.transaction(async (manager) => {
      if (calendarId !== null && !(await this.calendars.byId(manager, tenancy.companyId, calendarId, true))) throw calendarNotFound();
      const before = (await this.effective(manager, tenancy.companyId, calendarId)).row;
      const own = before.calendar_id === calendarId ? before : null;
      const current = own ? await this.settings.find(manager, tenancy.companyId, calendarId, true) : null;
      const ownIds = new Set((current?.slots ?? []).map((slot) => slot.id));
      const slots = (
        fields.timeSlots ??
        before.slots.map((slot) => ({
          id: slot.id,
          dayOfWeek: slot.day_of_week,
          enabled: slot.enabled,
          startTime: slot.start_time,
          endTime: slot.end_time,
        }))
      ).map((slot) => ({ ...slot, id: slot.id !== undefined && ownIds.has(slot.id) ? slot.id : null }));
      const emptied = [...new Set(before.slots.map((slot) => slot.day_of_week))].filter(
        (day) => !slots.some((slot) => slot.dayOfWeek === day),
      );
      if (emptied.length > 0) {
        throw new AppError('ERR_VALIDATION', SCHEDULE_MESSAGES.lastSlotOfDay, {
          fields: [{ path: 'timeSlots', message: SCHEDULE_MESSAGES.lastSlotOfDay }],
          days: emptied,
        });
      }
      const values = {
        allowOverlaps: fields.allowOverlaps,
        activeDays: fields.activeDays,
        workHoursStart: fields.workHoursStart,
        workHoursEnd: fields.workHoursEnd,
      };
      const id = current ? current.id : await this.settings.insert(manager, tenancy.companyId, calendarId, values);
      if (current) await this.settings.update(manager, id, values);
      await this.settings.replaceSlots(manager, id, slots);
      await this.changes.changed(manager, tenancy.companyId, 'settings', calendarId);
      return mapSettings((await this.effective(manager, tenancy.companyId, calendarId)).row, calendarId, false);
    });
  }
}
