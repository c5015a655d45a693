import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error';
import type { PlatformOptions } from '../platform-options';
import { AccessTokenService } from './access-token.service';
import { AuthGuard } from './auth.guard';
import { Public, RequirePlan, Roles } from './decorators';
import type { AccessTokenClaims } from './tenancy';

const options: PlatformOptions = {
  serviceName: 'test',
  mode: 'standalone',
  jwt: { secret: 's'.repeat(40), accessTtlSeconds: 60 },
  logLevel: 'silent',
};
const tokens = new AccessTokenService(new JwtService(), options);
const guard = new AuthGuard(new Reflector(), tokens);

const claims = (overrides: Partial<AccessTokenClaims> = {}): AccessTokenClaims => ({
  sub: '7',
  companyId: 3,
  profile: 'user',
  super: false,
  sid: randomUUID(),
  plan: ['useKanban'],
  ...overrides,
});

class Routes {
  @Public() open() {}
  any() {}
  @Roles('admin') adminOnly() {}
  @Roles('super') superOnly() {}
  @RequirePlan('useCampaigns') campaigns() {}
  @RequirePlan('useKanban') kanban() {}
}

function contextFor(handler: keyof Routes, authorization?: string) {
  const request: { headers: Record<string, string>; tenancy?: unknown } = {
    headers: authorization ? { authorization } : {},
  };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'passed';
};

describe('AuthGuard', () => {
  it('a public route needs no token', () => {
    expect(guard.canActivate(contextFor('open').context)).toBe(true);
  });

  it('the tenancy comes only from the verified token', () => {
    const { context, request } = contextFor('any', `Bearer ${tokens.sign(claims())}`);
    expect(guard.canActivate(context)).toBe(true);
    expect(request.tenancy).toMatchObject({ userId: 7, companyId: 3, profile: 'user', super: false });
  });

  it('no token is 401 ERR_SESSION_EXPIRED; a token signed with another secret is 403 ERR_INVALID_TOKEN', () => {
    expect(codeOf(() => guard.canActivate(contextFor('any').context))).toBe('ERR_SESSION_EXPIRED');
    const forged = new JwtService().sign(claims(), { secret: 'x'.repeat(40) });
    expect(codeOf(() => guard.canActivate(contextFor('any', `Bearer ${forged}`).context))).toBe('ERR_INVALID_TOKEN');
  });

  it('roles: a user is refused an admin route, an admin is refused a super route, a super passes both', () => {
    const user = `Bearer ${tokens.sign(claims())}`;
    const admin = `Bearer ${tokens.sign(claims({ profile: 'admin' }))}`;
    const superUser = `Bearer ${tokens.sign(claims({ super: true }))}`;
    expect(codeOf(() => guard.canActivate(contextFor('adminOnly', user).context))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => guard.canActivate(contextFor('adminOnly', admin).context))).toBe('passed');
    expect(codeOf(() => guard.canActivate(contextFor('superOnly', admin).context))).toBe('ERR_NO_PERMISSION');
    expect(codeOf(() => guard.canActivate(contextFor('superOnly', superUser).context))).toBe('passed');
    expect(codeOf(() => guard.canActivate(contextFor('adminOnly', superUser).context))).toBe('passed');
  });

  it("plan flags: a route needing a feature the company's plan lacks is refused", () => {
    const token = `Bearer ${tokens.sign(claims())}`;
    expect(codeOf(() => guard.canActivate(contextFor('campaigns', token).context))).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect(codeOf(() => guard.canActivate(contextFor('kanban', token).context))).toBe('passed');
  });
});
