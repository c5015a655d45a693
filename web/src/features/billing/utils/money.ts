const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 29970 → 'R$ 299,70' (money travels as integer cents). */
export const formatCents = (cents: number): string => BRL.format(cents / 100);

/** '2026-12-10' → '10/12/2026'. */
export const formatDay = (day: string): string => day.split('-').reverse().join('/');

/** Today in the browser's calendar, as YYYY-MM-DD. */
export const localToday = (now = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
