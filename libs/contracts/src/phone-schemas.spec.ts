import { contactCreateSchema } from './api/conversations/contacts';
import { phoneSchema } from './api/identity/phone-field';

const contactNumber = (number: string) => contactCreateSchema.parse({ name: 'Cliente', number }).number;

describe('the contact number and sign-up phone schemas read numbers with normalisePhoneNumber', () => {
  it('a Brazilian contact number keeps its digits, with or without the mask, plus and ninth digit', () => {
    expect(contactNumber('5511955550001')).toBe('5511955550001');
    expect(contactNumber('+55 (11) 95555-0001')).toBe('5511955550001');
    expect(contactNumber('55 (11) 9999-8888')).toBe('551199998888');
    expect(contactNumber('+55 11 9999-8888')).toBe('551199998888');
  });

  it('an international contact number typed with its plus is read by its country rules', () => {
    expect(contactNumber('+44 (0) 7911 123456')).toBe('447911123456');
    expect(contactNumber('+1 (212) 555-0123')).toBe('12125550123');
    expect(contactNumber('+351 912 345 678')).toBe('351912345678');
  });

  it('a contact number that is too short or not a number is refused', () => {
    expect(contactCreateSchema.safeParse({ name: 'Cliente', number: '(11) 99' }).success).toBe(false);
    expect(contactCreateSchema.safeParse({ name: 'Cliente', number: '11.9999.8888' }).success).toBe(false);
    expect(contactCreateSchema.safeParse({ name: 'Cliente', number: '+55 11 abc9999' }).success).toBe(false);
  });

  it('the sign-up phone keeps the digits of its mask, at most 11, and refuses what is not a number', () => {
    expect(phoneSchema.parse('(11) 98765-4321')).toBe('11987654321');
    expect(phoneSchema.parse('11987654321')).toBe('11987654321');
    expect(phoneSchema.parse('')).toBe('');
    expect(phoneSchema.safeParse('(11) 98765-43210').success).toBe(false);
    expect(phoneSchema.safeParse('+55 (11) 98765-4321').success).toBe(false);
    expect(phoneSchema.safeParse('+44 7911 123456').success).toBe(false);
    expect(phoneSchema.safeParse('11 abc').success).toBe(false);
  });
});
