import { describe, expect, it } from 'vitest';

import { toCsv } from './csv';

describe('CSV', () => {
  it('writes numbers as they are, empty cells for null, and guards text that starts like a formula', () => {
    expect(
      toCsv(
        ['Nome', 'Total'],
        [
          ['=1+1', 3],
          ['Ana; Bia', null],
        ],
      ).split('\r\n'),
    ).toEqual(['Nome;Total', "'=1+1;3", '"Ana; Bia";']);
  });
});
