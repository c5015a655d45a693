import { describe, expect, it } from 'vitest';

import { formatPhoneMask, PHONE_MAX_DIGITS, phoneDigits } from '@/features/signup/utils/phone-mask';

describe('sign-up phone mask (99) 99999-9999', () => {
  it('keeps digits only, at most 11', () => {
    expect(PHONE_MAX_DIGITS).toBe(11);
    expect(phoneDigits('(11) 98765-4321 ext 9')).toBe('11987654321');
    expect(phoneDigits('abc')).toBe('');
  });

  it('formats as the digits arrive', () => {
    expect(formatPhoneMask('')).toBe('');
    expect(formatPhoneMask('1')).toBe('(1');
    expect(formatPhoneMask('11')).toBe('(11');
    expect(formatPhoneMask('119')).toBe('(11) 9');
    expect(formatPhoneMask('1198765')).toBe('(11) 98765');
    expect(formatPhoneMask('11987654')).toBe('(11) 98765-4');
    expect(formatPhoneMask('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhoneMask('119876543210000')).toBe('(11) 98765-4321');
  });

  it('a landline shows as (99) 9999-9999', () => {
    expect(formatPhoneMask('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhoneMask('113333444')).toBe('(11) 3333-444');
  });
});
