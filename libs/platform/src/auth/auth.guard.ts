import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { AppError } from '../errors/app-error';
import { AccessTokenService } from './access-token.service';
import { type AuthenticatedRequest, PLAN_FLAGS_KEY, PUBLIC_KEY, type Role, ROLES_KEY } from './decorators';
import { SessionRegistry } from './session-registry';
import type { PlanFlag, Tenancy } from './tenancy';

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export function hasRole(tenancy: Tenancy, roles: Role[]): boolean {
  if (tenancy.super) return true;
  return roles.some((role) => role === 'admin' && tenancy.profile === 'admin');
}

/**
 * The global guard: verifies the bearer token into the request's tenancy, checks that its login
 * session is still alive, then checks the route's roles and plan flags. Routes opt out with @Public().
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokenService,
    private readonly sessions: SessionRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    const tenancy = this.tokens.verify(token);
    await this.sessions.assertLive(tenancy, token!);
    request.tenancy = tenancy;

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (roles?.length && !hasRole(tenancy, roles)) {
      throw new AppError('ERR_NO_PERMISSION', 'You do not have permission for this action');
    }
    const flags = this.reflector.getAllAndMerge<PlanFlag[]>(PLAN_FLAGS_KEY, targets) ?? [];
    const missing = flags.filter((flag) => !tenancy.planFlags.has(flag));
    if (missing.length) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED', `The company's plan does not include ${missing.join(', ')}`);
    }
    return true;
  }
}
