import { describe, expect, it } from 'vitest';

import { getSubscriptionStatus } from '@/features/auth/utils/subscription';

describe('subscription at login', () => {
  const now = new Date('2025-06-10T12:00:00Z');

  it('a due date in the past refuses the login', () => {
    expect(getSubscriptionStatus('2025-06-10T11:59:59Z', now).state).toBe('expired');
    expect(getSubscriptionStatus('2025-06-09', now).state).toBe('expired');
  });

  it('a date-only due date lasts through that day, as the server counts it', () => {
    expect(getSubscriptionStatus('2025-06-10', now).state).toBe('active');
  });

  it('fewer than 5 days left warns with the number of days', () => {
    expect(getSubscriptionStatus('2025-06-13T12:00:00Z', now)).toMatchObject({ state: 'active', daysLeft: 3, warn: true });
  });

  it('5 days or more left does not warn', () => {
    expect(getSubscriptionStatus('2025-06-20T12:00:00Z', now)).toMatchObject({ state: 'active', warn: false });
    expect(getSubscriptionStatus('2025-06-20', now)).toMatchObject({ state: 'active', daysLeft: 10, warn: false });
  });

  it('a missing or unreadable due date does not block', () => {
    expect(getSubscriptionStatus(null, now).state).toBe('unknown');
    expect(getSubscriptionStatus('soon', now).state).toBe('unknown');
  });
});
