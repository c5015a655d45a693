/** The sign-up phone keeps at most 11 digits (spec 1 section 5). */
export const PHONE_MAX_DIGITS = 11;

/** The digits of what was typed, at most 11. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/** Shows digits with the mask (99) 99999-9999, as far as they go. */
export function formatPhoneMask(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 2);
  const first = digits.slice(2, 7);
  const last = digits.slice(7);
  if (digits.length <= 2) return `(${area}`;
  if (digits.length <= 7) return `(${area}) ${first}`;
  return `(${area}) ${first}-${last}`;
}
