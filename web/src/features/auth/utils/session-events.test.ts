import { describe, expect, it } from 'vitest';

import { authEventName, isReplacedByOtherSession } from '@/features/auth/utils/session-events';
import { fakeJwt } from '@/testing/test-utils';

const mySid = '5f0c1b9e-7d7a-4a47-9b1a-1d2c3e4f5a6b';
const token = fakeJwt({ sub: '7', companyId: 3, sid: mySid, exp: Date.now() / 1000 + 600 });

describe('company-{id}-auth', () => {
  it('is named after the company', () => {
    expect(authEventName(3)).toBe('company-3-auth');
  });

  it('a login of this user in another session signs this one out', () => {
    expect(isReplacedByOtherSession({ action: 'update', user: { id: 7 }, sessionId: 'another-session' }, token, 7)).toBe(true);
  });

  it('the session that just logged in ignores its own event', () => {
    expect(isReplacedByOtherSession({ action: 'update', user: { id: 7 }, sessionId: mySid }, token, 7)).toBe(false);
  });

  it('events about another user, without a session id, or without a token change nothing', () => {
    expect(isReplacedByOtherSession({ action: 'update', user: { id: 8 }, sessionId: 'another-session' }, token, 7)).toBe(false);
    expect(isReplacedByOtherSession({ action: 'update', user: { id: 7 } }, token, 7)).toBe(false);
    expect(isReplacedByOtherSession({ action: 'update', user: { id: 7 }, sessionId: 'x' }, null, 7)).toBe(false);
    expect(isReplacedByOtherSession(null, token, 7)).toBe(false);
  });
});
