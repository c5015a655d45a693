import { describe, expect, it } from 'vitest';
import { contactsToCsv, formatLastInteraction } from './contacts-csv';

describe('contacts export', () => {
  it('is separated by semicolons, quoting cells that hold one', () => {
    const csv = contactsToCsv(
      [
        { name: 'Maria', number: '5511999998888', email: 'maria@example.com' },
        { name: 'Silva; João', number: '5511988887777', email: '' },
      ],
      ['Nome', 'Número', 'Email'],
    );
    expect(csv.split('\r\n')).toEqual(['Nome;Número;Email', 'Maria;5511999998888;maria@example.com', '"Silva; João";5511988887777;']);
  });

  it('shows the last interaction as dd/MM/yy HH:mm', () => {
    expect(formatLastInteraction('2026-11-21T09:05:00')).toBe('21/11/26 09:05');
    expect(formatLastInteraction(null)).toBe('');
  });
});
