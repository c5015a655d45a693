import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JsonWebTokenError, JwtService, TokenExpiredError } from '@nestjs/jwt';
import { AppError } from '../errors/app-error';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { accessTokenClaimsSchema, tenancyFromClaims, type AccessTokenClaims, type Tenancy } from './tenancy';

/** Signs and verifies access tokens (HS256 with the platform's JWT secret). */
@Injectable()
export class AccessTokenService {
  /**
   * jsonwebtoken takes a KeyObject as is; a string secret it first tries (and fails) to parse as a
   * PEM key on every call, which cost a few percent of the CPU of every authenticated request.
   * @nestjs/jwt's types say string | Buffer, and it hands the value to jsonwebtoken unchanged.
   */
  private readonly key: Buffer;

  constructor(
    private readonly jwt: JwtService,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {
    const key: KeyObject = createSecretKey(Buffer.from(options.jwt.secret, 'utf8'));
    this.key = key as unknown as Buffer;
  }

  sign(claims: AccessTokenClaims): string {
    return this.jwt.sign(accessTokenClaimsSchema.parse(claims), {
      secret: this.key,
      expiresIn: this.options.jwt.accessTtlSeconds,
      algorithm: 'HS256',
    });
  }

  /**
   * A missing or malformed token answers 401 (the client logs out); a well-formed but expired or
   * badly signed one answers 403 ERR_INVALID_TOKEN, on which the client refreshes once and retries.
   */
  verify(token: string | undefined | null): Tenancy {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Missing access token');
    let decoded: unknown;
    try {
      decoded = this.jwt.verify(token, { secret: this.key, algorithms: ['HS256'] });
    } catch (error) {
      if (error instanceof TokenExpiredError) throw new AppError('ERR_INVALID_TOKEN', 'Access token expired');
      if (error instanceof JsonWebTokenError && error.message !== 'jwt malformed') {
        throw new AppError('ERR_INVALID_TOKEN', 'Invalid access token');
      }
      throw new AppError('ERR_SESSION_EXPIRED', 'Malformed access token');
    }
    const claims = accessTokenClaimsSchema.safeParse(decoded);
    if (!claims.success) throw new AppError('ERR_SESSION_EXPIRED', 'Access token claims are invalid');
    return tenancyFromClaims(claims.data);
  }
}
