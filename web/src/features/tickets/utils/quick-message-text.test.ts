import type { QuickMessage } from '@app/contracts';
import { describe, expect, it } from 'vitest';

import { fillQuickMessageVariables, matchingQuickMessages, quickMessageLabel } from './quick-message-text';

const quick = (shortcode: string, message = ''): QuickMessage => ({
  id: shortcode.length,
  shortcode,
  message,
  geral: false,
  status: true,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mimetype: null,
  companyId: 1,
  userId: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

describe('quick messages in the chat input', () => {
  it("suggests only after '/' and at least one more character, by shortcode, ignoring case", () => {
    const list = [quick('bom-dia'), quick('Boleto'), quick('tchau')];
    expect(matchingQuickMessages(list, '/')).toEqual([]);
    expect(matchingQuickMessages(list, 'bo')).toEqual([]);
    expect(matchingQuickMessages(list, '/bo').map((q) => q.shortcode)).toEqual(['bom-dia', 'Boleto']);
    expect(matchingQuickMessages(list, '/DIA').map((q) => q.shortcode)).toEqual(['bom-dia']);
  });

  it('labels a suggestion with its shortcode and text, cut at 35 characters', () => {
    expect(quickMessageLabel(quick('oi', 'Olá'))).toBe('oi - Olá');
    expect(quickMessageLabel(quick('catalogo', 'Segue o nosso catálogo completo de produtos'))).toBe(
      'catalogo - Segue o nosso catálogo c...',
    );
    expect(quickMessageLabel(quick('x'.repeat(40)))).toHaveLength(38);
  });

  it("fills the contact's variables and leaves unknown ones as written", () => {
    const contact = { name: 'Maria Clara Souza', number: '5511999990000', email: 'maria@example.com' };
    expect(fillQuickMessageVariables('Olá {{firstName}} ({{ name }}), confirmamos {{number}} e {{email}}. {{protocolo}}', contact)).toBe(
      'Olá Maria (Maria Clara Souza), confirmamos 5511999990000 e maria@example.com. {{protocolo}}',
    );
    expect(fillQuickMessageVariables('Oi {{name}}', null)).toBe('Oi ');
  });

  it('fills the one syntax of decision 0040 and the campaigns’ older {nome}, as the server does', () => {
    const contact = { name: 'Maria Clara Souza', number: '5511999990000', email: 'maria@example.com' };
    expect(fillQuickMessageVariables('Olá {{primeiroNome}} ({{nome}}), {{numero}}, {{email}}; {nome}', contact)).toBe(
      'Olá Maria (Maria Clara Souza), 5511999990000, maria@example.com; Maria Clara Souza',
    );
  });
});
