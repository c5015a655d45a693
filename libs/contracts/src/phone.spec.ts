import { formatPhoneNumber, normalisePhoneNumber } from './phone';

describe('phone numbers', () => {
  it('a Brazilian number shows as +55 (AA) NNNNN-NNNN with the ninth digit, +55 (AA) NNNN-NNNN without', () => {
    expect(formatPhoneNumber('5511955550001')).toBe('+55 (11) 95555-0001');
    expect(formatPhoneNumber('5511999998888@c.us')).toBe('+55 (11) 99999-8888');
    expect(formatPhoneNumber('551133334444')).toBe('+55 (11) 3333-4444');
    // An account from before the ninth digit keeps the form WhatsApp knows it by.
    expect(formatPhoneNumber('551199998888@s.whatsapp.net')).toBe('+55 (11) 9999-8888');
  });

  it('international numbers show in their own country form', () => {
    expect(formatPhoneNumber('12125550123')).toBe('+1 212 555 0123');
    expect(formatPhoneNumber('351912345678')).toBe('+351 912 345 678');
    expect(formatPhoneNumber('447911123456')).toBe('+44 7911 123456');
  });

  it('what no country knows shows its digits; nothing shows nothing', () => {
    expect(formatPhoneNumber('12345')).toBe('12345');
    expect(formatPhoneNumber('120363041234567890')).toBe('120363041234567890');
    expect(formatPhoneNumber(null)).toBe('');
    expect(formatPhoneNumber('')).toBe('');
  });

  it('a number typed with its plus is read by its country rules and stored as digits with the country code', () => {
    expect(normalisePhoneNumber('+55 (11) 95555-0001')).toBe('5511955550001');
    expect(normalisePhoneNumber('+55 11 9999-8888')).toBe('551199998888');
    expect(normalisePhoneNumber('+1 (212) 555-0123')).toBe('12125550123');
    expect(normalisePhoneNumber('+351 912 345 678')).toBe('351912345678');
    expect(normalisePhoneNumber('+44 (0) 7911 123456')).toBe('447911123456');
  });

  it('without a plus the digits are kept as typed: no country is guessed, the ninth digit is neither added nor removed', () => {
    expect(normalisePhoneNumber(' 5511955550001 ')).toBe('5511955550001');
    expect(normalisePhoneNumber('(11) 99999-8888')).toBe('11999998888');
    expect(normalisePhoneNumber('551199998888')).toBe('551199998888');
  });

  it('text that is not a number keeps its other characters, for validation to refuse', () => {
    expect(normalisePhoneNumber('+55 11 abc')).toBe('5511abc');
    expect(normalisePhoneNumber('11.9999.8888')).toBe('11.9999.8888');
  });
});
