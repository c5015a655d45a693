import { dateOnlySchema, idListQuerySchema, idParamSchema, idSchema, isStorableText, MAX_ID } from './primitives';

describe('shared field schemas', () => {
  it('an id is a positive integer that fits PostgreSQL integer', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 1e12, 1e20, '1', null]) expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it('an id from a path or query is digits only, then the same rule', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.parse(42)).toBe(42);
    expect(idParamSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ['2147483648', '99999999999999999999', '1e12', '0x10', '1.0', '', ' ', '0', '-1', 'abc', 'a\u0000b']) {
      expect(idParamSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('an id list query takes JSON, commas or repeats, and refuses any id past the limit', () => {
    expect(idListQuerySchema.parse('[1,2]')).toEqual([1, 2]);
    expect(idListQuerySchema.parse('3,4')).toEqual([3, 4]);
    expect(idListQuerySchema.parse(['5', '6'])).toEqual([5, 6]);
    expect(idListQuerySchema.parse('')).toEqual([]);
    for (const bad of ['[2147483648]', '1,1e12', ['99999999999999999999'], '[1.5]'])
      expect(idListQuerySchema.safeParse(bad).success).toBe(false);
  });

  it('a date is a day of the calendar, not just of the pattern', () => {
    for (const good of ['2024-02-29', '2023-02-28', '2024-12-31', '2000-02-29']) expect(dateOnlySchema.safeParse(good).success).toBe(true);
    for (const bad of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-04-31', '1900-02-29', '2024-2-1', '2024-02-01T00:00:00Z']) {
      expect(dateOnlySchema.safeParse(bad).success).toBe(false);
    }
  });

  it('text with a NUL byte or a lone surrogate is not storable; paired surrogates (emoji) are', () => {
    expect(isStorableText('Olá 👋')).toBe(true);
    expect(isStorableText('')).toBe(true);
    for (const bad of ['a\u0000b', '\u0000', 'x\ud800', '\udc00x', 'a\ud800b', '👋'.slice(1), '\udc00\ud800'])
      expect(isStorableText(bad)).toBe(false);
  });
});
