import { parseVCard, parseVCards } from './vcard';

describe('contact cards (vCard)', () => {
  it('a phone exported as item1.TEL;waid= gives its number and WhatsApp id', () => {
    const card = parseVCard(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Souza;João;;;',
        'FN:João Souza',
        'item1.TEL;waid=5511988887777:+55 11 98888-7777',
        'item1.X-ABLabel:Celular',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(card).toEqual({ name: 'João Souza', phones: [{ number: '+55 11 98888-7777', waid: '5511988887777' }] });
  });

  it('folded lines are unfolded (a long name, a long phone line)', () => {
    const card = parseVCard(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Maria da Silva Souza Pe',
        ' reira',
        'TEL;type=CELL;type=VOICE;wa',
        ' id=5521977776666:+55 21 97777-6666',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(card).toEqual({ name: 'Maria da Silva Souza Pereira', phones: [{ number: '+55 21 97777-6666', waid: '5521977776666' }] });
  });

  it('a card with plain TEL lines, LF line ends and no waid keeps every phone in order', () => {
    const card = parseVCard('BEGIN:VCARD\nVERSION:3.0\nFN:Loja\nTEL;type=WORK:+55 11 3333-4444\nTEL:+1 415 555 0100\nEND:VCARD');
    expect(card?.phones).toEqual([
      { number: '+55 11 3333-4444', waid: null },
      { number: '+1 415 555 0100', waid: null },
    ]);
  });

  it('without FN the name comes from N; several cards in one text are all read', () => {
    const cards = parseVCards(
      'BEGIN:VCARD\nVERSION:3.0\nN:Lima;Ana;;;\nTEL;waid=5531966665555:+55 31 96666-5555\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:Beto\nEND:VCARD',
    );
    expect(cards).toEqual([
      { name: 'Ana Lima', phones: [{ number: '+55 31 96666-5555', waid: '5531966665555' }] },
      { name: 'Beto', phones: [] },
    ]);
  });

  it('text that is not a vCard gives no card', () => {
    expect(parseVCard('')).toBeNull();
    expect(parseVCard('olá, tudo bem?')).toBeNull();
  });
});
