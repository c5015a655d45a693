import { schedulesChanged } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Tells the booking screens to read a part of the company's booking again (`schedulesChanged`, live
 * on `company-{id}-schedule`), in the caller's transaction: its calendars, blocks or settings changed.
 */
@Injectable()
export class BookingChanges {
  constructor(private readonly outbox: OutboxWriter) {}

  async changed(
    manager: EntityManager,
    companyId: number,
    scope: 'schedules' | 'calendars' | 'blocks' | 'settings',
    calendarId: number | null = null,
  ): Promise<void> {
    await this.outbox.add(manager, {
      definition: schedulesChanged,
      companyId,
      key: `schedules-${companyId}`,
      payload: { scope, calendarId },
    });
  }
}
