import { AppError, bearerToken } from '@app/platform';
import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../conversations-options';
import { type ApiCaller, ApiTokenService } from './api-token.service';

type PartnerRequest = Request & { apiCaller?: ApiCaller };

const CHECKED_BY_STATEMENT = 'partner-api:token-checked-by-statement';

/**
 * A route whose own statement accepts only for a token that is live and allowed at that instant (the
 * send): its guard may take the token from memory (decision 0051, "Accepting a send").
 */
export const TokenCheckedByStatement = () => SetMetadata(CHECKED_BY_STATEMENT, true);

/** The default rate of one token in one process. */
export const PARTNER_API_RATE = { points: 50, seconds: 1 };

/**
 * The public API's guard (routes that are @Public() for the JWT guard): the bearer must be a live API
 * token of a company whose plan allows the API, looked up on every request, then the token's rate
 * (429 ERR_RATE_LIMITED with Retry-After). The counter is per process: N replicas let N times the
 * rate through, which the rate is set for.
 */
@Injectable()
export class ApiTokenGuard implements CanActivate {
  private readonly limiter: RateLimiterMemory;

  constructor(
    private readonly tokens: ApiTokenService,
    private readonly reflector: Reflector,
    @Inject(CONVERSATIONS_OPTIONS) options: ConversationsOptions,
  ) {
    const rate = options.partnerApiRate ?? PARTNER_API_RATE;
    this.limiter = new RateLimiterMemory({ points: rate.points, duration: rate.seconds });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PartnerRequest>();
    const fromMemory = this.reflector.get<boolean>(CHECKED_BY_STATEMENT, context.getHandler()) === true;
    const caller = await this.tokens.authenticate(bearerToken(request.headers.authorization), fromMemory);
    try {
      const state = await this.limiter.consume(String(caller.tokenId));
      const response = context.switchToHttp().getResponse<Response>();
      response.setHeader('RateLimit-Remaining', String(state.remainingPoints));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
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
