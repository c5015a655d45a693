import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';

import { lastMessagePreview } from './last-message-preview';

const t = ((key: string) =>
  ({ 'tickets.chat.contact': 'Contato', 'tickets.chat.location': 'Localização' })[key] ?? key) as unknown as TFunction;

describe('lastMessagePreview', () => {
  it('names a contact card by its contact instead of its vCard text', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511999998888:+55 11 99999-8888\nEND:VCARD';
    expect(lastMessagePreview(vcard, t)).toBe('Contato: Maria Souza');
    expect(lastMessagePreview('BEGIN:VCARD\nEND:VCARD', t)).toBe('Contato');
  });

  it('shows a location by its description instead of the thumbnail and link', () => {
    expect(lastMessagePreview('data:image/jpeg;base64,AAAA|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Padaria Central', t)).toBe(
      'Localização: Padaria Central',
    );
    expect(lastMessagePreview('|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|', t)).toBe('Localização');
  });

  it('leaves other text alone, pipes included', () => {
    expect(lastMessagePreview('*Ana:* tudo certo | obrigado', t)).toBe('*Ana:* tudo certo | obrigado');
    expect(lastMessagePreview('', t)).toBe('');
  });
});
