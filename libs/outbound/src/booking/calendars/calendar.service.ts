import { type CalendarFields, type CalendarListResponse, type CalendarRecord, SCHEDULE_MESSAGES } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { BookingChanges } from '../common/booking-changes';
import { CalendarRepository, mapCalendar } from './calendar.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Calendar not found');

/**
 * Calendars (spec 2): every company has one default calendar (created with its first schedules
 * call), which cannot be deleted; making another calendar the default moves the mark. Any user of
 * the company manages them.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly calendars: CalendarRepository,
    private readonly changes: BookingChanges,
  ) {}

  async list(tenancy: Tenancy): Promise<CalendarListResponse> {
    return this.calendars.transaction(async (manager) => {
      await this.calendars.ensureDefault(manager, tenancy.companyId);
      return { calendars: (await this.calendars.all(manager, tenancy.companyId)).map(mapCalendar) };
    });
  }

  async create(tenancy: Tenancy, fields: CalendarFields): Promise<CalendarRecord> {
    return this.calendars.transaction(async (manager) => {
      await this.calendars.ensureDefault(manager, tenancy.companyId);
      if (fields.isDefault) await this.calendars.clearDefault(manager, tenancy.companyId);
      const calendar = mapCalendar(await this.calendars.insert(manager, tenancy.companyId, fields));
      await this.changes.changed(manager, tenancy.companyId, 'calendars', calendar.id);
      return calendar;
    });
  }

  /** isDefault true makes it the default; the default stays the default until another one is made it. */
  async update(tenancy: Tenancy, id: number, fields: CalendarFields): Promise<CalendarRecord> {
    return this.calendars.transaction(async (manager) => {
      const current = await this.calendars.byId(manager, tenancy.companyId, id, true);
      if (!current) throw notFound();
      const isDefault = current.is_default || fields.isDefault;
      if (isDefault && !current.is_default) await this.calendars.clearDefault(manager, tenancy.companyId);
      const calendar = mapCalendar((await this.calendars.update(manager, tenancy.companyId, id, { ...fields, isDefault }))!);
      await this.changes.changed(manager, tenancy.companyId, 'calendars', id);
      return calendar;
    });
  }

  /** Its appointments move to the default calendar; the default one is refused. */
  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.calendars.transaction(async (manager) => {
      const current = await this.calendars.byId(manager, tenancy.companyId, id, true);
      if (!current) throw notFound();
      if (current.is_default) throw new AppError('ERR_DEFAULT_CALENDAR', SCHEDULE_MESSAGES.defaultCalendarDelete);
      const fallback = await this.calendars.ensureDefault(manager, tenancy.companyId);
      await this.calendars.deleteMoving(manager, tenancy.companyId, id, fallback.id);
      await this.changes.changed(manager, tenancy.companyId, 'calendars', id);
    });
    return { message: 'Calendar deleted' };
  }
}
