import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers, parsed and formatted by libphonenumber-js. Numbers are stored as digits with their
 * country code and no plus (5511955550001, 447911123456). Brazil's rules are kept: a Brazilian number
 * keeps the digits it was given (with or without the mobile's ninth digit: WhatsApp, not this module,
 * says which form an account has), and shows as +55 (AA) NNNNN-NNNN or +55 (AA) NNNN-NNNN.
 */

const BRAZIL_CALLING_CODE = '55';
/** What a person may type around a number: digits, spaces, brackets, dashes, dots and a leading plus. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;
const SEPARATORS = /[\s()+-]/g;

/**
 * The digits to store for what was typed. A number written with its plus ('+44 (0) 7911 123456',
 * '+351 912 345 678') is read by its country's rules (a trunk '0' dropped); any other text only loses
 * its spaces, brackets, dashes and plus ('(11) 99999-8888' → '11999998888'): no country is guessed.
 * Text that is not a phone number keeps its other characters, for the caller's validation to refuse.
 */
export function normalisePhoneNumber(input: string): string {
  const text = input.trim();
  if (text.startsWith('+') && PHONE_TEXT.test(text)) {
    const parsed = parsePhoneNumberFromString(text);
    if (parsed) return parsed.number.slice(1);
  }
  return text.replace(SEPARATORS, '');
}

/** Brazil's display: (AA) NNNN-NNNN for 10 national digits, (AA) NNNNN-NNNN for 11 (the mobile's ninth digit). */
function brazilianNational(national: string): string | null {
  if (national.length === 10) return `(${national.slice(0, 2)}) ${national.slice(2, 6)}-${national.slice(6)}`;
  if (national.length === 11) return `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
  return null;
}

/**
 * A stored number as people read it: digits (an optional WhatsApp suffix '@c.us' or '@s.whatsapp.net'
 * removed) shown in their country's international form: +55 (11) 99999-8888, +55 (11) 3333-4444,
 * +1 212 555 0123, +351 912 345 678, +44 7911 123456. A number no country knows shows its digits.
 */
export function formatPhoneNumber(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/@[\w.]+$/, '').replace(/\D/g, '');
  if (!digits) return '';
  if (digits.startsWith(BRAZIL_CALLING_CODE)) {
    const national = brazilianNational(digits.slice(BRAZIL_CALLING_CODE.length));
    if (national) return `+${BRAZIL_CALLING_CODE} ${national}`;
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.formatInternational() : digits;
}

/**
 * A number as the schedules' CSV export writes it (spec 2 section 9): the 55 prefix removed and 10
 * or 11 national digits formatted, (11) 3333-4444 or (11) 99999-8888; any other number keeps its digits.
 */
export function formatPhoneForExport(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/@[\w.]+$/, '').replace(/\D/g, '');
  const national = digits.startsWith(BRAZIL_CALLING_CODE) && digits.length >= 12 ? digits.slice(BRAZIL_CALLING_CODE.length) : digits;
  return brazilianNational(national) ?? digits;
}
