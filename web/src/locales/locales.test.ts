import { ERROR_CODES } from '@app/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import en from '@/locales/en.json';
import es from '@/locales/es.json';
import ptBR from '@/locales/pt-BR.json';

const locales = { 'pt-BR': ptBR, en, es } as const;

/** Keys carrying a count that is never 0 or 1 where they show, or that names no counted noun. */
const COUNT_WITHOUT_PLURAL = new Set([
  'tickets.lastInteraction.minutes', // '(5 m atrás)': an abbreviation
  'tickets.lastInteraction.hours',
  'tickets.newTicket.contactPlaceholder', // the minimum search length, 3
  'tickets.transfer.userPlaceholder',
  'contacts.sheetRowLimit', // the row limit, 100,000
  'contacts.sheetMoreRows', // '… e mais 3': no noun
  'contactLists.import.moreRows',
  'contactLists.import.rowLimit',
  'services.pageRange', // '1–20 de 45'
  'dashboard.filters.lastDays', // the period buttons, 7 to 90 days
  'dashboard.stats.satisfied',
]);

function entries(value: unknown, prefix = ''): [string, string][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, String(value)]];
}

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

describe('locale files', () => {
  it('en and es have exactly the keys of pt-BR', () => {
    const reference = keys(ptBR).sort();
    expect(keys(en).sort()).toEqual(reference);
    expect(keys(es).sort()).toEqual(reference);
  });

  it('every API error code is translated', () => {
    for (const code of ERROR_CODES) {
      expect(ptBR.errors).toHaveProperty(code);
    }
  });

  it('carries the spec texts in Portuguese', () => {
    expect(ptBR.login.title).toBe('Bem-vindo de volta');
    expect(ptBR.common.noRecords).toBe('Nenhum registro');
    expect(ptBR.common.loadMore).toBe('Carregar mais');
    expect(ptBR.mainDrawer.listItems.users).toBe('Usuários');
    expect(ptBR.layout.toggleTheme).toBe('Alternar tema');
    expect(ptBR.layout.profile).toBe('Perfil');
    expect(ptBR.layout.logout).toBe('Sair');
    expect(en.layout.profile).toBe('Profile');
    expect(en.layout.logout).toBe('Logout');
  });

  it.each(Object.keys(locales))(
    "%s: a counted noun agrees with its count, 0 included ('0 segundos', '0 mensagens'; Portuguese counts 0 as one)",
    async (language) => {
      // Keys are built at run time here: the typed key union does not apply.
      const t = (await i18next
        .createInstance()
        .init({ lng: language, resources: { [language]: { translation: locales[language as keyof typeof locales] } } })) as unknown as (
        key: string,
        options: { count: number },
      ) => string;
      const texts = new Map(entries(locales[language as keyof typeof locales]));
      const plurals = [...texts.keys()].filter((key) => key.endsWith('_other')).map((key) => key.slice(0, -'_other'.length));
      expect(plurals.length).toBeGreaterThan(10);
      for (const key of plurals) {
        const other = (count: number) => texts.get(`${key}_other`)!.replaceAll('{{count}}', String(count));
        expect(t(key, { count: 0 }), key).toBe(other(0));
        expect(t(key, { count: 1 }), key).toBe(texts.get(`${key}_one`)!.replaceAll('{{count}}', '1'));
        expect(t(key, { count: 2 }), key).toBe(other(2));
      }
      const unpluralised = [...texts]
        .filter(([key, text]) => text.includes('{{count}}') && !/_(one|other|zero)$/.test(key))
        .map(([key]) => key);
      expect(unpluralised.filter((key) => !COUNT_WITHOUT_PLURAL.has(key))).toEqual([]);
    },
  );
});
