import { describe, expect, it } from 'vitest';

import { decodeJwtPayload, isTokenExpired } from '@/lib/jwt';
import { fakeJwt } from '@/testing/test-utils';

describe('jwt', () => {
  const now = Date.UTC(2025, 0, 1);

  it('reads the claims of a token', () => {
    expect(decodeJwtPayload(fakeJwt({ id: 1, exp: 10, name: 'José' }))).toEqual({ id: 1, exp: 10, name: 'José' });
  });

  it('a token whose exp is in the past is expired, one in the future is not', () => {
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 + 60 }), now)).toBe(false);
  });

  it('a string that is not a JWT counts as expired', () => {
    expect(isTokenExpired('not-a-token', now)).toBe(true);
    expect(isTokenExpired('a.b.c', now)).toBe(true);
  });
});
