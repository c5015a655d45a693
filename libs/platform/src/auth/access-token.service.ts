import { createSecretKey, type KeyObject } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { JsonWebTokenError, JwtService, TokenExpiredError } from '@nestjs/jwt';
import { z } from 'zod';

import { AppError } from '../errors/app-error';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { type AccessTokenClaims, accessTokenClaimsSchema, type Tenancy, tenancyFromClaims } from './tenancy';

/** Clocks of the processes may disagree this much; a token issued further in the future is forged or broken. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * What a verified token must carry besides our claims: when it was issued and when it expires. It
 * may carry `userId` (every token signed since issue 10 does, for clients that look for the user's
 * id there); when it does, it must be `sub`'s number.
 */
const signedClaimsSchema = accessTokenClaimsSchema
  .extend({
    userId: z.number().int().positive().optional(),
    iat: z.number().int().positive(),
    exp: z.number().int().positive(),
  })
  .refine((claims) => claims.userId === undefined || String(claims.userId) === claims.sub);

const VERIFIED_TOKENS_KEPT = 10_000;

/** The audience of the tokens one service calls another with (decision 0050): never a user's token, never taken as one. */
const SERVICE_CALL_AUDIENCE = 'zapdesk-service-call';
const SERVICE_CALL_TTL_SECONDS = 60;

const serviceCallClaimsSchema = z.object({
  aud: z.literal(SERVICE_CALL_AUDIENCE),
  /** The calling service. */
  svc: z.string().min(1),
  /** The call it may make. */
  call: z.string().min(1),
  companyId: z.number().int().positive(),
});
export type ServiceCallClaims = Omit<z.infer<typeof serviceCallClaimsSchema>, 'aud'>;

/**
 * The audience of the pass a refused login hands an expired company's admin (decision 0053): it pays
 * that company's invoice and nothing else; not an access token (no profile, no session), never taken as one.
 */
const CHECKOUT_PASS_AUDIENCE = 'zapdesk-expired-checkout';
const CHECKOUT_PASS_TTL_SECONDS = 30 * 60;

const checkoutPassClaimsSchema = z.object({
  aud: z.literal(CHECKOUT_PASS_AUDIENCE),
  sub: z.string().regex(/^\d+$/),
  companyId: z.number().int().positive(),
});
export interface CheckoutPassClaims {
  userId: number;
  companyId: number;
}

/** Signs and verifies access tokens (HS256 with the platform's JWT secret). */
@Injectable()
export class AccessTokenService {
  /**
   * jsonwebtoken takes a KeyObject as is; a string secret it first tries (and fails) to parse as a
   * PEM key on every call, which cost a few percent of the CPU of every authenticated request.
   * @nestjs/jwt's types say string | Buffer, and it hands the value to jsonwebtoken unchanged.
   */
  private readonly key: Buffer;
  /** Tokens verified before, with what they carry, until they expire (the oldest go first past the limit). */
  private readonly verified = new Map<string, { tenancy: Tenancy; expiresAt: number }>();

  constructor(
    private readonly jwt: JwtService,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {
    const key: KeyObject = createSecretKey(Buffer.from(options.jwt.secret, 'utf8'));
    this.key = key as unknown as Buffer;
  }

  sign(claims: AccessTokenClaims): string {
    const parsed = accessTokenClaimsSchema.parse(claims);
    return this.jwt.sign(
      { ...parsed, userId: Number(parsed.sub) },
      {
        secret: this.key,
        expiresIn: this.options.jwt.accessTtlSeconds,
        algorithm: 'HS256',
      },
    );
  }

  /** A short-lived token for one service call on behalf of a company (no user, no session): see ServiceCalls. */
  signServiceCall(claims: ServiceCallClaims): string {
    return this.jwt.sign(
      { ...claims, aud: SERVICE_CALL_AUDIENCE },
      { secret: this.key, expiresIn: SERVICE_CALL_TTL_SECONDS, algorithm: 'HS256' },
    );
  }

  /** The claims of a service-call token; a user's token, another audience, an expired or forged one: ERR_INVALID_TOKEN. */
  verifyServiceCall(token: string | undefined): ServiceCallClaims {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Missing service token');
    let decoded: unknown;
    try {
      decoded = this.jwt.verify(token, { secret: this.key, algorithms: ['HS256'], audience: SERVICE_CALL_AUDIENCE });
    } catch {
      throw new AppError('ERR_INVALID_TOKEN', 'Invalid service token');
    }
    const claims = serviceCallClaimsSchema.safeParse(decoded);
    if (!claims.success) throw new AppError('ERR_INVALID_TOKEN', 'Invalid service token');
    const { svc, call, companyId } = claims.data;
    return { svc, call, companyId };
  }

  /** The pass an expired company's admin pays its invoice with after a refused login (valid 30 minutes). */
  signCheckoutPass(claims: CheckoutPassClaims): string {
    return this.jwt.sign(
      { aud: CHECKOUT_PASS_AUDIENCE, sub: String(claims.userId), companyId: claims.companyId },
      { secret: this.key, expiresIn: CHECKOUT_PASS_TTL_SECONDS, algorithm: 'HS256' },
    );
  }

  /** A checkout pass's user and company; missing: ERR_SESSION_EXPIRED; an access token, expired or forged: ERR_INVALID_TOKEN. */
  verifyCheckoutPass(token: string | undefined): CheckoutPassClaims {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Missing checkout pass');
    let decoded: unknown;
    try {
      decoded = this.jwt.verify(token, { secret: this.key, algorithms: ['HS256'], audience: CHECKOUT_PASS_AUDIENCE });
    } catch {
      throw new AppError('ERR_INVALID_TOKEN', 'Invalid checkout pass');
    }
    const claims = checkoutPassClaimsSchema.safeParse(decoded);
    if (!claims.success) throw new AppError('ERR_INVALID_TOKEN', 'Invalid checkout pass');
    return { userId: Number(claims.data.sub), companyId: claims.data.companyId };
  }

  /**
   * A missing or malformed token answers 401 (the client logs out); a well-formed but expired or
   * badly signed one answers 403 ERR_INVALID_TOKEN, on which the client refreshes once and retries.
   */
  verify(token: string | undefined | null): Tenancy {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 'Missing access token');
    // A token verified once verifies the same way until it expires (the session's liveness is the
    // SessionRegistry's to check, on every request): the signature is not checked again per call.
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return structuredClone(known.tenancy);
    const verified = this.verifySignature(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, verified);
    return structuredClone(verified.tenancy);
  }

  /** The token's tenancy and when it expires (ms), once its signature and claims are checked. */
  private verifySignature(token: string): { tenancy: Tenancy; expiresAt: number } {
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
    const claims = signedClaimsSchema.safeParse(decoded);
    if (!claims.success) throw new AppError('ERR_SESSION_EXPIRED', 'Access token claims are invalid');
    if (claims.data.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
      throw new AppError('ERR_SESSION_EXPIRED', 'Access token issued in the future');
    }
    return { tenancy: tenancyFromClaims(claims.data), expiresAt: claims.data.exp * 1000 };
  }
}
