import { describe, expect, it } from 'vitest';

import { invalidRowLines, MAX_LISTED_ROWS } from './import-report';

describe('sheet import report', () => {
  const label = (row: number, reason: string) => `Linha ${row}: ${reason}`;
  const more = (count: number) => `… e mais ${count}`;

  it('lists every refused row when there are few', () => {
    expect(invalidRowLines([{ row: 3, reason: 'email: Invalid email' }], label, more)).toEqual(['Linha 3: email: Invalid email']);
    expect(invalidRowLines([], label, more)).toEqual([]);
  });

  it('lists the first rows and sums up the rest', () => {
    const invalid = Array.from({ length: MAX_LISTED_ROWS + 3 }, (_, index) => ({ row: index + 2, reason: 'number: Too Short!' }));
    const lines = invalidRowLines(invalid, label, more);
    expect(lines).toHaveLength(MAX_LISTED_ROWS + 1);
    expect(lines[0]).toBe('Linha 2: number: Too Short!');
    expect(lines.at(-1)).toBe('… e mais 3');
  });
});
