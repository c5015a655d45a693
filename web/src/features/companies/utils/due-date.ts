import { differenceInCalendarDays } from 'date-fns';

import { parseApiDate } from '@/lib/format';

/** Spec 3 section 4: a due date 1 to 5 days away is yellow; today or past is red. */
export const DUE_SOON_DAYS = 5;

export type DueDateTone = 'overdue' | 'soon' | null;

/** The colour of a company row for its due date, counted in calendar days from `today`. */
export function dueDateTone(dueDate: string | null | undefined, today: Date = new Date()): DueDateTone {
  const date = parseApiDate(dueDate);
  if (!date) return null;
  const days = differenceInCalendarDays(date, today);
  if (days <= 0) return 'overdue';
  if (days <= DUE_SOON_DAYS) return 'soon';
  return null;
}
