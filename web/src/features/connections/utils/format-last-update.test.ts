import { describe, expect, it } from 'vitest';

import { formatLastUpdate } from './format-last-update';
import { formatPhone } from './format-phone';

describe('card formats', () => {
  it('shows the last update as dd/MM/yy HH:mm in local time', () => {
    expect(formatLastUpdate(new Date(2026, 10, 3, 9, 5).toISOString())).toBe('03/11/26 09:05');
    expect(formatLastUpdate(new Date(2025, 0, 31, 23, 59))).toBe('31/01/25 23:59');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatLastUpdate(null)).toBe('');
    expect(formatLastUpdate('not a date')).toBe('');
  });

  it('shows a number as +CC (AA) NNNN-NNNN, the 13-digit variant with five digits, without @c.us', () => {
    expect(formatPhone('551133334444')).toBe('+55 (11) 3333-4444');
    expect(formatPhone('5511999998888@c.us')).toBe('+55 (11) 99999-8888');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });
});
