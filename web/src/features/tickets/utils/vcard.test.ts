import { describe, expect, it } from 'vitest';

import { parseVCard } from './vcard';

describe('contact card', () => {
  it('reads the name and the WhatsApp id of the card', () => {
    expect(parseVCard('BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD')).toEqual({
      name: 'João',
      number: '5511977776666',
    });
  });

  it('falls back to the digits of the phone, or nothing', () => {
    expect(parseVCard('BEGIN:VCARD\nFN:Ana\nTEL;type=CELL:+55 (11) 95555-4444\nEND:VCARD')).toEqual({
      name: 'Ana',
      number: '5511955554444',
    });
    expect(parseVCard('BEGIN:VCARD\nFN:Sem número\nEND:VCARD')).toEqual({ name: 'Sem número', number: '' });
  });

  it('reads cards as phones export them: grouped properties and folded lines', () => {
    const exported = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Souza;Maria;;;',
      'FN:Maria Souza da Silva Pereira de Albuquerque Cavalcanti Lins e Mel',
      ' lo',
      'item1.TEL;waid=5581988887777:+55 81 98888-7777',
      'item1.X-ABLabel:Celular',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVCard(exported)).toEqual({
      name: 'Maria Souza da Silva Pereira de Albuquerque Cavalcanti Lins e Mello',
      number: '5581988887777',
    });
  });

  it('text that is not a card gives nothing', () => {
    expect(parseVCard('olá')).toEqual({ name: '', number: '' });
  });
});
