import type { ScheduleRecord } from '@app/contracts';

import { zonedDay } from '@/lib/company-time';

/** The summary of appointments: pending counts those waiting or being sent; today is the company's day. */
export function scheduleStats(schedules: readonly Pick<ScheduleRecord, 'status' | 'sendAt'>[], zone: string, now: Date) {
  const today = zonedDay(now, zone);
  return {
    total: schedules.length,
    pending: schedules.filter((schedule) => schedule.status === 'PENDENTE' || schedule.status === 'ENVIANDO').length,
    sent: schedules.filter((schedule) => schedule.status === 'ENVIADA').length,
    errors: schedules.filter((schedule) => schedule.status === 'ERRO').length,
    today: schedules.filter((schedule) => zonedDay(schedule.sendAt, zone) === today).length,
  };
}
