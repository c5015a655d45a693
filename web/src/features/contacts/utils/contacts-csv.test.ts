import { describe, expect, it } from 'vitest';

import { guardFormula } from '@/lib/csv';

import { contactsToCsv } from './contacts-csv';

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

  it('a cell a spreadsheet would run as a formula gets a leading apostrophe and stays text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(guardFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(guardFormula('Maria')).toBe('Maria');
    expect(guardFormula('Ana=Bia')).toBe('Ana=Bia');
    const csv = contactsToCsv(
      [
        { name: '=HYPERLINK("http://evil.example","x")', number: '5511999998888', email: '@evil' },
        { name: '-2+3', number: '+5511988887777', email: '' },
        { name: '\rcmd', number: '5511977776666', email: '' },
      ],
      ['Nome', 'Número', 'Email'],
    );
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""x"")";5511999998888;'@evil`,
      "'-2+3;'+5511988887777;",
    ]);
    expect(csv.endsWith(`"'\rcmd";5511977776666;`)).toBe(true);
  });
});
