import { AsYouType } from 'libphonenumber-js';

/** The sign-up phone keeps at most 11 digits (spec 1 section 5). */
export const PHONE_MAX_DIGITS = 11;

/** The digits of what was typed, at most 11. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/**
 * Shows the digits as Brazil writes them, as far as they go, formatted by libphonenumber-js
 * (AsYouType): (99) 99999-9999 for a mobile, (99) 9999-9999 for a landline. While only the area
 * code is typed it shows '(11', with no closing bracket for a backspace to stop at.
 */
export function formatPhoneMask(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  return new AsYouType('BR').input(digits);
}
