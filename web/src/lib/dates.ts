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

/** dd/MM/yyyy in pt-BR, the locale's short date elsewhere. */
export function formatDate(value: unknown, language: string): string | undefined {
  const date = parseApiDate(value);
  if (!date) return undefined;
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}
