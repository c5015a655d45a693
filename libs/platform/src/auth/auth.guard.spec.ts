import { randomUUID } from 'node:crypto';

import type { ExecutionContext } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';

import { AppError } from '../errors/app-error';
import type { EventTransport } from '../events/event-transport';
import type { PlatformOptions } from '../platform-options';
import { AccessTokenService } from './access-token.service';
import { AuthGuard } from './auth.guard';
import { Public, RequirePlan, Roles } from './decorators';
import type { SessionAuthority, SessionState } from './session-authority';
import { SessionRegistry } from './session-registry';
import type { AccessTokenClaims } from './tenancy';

const options: PlatformOptions = {
  serviceName: 'test',
  mode: 'standalone',
  jwt: { secret: 's'.repeat(40), accessTtlSeconds: 60 },
  logLevel: 'silent',
};
const tokens = new AccessTokenService(new JwtService(), options);
/** Identity's answers, by session id; a session not listed is alive with the role its token states. */
const identity = new Map<string, SessionState>();
const authority: SessionAuthority = {
  lookup: async (sessionId, token) => {
    const known = identity.get(sessionId);
    if (known) return known;
    const { userId, companyId, profile, super: isSuper } = tokens.verify(token);
    return { live: true, userId, companyId, profile, super: isSuper };
  },
};
const registry = new SessionRegistry({ get: () => authority } as unknown as ModuleRef, {} as EventTransport, options);
const guard = new AuthGuard(new Reflector(), tokens, registry);

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

const codeOf = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'passed';
};

describe('AuthGuard', () => {
  it('a public route needs no token', async () => {
    expect(await guard.canActivate(contextFor('open').context)).toBe(true);
  });

  it('the tenancy comes only from the verified token', async () => {
    const { context, request } = contextFor('any', `Bearer ${tokens.sign(claims())}`);
    expect(await guard.canActivate(context)).toBe(true);
    expect(request.tenancy).toMatchObject({ userId: 7, companyId: 3, profile: 'user', super: false });
  });

  it('no token is 401 ERR_SESSION_EXPIRED; a token signed with another secret is 403 ERR_INVALID_TOKEN', async () => {
    expect(await codeOf(() => guard.canActivate(contextFor('any').context))).toBe('ERR_SESSION_EXPIRED');
    const forged = new JwtService().sign(claims(), { secret: 'x'.repeat(40) });
    expect(await codeOf(() => guard.canActivate(contextFor('any', `Bearer ${forged}`).context))).toBe('ERR_INVALID_TOKEN');
  });

  it('roles: a user is refused an admin route, an admin is refused a super route, a super passes both', async () => {
    const user = `Bearer ${tokens.sign(claims())}`;
    const admin = `Bearer ${tokens.sign(claims({ profile: 'admin' }))}`;
    const superUser = `Bearer ${tokens.sign(claims({ super: true }))}`;
    expect(await codeOf(() => guard.canActivate(contextFor('adminOnly', user).context))).toBe('ERR_NO_PERMISSION');
    expect(await codeOf(() => guard.canActivate(contextFor('adminOnly', admin).context))).toBe('passed');
    expect(await codeOf(() => guard.canActivate(contextFor('superOnly', admin).context))).toBe('ERR_NO_PERMISSION');
    expect(await codeOf(() => guard.canActivate(contextFor('superOnly', superUser).context))).toBe('passed');
    expect(await codeOf(() => guard.canActivate(contextFor('adminOnly', superUser).context))).toBe('passed');
  });

  it("plan flags: a route needing a feature the company's plan lacks is refused", async () => {
    const token = `Bearer ${tokens.sign(claims())}`;
    expect(await codeOf(() => guard.canActivate(contextFor('campaigns', token).context))).toBe('ERR_PLAN_FEATURE_DISABLED');
    expect(await codeOf(() => guard.canActivate(contextFor('kanban', token).context))).toBe('passed');
  });

  it('a token without exp, or issued in the future, is refused', async () => {
    const secret = options.jwt.secret;
    const noExp = new JwtService().sign(claims(), { secret });
    expect(await codeOf(() => guard.canActivate(contextFor('any', `Bearer ${noExp}`).context))).toBe('ERR_SESSION_EXPIRED');
    const future = new JwtService().sign({ ...claims(), iat: Math.floor(Date.now() / 1000) + 3600 }, { secret, expiresIn: 7200 });
    expect(await codeOf(() => guard.canActivate(contextFor('any', `Bearer ${future}`).context))).toBe('ERR_SESSION_EXPIRED');
  });

  it('a token of an ended or unknown session is refused with 401 ERR_SESSION_EXPIRED', async () => {
    const ended = claims();
    identity.set(ended.sid, { live: false, reason: 'session ended or unknown' });
    expect(await codeOf(() => guard.canActivate(contextFor('any', `Bearer ${tokens.sign(ended)}`).context))).toBe('ERR_SESSION_EXPIRED');
  });

  it('a session ended by an event is refused at once, though identity said it was alive a moment ago', async () => {
    const session = claims();
    const bearer = `Bearer ${tokens.sign(session)}`;
    expect(await codeOf(() => guard.canActivate(contextFor('any', bearer).context))).toBe('passed');
    registry.apply({ kind: 'session-ended', sessionId: session.sid });
    expect(await codeOf(() => guard.canActivate(contextFor('any', bearer).context))).toBe('ERR_SESSION_EXPIRED');
  });

  it('a token whose user has since lost a role is 403 ERR_INVALID_TOKEN, so the client refreshes it', async () => {
    const session = claims({ sub: '70', profile: 'admin' });
    const bearer = `Bearer ${tokens.sign(session)}`;
    expect(await codeOf(() => guard.canActivate(contextFor('adminOnly', bearer).context))).toBe('passed');
    registry.apply({ kind: 'user-changed', userId: 70, profile: 'user', super: false });
    expect(await codeOf(() => guard.canActivate(contextFor('adminOnly', bearer).context))).toBe('ERR_INVALID_TOKEN');
  });

  it('a deleted user and an inactive company end their sessions; a super user keeps theirs', async () => {
    const user = claims({ sub: '71' });
    const other = claims({ sub: '72', companyId: 9 });
    const superUser = claims({ sub: '73', companyId: 9, super: true });
    const bearers = [user, other, superUser].map((c) => `Bearer ${tokens.sign(c)}`);
    for (const bearer of bearers) expect(await codeOf(() => guard.canActivate(contextFor('any', bearer).context))).toBe('passed');
    registry.apply({ kind: 'user-deleted', userId: 71 });
    registry.apply({ kind: 'company-closed', companyId: 9 });
    expect(await codeOf(() => guard.canActivate(contextFor('any', bearers[0]).context))).toBe('ERR_SESSION_EXPIRED');
    expect(await codeOf(() => guard.canActivate(contextFor('any', bearers[1]).context))).toBe('ERR_SESSION_EXPIRED');
    expect(await codeOf(() => guard.canActivate(contextFor('any', bearers[2]).context))).toBe('passed');
  });

  it('identity unreachable: a session it vouched for stays, an unknown one is 503', async () => {
    const flaky = { up: true };
    const flakyRegistry = new SessionRegistry(
      {
        get: () => ({
          lookup: (sid: string, token: string) => (flaky.up ? authority.lookup(sid, token) : Promise.reject(new Error('down'))),
        }),
      } as unknown as ModuleRef,
      {} as EventTransport,
      options,
    );
    const flakyGuard = new AuthGuard(new Reflector(), tokens, flakyRegistry);
    const known = `Bearer ${tokens.sign(claims())}`;
    expect(await codeOf(() => flakyGuard.canActivate(contextFor('any', known).context))).toBe('passed');
    flaky.up = false;
    expect(await codeOf(() => flakyGuard.canActivate(contextFor('any', known).context))).toBe('passed');
    const unknown = `Bearer ${tokens.sign(claims())}`;
    expect(await codeOf(() => flakyGuard.canActivate(contextFor('any', unknown).context))).toBe('ERR_SERVICE_UNAVAILABLE');
  });
});
