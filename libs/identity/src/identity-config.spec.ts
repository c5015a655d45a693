import { z } from 'zod';
import { identityConfigShape, identityMailAndLimits } from './identity-config';

const schema = z.object(identityConfigShape);

describe('identity configuration', () => {
  it('reads SMTP and the RATE_LIMIT_* variables as perIp/perEmail/windowSeconds', () => {
    const config = schema.parse({ SMTP_URL: 'smtp://mail:25', RATE_LIMIT_LOGIN: '50/5/600', RATE_LIMIT_RESET: '' });
    expect(identityMailAndLimits(config)).toEqual({
      mail: { smtpUrl: 'smtp://mail:25', from: undefined },
      rateLimits: { login: { perIp: 50, perEmail: 5, windowSeconds: 600 } },
    });
  });

  it('refuses a malformed limit or a non-SMTP URL', () => {
    expect(schema.safeParse({ RATE_LIMIT_LOGIN: '50/5' }).success).toBe(false);
    expect(schema.safeParse({ RATE_LIMIT_SIGNUP: '0/5/60' }).success).toBe(false);
    expect(schema.safeParse({ SMTP_URL: 'http://mail' }).success).toBe(false);
  });
});
