import { AppError, bearerToken } from '@app/platform';
import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';

import { type ApiCaller, ApiTokenService } from './api-token.service';
import { RateExceeded, SharedTokenRate } from './shared-token-rate';

type PartnerRequest = Request & { apiCaller?: ApiCaller };

const CHECKED_BY_STATEMENT = 'partner-api:token-checked-by-statement';

/**
 * A route whose own statement accepts only for a token that is live and allowed at that instant (the
 * send): its guard may take the token from memory (decision 0051, "Accepting a send").
 */
export const TokenCheckedByStatement = () => SetMetadata(CHECKED_BY_STATEMENT, true);

/**
 * The public API's guard (routes that are @Public() for the JWT guard): the bearer must be a live API
 * token of a company whose plan allows the API and that is active, then the token's rate over every
 * process (429 ERR_RATE_LIMITED with Retry-After, see SharedTokenRate).
 */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  constructor(
    private readonly tokens: ApiTokenService,
    private readonly reflector: Reflector,
    private readonly rate: SharedTokenRate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PartnerRequest>();
    const fromMemory = this.reflector.get<boolean>(CHECKED_BY_STATEMENT, context.getHandler()) === true;
    const caller = await this.tokens.authenticate(bearerToken(request.headers.authorization), fromMemory);
    try {
      const remaining = this.rate.consume(caller.tokenId);
      context.switchToHttp().getResponse<Response>().setHeader('RateLimit-Remaining', String(remaining));
    } catch (rejection) {
      if (!(rejection instanceof RateExceeded)) throw rejection;
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError('ERR_RATE_LIMITED', 'Too many requests for this token, try again later', { retryAfterSeconds });
    }
    request.apiCaller = caller;
    return true;
  }
}

/** The API token's caller of this request (routes behind {@link ApiTokenGuard}). */
export const CurrentApiCaller = createParamDecorator((_: unknown, context: ExecutionContext): ApiCaller => {
  const caller = context.switchToHttp().getRequest<PartnerRequest>().apiCaller;
  if (!caller) throw new Error('CurrentApiCaller used on a route without ApiTokenGuard');
  return caller;
});
