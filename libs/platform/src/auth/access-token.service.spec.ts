import { randomUUID } from 'node:crypto';

import { JwtService } from '@nestjs/jwt';

import { AppError } from '../errors/app-error';
import type { PlatformOptions } from '../platform-options';
import { AccessTokenService } from './access-token.service';
import type { AccessTokenClaims } from './tenancy';

const options: PlatformOptions = {
  serviceName: 'test',
  mode: 'standalone',
  jwt: { secret: 's'.repeat(40), accessTtlSeconds: 60 },
  logLevel: 'silent',
};
const tokens = new AccessTokenService(new JwtService(), options);
const jwt = new JwtService();
const claims: AccessTokenClaims = { sub: '7', companyId: 3, profile: 'admin', super: false, sid: randomUUID(), plan: [] };
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
/** A token signed by hand with the shared secret, as identity's older releases signed them. */
const handSigned = (payload: Record<string, unknown>) =>
  jwt.sign(payload, { secret: options.jwt.secret, expiresIn: 60, algorithm: 'HS256' });

describe('access tokens', () => {
  it('carry userId, the user id as a number, beside sub', () => {
    const payload = payloadOf(tokens.sign(claims));
    expect(payload).toMatchObject({ sub: '7', userId: 7, companyId: 3, profile: 'admin' });
    expect(tokens.verify(tokens.sign(claims))).toMatchObject({ userId: 7, companyId: 3 });
  });

  it('verify with userId or without it (tokens signed before it), but not with a userId other than sub', () => {
    expect(tokens.verify(handSigned({ ...claims })).userId).toBe(7);
    expect(tokens.verify(handSigned({ ...claims, userId: 7 })).userId).toBe(7);
    for (const userId of [8, '7', 0]) {
      let code = 'passed';
      try {
        tokens.verify(handSigned({ ...claims, userId }));
      } catch (error) {
        code = (error as AppError).code;
      }
      expect(code).toBe('ERR_SESSION_EXPIRED');
    }
  });

  it('a token verified before is still refused once it expired, and each caller gets its own tenancy', () => {
    const token = tokens.sign(claims);
    const first = tokens.verify(token);
    first.profile = 'user';
    expect(tokens.verify(token).profile).toBe('admin');
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(() => tokens.verify(token)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_TOKEN' }));
    } finally {
      clock.mockRestore();
    }
  });
});

describe('checkout passes (decision 0053)', () => {
  const codeOf = (work: () => unknown): string => {
    try {
      work();
      return 'passed';
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it('name the admin and the company, and are not an access token, nor is an access token a pass', () => {
    const pass = tokens.signCheckoutPass({ userId: 7, companyId: 3 });
    expect(tokens.verifyCheckoutPass(pass)).toEqual({ userId: 7, companyId: 3 });
    expect(codeOf(() => tokens.verify(pass))).toBe('ERR_SESSION_EXPIRED');
    expect(codeOf(() => tokens.verifyCheckoutPass(tokens.sign(claims)))).toBe('ERR_INVALID_TOKEN');
    expect(codeOf(() => tokens.verifyCheckoutPass(tokens.signServiceCall({ svc: 'ai', call: 'x', companyId: 3 })))).toBe(
      'ERR_INVALID_TOKEN',
    );
  });

  it('a pass signed with another secret, changed, or missing is refused', () => {
    const forged = new JwtService().sign(
      { aud: 'zapdesk-expired-checkout', sub: '7', companyId: 3 },
      { secret: 'x'.repeat(40), expiresIn: 60, algorithm: 'HS256' },
    );
    expect(codeOf(() => tokens.verifyCheckoutPass(forged))).toBe('ERR_INVALID_TOKEN');
    const [head, , signature] = tokens.signCheckoutPass({ userId: 7, companyId: 3 }).split('.');
    const otherCompany = Buffer.from(JSON.stringify({ aud: 'zapdesk-expired-checkout', sub: '7', companyId: 4 })).toString('base64url');
    expect(codeOf(() => tokens.verifyCheckoutPass(`${head}.${otherCompany}.${signature}`))).toBe('ERR_INVALID_TOKEN');
    expect(codeOf(() => tokens.verifyCheckoutPass(undefined))).toBe('ERR_SESSION_EXPIRED');
  });
});
