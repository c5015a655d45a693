import { isDateOnly } from '@/lib/format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fewer days than this left on the subscription shows a warning at login. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export type SubscriptionStatus =
  { state: 'unknown' } | { state: 'expired'; dueDate: string } | { state: 'active'; dueDate: string; daysLeft: number; warn: boolean };

/** The instant the subscription ends: a date-only due date lasts to the end of that (UTC) day, as the server counts it. */
function endOf(dueDate: string): number {
  if (isDateOnly(dueDate)) {
    const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day + 1);
  }
  return new Date(dueDate).getTime();
}

/**
 * Login is allowed only while the company's due date is not past; fewer than 5 days left warns.
 * A missing or unreadable due date does not block (the server has the last word).
 */
export function getSubscriptionStatus(dueDate: string | null | undefined, now: Date = new Date()): SubscriptionStatus {
  if (!dueDate) return { state: 'unknown' };
  const end = endOf(dueDate);
  if (Number.isNaN(end)) return { state: 'unknown' };
  if (end <= now.getTime()) return { state: 'expired', dueDate };
  const daysLeft = Math.floor((end - now.getTime()) / DAY_MS);
  return { state: 'active', dueDate, daysLeft, warn: daysLeft < SUBSCRIPTION_WARNING_DAYS };
}
