import { SCHEDULE_MESSAGES, type ScheduleBlockFields, type ScheduleBlockListResponse, type ScheduleBlockRecord } from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CalendarRepository } from '../calendars/calendar.repository';
import { BookingChanges } from '../common/booking-changes';
import { localDay, parseBookingDateTime } from '../common/booking-time';
import { BookingSettingsService } from '../settings/booking-settings.service';
import { type BlockWrite, BookingBlockRepository, mapBlock } from './booking-block.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Schedule block not found');

/**
 * Blocks (spec 2): periods no appointment may take (unless the settings allow overlaps), for every
 * calendar or one. Times are read in the zone of the settings that govern the block's calendar.
 */
@Injectable()
export class BookingBlockService {
  constructor(
    private readonly blocks: BookingBlockRepository,
    private readonly calendars: CalendarRepository,
    private readonly settings: BookingSettingsService,
    private readonly changes: BookingChanges,
  ) {}

  async list(tenancy: Tenancy, query: { startDate?: string; endDate?: string; calendarId?: number }): Promise<ScheduleBlockListResponse> {
    const zone = await this.blocks.transaction(async (manager) => {
      if (query.calendarId && !(await this.calendars.byId(manager, tenancy.companyId, query.calendarId))) {
        throw new AppError('ERR_NOT_FOUND', 'Calendar not found');
      }
      return (await this.settings.effective(manager, tenancy.companyId, query.calendarId ?? null)).row.time_zone;
    });
    const range = {
      start: query.startDate ? parseBookingDateTime(query.startDate, zone) : null,
      end: query.endDate ? parseBookingDateTime(query.endDate, zone) : null,
    };
    const rows = await this.blocks.list(tenancy.companyId, range, query.calendarId ?? null);
    return { scheduleBlocks: rows.map(mapBlock) };
  }

  async create(tenancy: Tenancy, fields: ScheduleBlockFields): Promise<ScheduleBlockRecord> {
    return this.blocks.transaction(async (manager) => {
      const write = await this.write(manager, tenancy, fields);
      const block = mapBlock(await this.blocks.insert(manager, tenancy.companyId, tenancy.userId, write));
      await this.changes.changed(manager, tenancy.companyId, 'blocks', block.calendarId);
      return block;
    });
  }

  async update(tenancy: Tenancy, id: number, fields: ScheduleBlockFields): Promise<ScheduleBlockRecord> {
    return this.blocks.transaction(async (manager) => {
      const write = await this.write(manager, tenancy, fields);
      const row = await this.blocks.update(manager, tenancy.companyId, id, write);
      if (!row) throw notFound();
      await this.changes.changed(manager, tenancy.companyId, 'blocks', row.calendar_id);
      return mapBlock(row);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.blocks.transaction(async (manager) => {
      if (!(await this.blocks.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.changes.changed(manager, tenancy.companyId, 'blocks');
    });
    return { message: 'Schedule block deleted' };
  }

  /** The block's instants: an all-day block is its start's whole local day; otherwise the end must follow the start. */
  private async write(manager: EntityManager, tenancy: Tenancy, fields: ScheduleBlockFields): Promise<BlockWrite> {
    if (fields.calendarId !== null && !(await this.calendars.byId(manager, tenancy.companyId, fields.calendarId))) {
      throw new AppError('ERR_NOT_FOUND', 'Calendar not found');
    }
    const zone = (await this.settings.effective(manager, tenancy.companyId, fields.calendarId)).row.time_zone;
    let start = parseBookingDateTime(fields.startDateTime, zone);
    let end = fields.endDateTime ? parseBookingDateTime(fields.endDateTime, zone) : start;
    if (fields.isAllDay) ({ start, end } = localDay(start, zone));
    if (end.getTime() <= start.getTime()) {
      throw new AppError('ERR_VALIDATION', SCHEDULE_MESSAGES.blockEndBeforeStart, {
        fields: [{ path: 'endDateTime', message: SCHEDULE_MESSAGES.blockEndBeforeStart }],
      });
    }
    return {
      calendarId: fields.calendarId,
      title: fields.title,
      start,
      end,
      isAllDay: fields.isAllDay,
      reason: fields.reason,
      color: fields.color,
    };
  }
}
