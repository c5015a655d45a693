import { type EventDefinition, scheduleDeleted, type ScheduleRecord, scheduleSaved } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AppointmentRepository } from './appointment.repository';

/** Writes the appointments' events (live on `company-{id}-schedule`) in the caller's transaction. */
@Injectable()
export class AppointmentEvents {
  constructor(
    private readonly schedules: AppointmentRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Appointments created or changed, as they now are; answers them. */
  async saved(manager: EntityManager, companyId: number, ids: number[], created = false): Promise<ScheduleRecord[]> {
    const records = await this.schedules.viewMany(manager, ids);
    if (records.length === 0) return records;
    await this.outbox.addAll(
      manager,
      records.map((schedule) => ({
        definition: scheduleSaved as EventDefinition,
        companyId,
        key: `schedule-${schedule.id}`,
        payload: { schedule, created },
      })),
    );
    return records;
  }

  async deleted(manager: EntityManager, companyId: number, scheduleId: number): Promise<void> {
    await this.outbox.add(manager, { definition: scheduleDeleted, companyId, key: `schedule-${scheduleId}`, payload: { scheduleId } });
  }
}
