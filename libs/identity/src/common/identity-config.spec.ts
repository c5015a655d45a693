import { z } from 'zod';

import { identityConfigShape, identityMailAndLimits } from './identity-config';
import { loginDelayMs } from './rate-limits';

const schema = z.object(identityConfigShape);

describe('identity configuration', () => {
  it('reads SMTP and the RATE_LIMIT_* variables as perIp/perEmail/windowSeconds', () => {
    const config = schema.parse({ SMTP_URL: 'smtp://mail:25', RATE_LIMIT_LOGIN: '50/5/600', RATE_LIMIT_RESET: '' });
    expect(identityMailAndLimits(config)).toEqual({
      mail: { smtpUrl: 'smtp://mail:25', from: undefined },
      rateLimits: { login: { perIp: 50, perEmail: 5, windowSeconds: 600 } },
    });
  });

  it('reads PUBLIC_URL, the web address for links in mails: http or https only', () => {
    expect(identityMailAndLimits(schema.parse({ PUBLIC_URL: 'https://atendimento.example.com' })).mail?.publicUrl).toBe(
      'https://atendimento.example.com',
    );
    expect(schema.safeParse({ PUBLIC_URL: 'javascript:alert(1)' }).success).toBe(false);
    expect(schema.safeParse({ PUBLIC_URL: 'ftp://files.example.com' }).success).toBe(false);
  });

  it('reads RATE_LIMIT_LOGIN_DELAY as baseSeconds/maxSeconds of the growing login wait', () => {
    expect(identityMailAndLimits(schema.parse({ RATE_LIMIT_LOGIN_DELAY: '0.5/120' })).loginDelays).toEqual({ baseMs: 500, maxMs: 120_000 });
    expect(schema.safeParse({ RATE_LIMIT_LOGIN_DELAY: '0/10' }).success).toBe(false);
    expect(schema.safeParse({ RATE_LIMIT_LOGIN_DELAY: '10/5' }).success).toBe(false);
    expect(schema.safeParse({ RATE_LIMIT_LOGIN_DELAY: '10' }).success).toBe(false);
  });

  it('the login wait starts after the free failures, doubles with each further one and stops at the cap', () => {
    const delays = { baseMs: 1_000, maxMs: 300_000 };
    expect([1, 5, 6, 7, 8, 13, 14, 15, 200].map((failures) => loginDelayMs(failures, 5, delays))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 128_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('refuses a malformed limit or a non-SMTP URL', () => {
    expect(schema.safeParse({ RATE_LIMIT_LOGIN: '50/5' }).success).toBe(false);
    expect(schema.safeParse({ RATE_LIMIT_SIGNUP: '0/5/60' }).success).toBe(false);
    expect(schema.safeParse({ SMTP_URL: 'http://mail' }).success).toBe(false);
  });
});
