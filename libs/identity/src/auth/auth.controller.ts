import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { AccessTokenService, bearerToken, CurrentTenancy, Public, type Tenancy } from '@app/platform';
import { clientIp } from '../common/client-ip';
import { LoginDto } from '../dtos/user.dto';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../identity-options';
import { SessionService, type IssuedSession } from './session.service';

/** The refresh token's cookie, named as in the Whaticket family; only the auth routes ever see it. */
export const REFRESH_COOKIE = 'jrt';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    private readonly accessTokens: AccessTokenService,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.answer(response, await this.sessions.login(body.email, body.password, clientIp(request)));
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  async refresh(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    try {
      return this.answer(response, await this.sessions.refresh(request.cookies?.[REFRESH_COOKIE]));
    } catch (error) {
      response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
      throw error;
    }
  }

  /** Public so that a client whose access token has expired can still end its session. */
  @Public()
  @Delete('logout')
  @HttpCode(204)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    let sessionId: string | undefined;
    try {
      sessionId = this.accessTokens.verify(bearerToken(request.headers.authorization)).sessionId;
    } catch {
      sessionId = undefined;
    }
    await this.sessions.logout(request.cookies?.[REFRESH_COOKIE], sessionId);
    response.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  @Get('me')
  me(@CurrentTenancy() tenancy: Tenancy) {
    return this.sessions.me(tenancy.userId, tenancy.companyId);
  }

  private answer(response: Response, session: IssuedSession) {
    response.cookie(REFRESH_COOKIE, session.refreshToken, {
      ...this.cookieOptions(),
      expires: session.refreshExpiresAt,
    });
    return { token: session.token, sessionId: session.sessionId, user: session.user, subscription: session.subscription };
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', secure: this.options.secureCookies, path: '/api/auth' };
  }
}
