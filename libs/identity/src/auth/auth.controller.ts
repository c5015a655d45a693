import { AccessTokenService, bearerToken, CurrentTenancy, Public, type SessionState, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';

import { clientIp } from '../common/client-ip';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../common/identity-options';
import { LoginDto } from './login.dto';
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_MS } from './login-device-cookies';
import { type IssuedSession, SessionService } from './session.service';
import { SessionStateRepository } from './session-state.repository';

/** The refresh token's cookie, named as in the Whaticket family; only the auth routes ever see it. */
export const REFRESH_COOKIE = 'jrt';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    private readonly accessTokens: AccessTokenService,
    private readonly sessionStates: SessionStateRepository,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const session = await this.sessions.login(body.email, body.password, clientIp(request), request.cookies?.[DEVICE_COOKIE]);
    return this.answer(request, response, session);
  }

  /**
   * The other services' question (platform SessionRegistry): is the session of this access token
   * still alive, and with which role? Public because the guard asks it; the token's signature is
   * the proof that the caller may ask about its session.
   */
  @Public()
  @Get('session') // SESSION_STATE_PATH
  async session(@Req() request: Request): Promise<SessionState> {
    const tenancy = this.accessTokens.verify(bearerToken(request.headers.authorization));
    return this.sessionStates.lookup(tenancy.sessionId);
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  async refresh(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    try {
      return this.answer(request, response, await this.sessions.refresh(request.cookies?.[REFRESH_COOKIE]));
    } catch (error) {
      response.clearCookie(REFRESH_COOKIE, this.cookieOptions(request));
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
    response.clearCookie(REFRESH_COOKIE, this.cookieOptions(request));
  }

  @Get('me')
  me(@CurrentTenancy() tenancy: Tenancy) {
    return this.sessions.me(tenancy.userId, tenancy.companyId);
  }

  private answer(request: Request, response: Response, session: IssuedSession) {
    response.cookie(REFRESH_COOKIE, session.refreshToken, {
      ...this.cookieOptions(request),
      expires: session.refreshExpiresAt,
    });
    // Outlives logouts and sessions: it says this browser logged in to the account before (decision 0024).
    if (session.deviceCookie) {
      response.cookie(DEVICE_COOKIE, session.deviceCookie, { ...this.cookieOptions(request), maxAge: DEVICE_COOKIE_TTL_MS });
    }
    return { token: session.token, sessionId: session.sessionId, user: session.user, subscription: session.subscription };
  }

  /** Secure when configured, and whenever the browser reached us over HTTPS (behind a trusted proxy too). */
  private cookieOptions(request: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', secure: this.options.secureCookies || request.secure, path: '/api/auth' };
  }
}
