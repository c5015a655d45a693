import { describe, expect, it } from 'vitest';

import { parseWhatsAppFormat } from './whatsapp-format';

describe('WhatsApp text markup', () => {
  it('styles bold, italic, strike and mono spans', () => {
    expect(parseWhatsAppFormat('*Ana:*\nOlá _você_ ~não~ ```x```')).toEqual([
      { text: 'Ana:', bold: true },
      { text: '\nOlá ' },
      { text: 'você', italic: true },
      { text: ' ' },
      { text: 'não', strike: true },
      { text: ' ' },
      { text: 'x', mono: true },
    ]);
  });

  it('nests marks and leaves unmatched or spaced marks literal', () => {
    expect(parseWhatsAppFormat('*_sim_*')).toEqual([{ text: 'sim', bold: true, italic: true }]);
    expect(parseWhatsAppFormat('2 * 3 = 6')).toEqual([{ text: '2 * 3 = 6' }]);
    expect(parseWhatsAppFormat('*a\nb*')).toEqual([{ text: '*a\nb*' }]);
  });
});
