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
