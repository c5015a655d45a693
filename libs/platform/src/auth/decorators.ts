import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

import type { PlanFlag, Tenancy } from './tenancy';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const PLAN_FLAGS_KEY = 'auth:planFlags';

export type Role = 'admin' | 'super';

/** The route needs no token (login, refresh, health...). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The caller must hold one of these roles; `super` users pass every role check. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The caller's company plan must allow every one of these features. */
export const RequirePlan = (...flags: PlanFlag[]) => SetMetadata(PLAN_FLAGS_KEY, flags);

export type AuthenticatedRequest = Request & { tenancy?: Tenancy };

/** The verified caller of this request. */
export const CurrentTenancy = createParamDecorator((_: unknown, context: ExecutionContext): Tenancy => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.tenancy) throw new Error('CurrentTenancy used on a public route');
  return request.tenancy;
});
