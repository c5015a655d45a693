import { afterEach, describe, expect, it } from 'vitest';

import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatShortDateTime,
  formatTime,
  isSameDay,
  parseApiDate,
  parseMoney,
} from '@/lib/format';
import { i18n } from '@/lib/i18n';

describe('dates and numbers follow the chosen language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  const morning = new Date(2026, 10, 3, 9, 5);

  it('pt-BR, the default: dd/MM/yyyy, dd/MM/yy HH:mm and a 24-hour clock', () => {
    expect(formatDate(morning)).toBe('03/11/2026');
    expect(formatTime(new Date(2026, 10, 3, 21, 5))).toBe('21:05');
    expect(formatShortDateTime(morning.toISOString())).toBe('03/11/26 09:05');
    expect(formatDateTime(morning)).toBe('03/11/2026 09:05');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });

  it('the chosen language changes the order and the separators', async () => {
    await i18n.changeLanguage('en');
    expect(formatDate(morning)).toBe('11/03/2026');
    expect(formatShortDateTime(morning)).toBe('11/03/26 09:05');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    await i18n.changeLanguage('es');
    expect(formatDate(morning)).toBe('03/11/2026');
  });

  it('a date-only value is that calendar day; missing or broken dates show nothing', () => {
    expect(parseApiDate('2025-06-10')).toEqual(new Date(2025, 5, 10));
    expect(formatDate('2025-06-10', 'pt-BR')).toBe('10/06/2025');
    expect(formatDate(null)).toBeUndefined();
    expect(formatShortDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(isSameDay(new Date(2026, 0, 1, 0, 1), new Date(2026, 0, 1, 23, 59))).toBe(true);
  });
});

describe('plan values in pt-BR money format', () => {
  it('formats reais with comma decimals and dot thousands, in every language', async () => {
    expect(formatMoney(1234.5).replace(/\u00a0/g, ' ')).toBe('R$ 1.234,50');
    await i18n.changeLanguage('en');
    expect(formatMoney('99.9').replace(/\u00a0/g, ' ')).toBe('R$ 99,90');
    await i18n.changeLanguage('pt-BR');
    expect(formatMoney(null)).toBe('');
  });

  it('reads what a person types', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('R$ 10,5')).toBe(10.5);
    expect(parseMoney('10.50')).toBe(10.5);
    expect(parseMoney('1.000')).toBe(1000);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('dez')).toBeNull();
  });
});
