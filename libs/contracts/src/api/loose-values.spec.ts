import { idOrBlankSchema, looseBoolean } from './primitives';

describe('values in the forms Whaticket web clients send them', () => {
  it('looseBoolean takes booleans, 1/0 and "1"/"0"/"true"/"false", and refuses anything else', () => {
    for (const yes of [true, 1, '1', 'true']) expect(looseBoolean.parse(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false']) expect(looseBoolean.parse(no)).toBe(false);
    for (const nonsense of ['maybe', 'yes', 'TRUE ', 2, -1, '', null, {}, []]) {
      const parsed = looseBoolean.safeParse(nonsense);
      expect(parsed.success).toBe(false);
    }
    expect(looseBoolean.optional().parse(undefined)).toBeUndefined();
  });

  it("idOrBlankSchema takes '' as null, and ids by the id rule", () => {
    expect(idOrBlankSchema.parse('')).toBeNull();
    expect(idOrBlankSchema.parse(null)).toBeNull();
    expect(idOrBlankSchema.parse(7)).toBe(7);
    for (const bad of ['7', 0, false, 2_147_483_648]) expect(idOrBlankSchema.safeParse(bad).success).toBe(false);
  });
});
