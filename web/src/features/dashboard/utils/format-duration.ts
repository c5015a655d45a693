/**
 * A duration in seconds the way a support lead reads it: to the second under an hour ('45s',
 * '12m 05s'), then '3h 05m', '2d 4h'; '—' for none.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** The last `days` business days up to today in the company's zone, as the dashboard's filter takes them (YYYY-MM-DD). */
export function lastDays(days: number, timeZone: string, now = new Date()): { dateFrom: string; dateTo: string } {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toLocaleDateString('en-CA', { timeZone });
  return { dateFrom: day(days - 1), dateTo: day(0) };
}
