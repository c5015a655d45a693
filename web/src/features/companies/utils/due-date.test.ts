import { advanceDueDate } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import { dueDateTone } from '@/features/companies/utils/due-date';

describe('company row colours by due date (spec 3 section 4)', () => {
  const today = new Date(2026, 5, 10, 15, 30);

  it('today or past is red', () => {
    expect(dueDateTone('2026-06-10', today)).toBe('overdue');
    expect(dueDateTone('2026-05-01', today)).toBe('overdue');
  });

  it('1 to 5 days away is yellow', () => {
    expect(dueDateTone('2026-06-11', today)).toBe('soon');
    expect(dueDateTone('2026-06-15', today)).toBe('soon');
  });

  it('further away, or no date, has no colour', () => {
    expect(dueDateTone('2026-06-16', today)).toBeNull();
    expect(dueDateTone(null, today)).toBeNull();
    expect(dueDateTone('', today)).toBeNull();
  });
});

describe('+Vencimento advances the due date by the recurrence', () => {
  it('adds 1, 2, 3, 6 or 12 months', () => {
    expect(advanceDueDate('2026-01-15', 'MENSAL')).toBe('2026-02-15');
    expect(advanceDueDate('2026-01-15', 'BIMESTRAL')).toBe('2026-03-15');
    expect(advanceDueDate('2026-01-15', 'TRIMESTRAL')).toBe('2026-04-15');
    expect(advanceDueDate('2026-01-15', 'SEMESTRAL')).toBe('2026-07-15');
    expect(advanceDueDate('2026-01-15', 'ANUAL')).toBe('2027-01-15');
  });

  it('keeps to the last day of a shorter month', () => {
    expect(advanceDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28');
  });
});
