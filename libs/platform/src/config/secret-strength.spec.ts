import { randomBytes } from 'node:crypto';

import { estimateSecretBits, MIN_SECRET_BITS, weakSecretProblem } from './secret-strength';

describe('a signing secret must be long and unpredictable (JWT_SECRET)', () => {
  it.each([
    ['48 random bytes in base64url (what the standalone generates)', () => randomBytes(48).toString('base64url')],
    ['openssl rand -base64 48', () => randomBytes(48).toString('base64')],
    ['32 random bytes in hex (what the tests use)', () => randomBytes(32).toString('hex')],
    ['16 random bytes in hex, the shortest hex key accepted', () => randomBytes(16).toString('hex')],
    ['24 random bytes in base64', () => randomBytes(24).toString('base64')],
  ])('accepted, every time out of 2,000 draws: %s', (_name, make) => {
    const refused = Array.from({ length: 2_000 }, make).filter((secret) => weakSecretProblem(secret) !== null);
    expect(refused).toEqual([]);
  });

  it.each([
    ['32 identical characters', 'x'.repeat(32)],
    ['64 identical characters', '0'.repeat(64)],
    ['a run of the alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789'],
    ['a short cycle', 'abc1'.repeat(10)],
    ['a longer repeated word', 'Tr0ub4dor&3!'.repeat(3)],
    ['interleaved runs', 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6'],
    ['a placeholder made of common words', 'my-super-secret-jwt-key-change-me-please'],
    ['common words run together', 'thisismysecretkeyforthejwttokens'],
    ['a keyboard row and a count', 'qwertyuiopasdfghjkl1234567890zxc'],
  ])('refused: %s', (_name, secret) => {
    expect(estimateSecretBits(secret)).toBeLessThan(MIN_SECRET_BITS);
    expect(weakSecretProblem(secret)).toMatch(/too predictable.*openssl rand -base64 48.*randomBytes\(48\)/);
  });

  it('a secret under 32 characters is refused for its length, with the same advice', () => {
    expect(weakSecretProblem(randomBytes(15).toString('hex'))).toMatch(/at least 32 characters.*openssl rand/);
  });
});
