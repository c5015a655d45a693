import { describe, expect, it } from 'vitest';
import { parseVCard } from './vcard';

describe('contact card', () => {
  it('reads the name and the WhatsApp id of the card', () => {
    expect(parseVCard('BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD')).toEqual({ name: 'João', number: '5511977776666' });
  });

  it('falls back to the digits of the phone, or nothing', () => {
    expect(parseVCard('BEGIN:VCARD\nFN:Ana\nTEL;type=CELL:+55 (11) 95555-4444\nEND:VCARD')).toEqual({ name: 'Ana', number: '5511955554444' });
    expect(parseVCard('BEGIN:VCARD\nFN:Sem número\nEND:VCARD')).toEqual({ name: 'Sem número', number: '' });
  });
});
