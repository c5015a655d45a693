import { currentLanguage } from '@/lib/i18n';

/**
 * Every date, time and number the interface shows goes through here. Dates follow the chosen
 * language (pt-BR and es: 21/11/2026; en: 11/21/2026), always with a 24-hour clock; money is the
 * plans' Brazilian reais, shown the Brazilian way in every language (the spec's R$ 1.234,56).
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads an API date. A date-only value ('2025-06-10', as the company due date comes) is that
 * calendar day, not midnight UTC, so it shows the same day in every time zone.
 */
export function parseApiDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string' || !value) return null;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isDateOnly(value: unknown): value is string {
  return typeof value === 'string' && DATE_ONLY.test(value);
}

function dateFormat(language: string, year: 'numeric' | '2-digit'): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year });
}

/** dd/MM/yyyy in pt-BR, the language's short date elsewhere; undefined when there is no date. */
export function formatDate(value: unknown, language: string = currentLanguage()): string | undefined {
  const date = parseApiDate(value);
  return date ? dateFormat(language, 'numeric').format(date) : undefined;
}

/** HH:mm, a 24-hour clock in every language. */
export function formatTime(value: unknown, language: string = currentLanguage()): string {
  const date = parseApiDate(value);
  return date ? new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date) : '';
}

/** dd/MM/yy HH:mm in pt-BR (a connection's last update, a contact's last interaction); '' without a date. */
export function formatShortDateTime(value: unknown, language: string = currentLanguage()): string {
  const date = parseApiDate(value);
  return date ? `${dateFormat(language, '2-digit').format(date)} ${formatTime(date, language)}` : '';
}

/** dd/MM/yyyy HH:mm in pt-BR; '' without a date. */
export function formatDateTime(value: unknown, language: string = currentLanguage()): string {
  const date = parseApiDate(value);
  return date ? `${formatDate(date, language)} ${formatTime(date, language)}` : '';
}

/** Whether two dates fall on the same calendar day here. */
export function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A number in the chosen language's digits grouping (1.234 in pt-BR, 1,234 in en). */
export function formatNumber(value: number, language: string = currentLanguage()): string {
  return new Intl.NumberFormat(language).format(value);
}

/** Plan values are Brazilian reais, shown in pt-BR money format (R$ 1.234,56) in every language. */
export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amount);
}

/**
 * Reads a money amount typed in pt-BR ('1.234,56', 'R$ 10,5') or with a decimal point ('10.50').
 * Returns null when it is not a number.
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[R$\s\u00a0]/g, '');
  if (!cleaned) return null;
  let normalised = cleaned;
  if (cleaned.includes(',')) normalised = cleaned.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) normalised = cleaned.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  const amount = Number(normalised);
  return Number.isFinite(amount) ? Math.round(amount * 100) / 100 : null;
}
