import type { ContactSheetInvalidRow } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import { invalidRowLines, MAX_LISTED_ROWS } from './import-report';

describe('sheet import report', () => {
  const label = ({ row, fields }: ContactSheetInvalidRow) => `Linha ${row}: ${fields.map((item) => item.field).join(', ')}`;
  const more = (count: number) => `… e mais ${count}`;
  const refused = (row: number): ContactSheetInvalidRow => ({
    row,
    reason: 'number: Too Short!',
    fields: [{ field: 'number', problem: 'tooShort' }],
    rowLimit: false,
  });

  it('lists every refused row when there are few', () => {
    expect(invalidRowLines([refused(3)], label, more)).toEqual(['Linha 3: number']);
    expect(invalidRowLines([], label, more)).toEqual([]);
  });

  it('lists the first rows and sums up the rest', () => {
    const invalid = Array.from({ length: MAX_LISTED_ROWS + 3 }, (_, index) => refused(index + 2));
    const lines = invalidRowLines(invalid, label, more);
    expect(lines).toHaveLength(MAX_LISTED_ROWS + 1);
    expect(lines[0]).toBe('Linha 2: number');
    expect(lines.at(-1)).toBe('… e mais 3');
  });
});
