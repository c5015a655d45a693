import { createHash, randomBytes } from 'node:crypto';

import { API_TOKEN_PATTERN, API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreateBody, type ApiTokenCreated } from '@app/contracts';
import { AppError, ProjectionMiss, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ProjectionRepository } from '../common/projection.repository';
import { type ApiCallerRow, ApiTokenRepository, mapApiToken } from './api-token.repository';

/** Who calls the public API: the token's company and connection. */
export interface ApiCaller {
  tokenId: number;
  companyId: number;
  whatsappId: number | null;
  /** Whether the plan has schedules (the schedules and agenda routes). */
  useSchedules: boolean;
  /** When the token was last used, as read (epoch ms; 0 for never). */
  lastUsedAt: number;
}

export const hashApiToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

const invalid = () => new AppError('ERR_INVALID_API_TOKEN', 'Token de API inválido ou revogado');

/** How long an authenticated token is taken from memory by routes whose own statement checks it again. */
const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;

interface CachedCaller {
  caller: ApiCaller;
  until: number;
}

/**
 * API tokens (decision 0051): `zdk_` and 32 random bytes, shown once; only the SHA-256 is kept (the
 * secret has 256 bits of entropy, so a fast hash is enough: there is nothing to guess). A public API
 * request looks its token up in the database, so a revoked one stops at the next request, in every
 * replica and after any restart; the send alone takes it from a short memory ("Accepting a send"),
 * because its one statement accepts only for a token that is live and allowed at that instant.
 */
@Injectable()
export class ApiTokenService {
  private readonly cache = new Map<string, CachedCaller>();

  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly projections: ProjectionRepository,
  ) {}

  async list(tenancy: Tenancy): Promise<ApiToken[]> {
    return (await this.tokens.list(tenancy.companyId)).map(mapApiToken);
  }

  async create(tenancy: Tenancy, body: ApiTokenCreateBody): Promise<ApiTokenCreated> {
    const whatsappId = body.whatsappId ?? null;
    if (whatsappId !== null) {
      // A connection created a moment ago is asked of whatsapp (decision 0039).
      const known = await this.tokens.transaction((manager) => this.projections.connection(manager, tenancy.companyId, whatsappId));
      if (!known) {
        throw new ProjectionMiss(
          tenancy.companyId,
          [{ projection: this.projections.connections, ids: [whatsappId] }],
          new AppError('ERR_NO_WAPP_FOUND', 'Connection not found'),
        );
      }
    }
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.tokens.insert(tenancy.companyId, {
      name: body.name,
      hash: hashApiToken(token),
      preview: token.slice(0, API_TOKEN_PREFIX.length + 4),
      whatsappId,
      createdBy: tenancy.userId,
    });
    return { ...mapApiToken(row), token };
  }

  async revoke(tenancy: Tenancy, id: number): Promise<void> {
    if (!(await this.tokens.revoke(tenancy.companyId, id))) throw new AppError('ERR_NOT_FOUND', 'Token não encontrado');
    this.forget(id);
  }

  /**
   * The caller of a public API request, from its bearer token: 401 for none, a malformed, unknown or
   * revoked one; 403 when the plan lost the API or the company is inactive. `fromMemory`: a caller
   * authenticated within the last 30 s is taken as it was (for routes whose statement checks again).
   */
  async authenticate(token: string | undefined, fromMemory = false): Promise<ApiCaller> {
    if (!token || !API_TOKEN_PATTERN.test(token)) throw invalid();
    const hash = hashApiToken(token);
    const key = hash.toString('base64');
    const cached = fromMemory ? this.cache.get(key) : undefined;
    if (cached && cached.until > Date.now()) return cached.caller;
    const caller = callerOf(await this.tokens.caller({ hash }));
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { caller, until: Date.now() + CACHE_MS });
    if (Date.now() - caller.lastUsedAt > 60_000) await this.tokens.touch(caller.tokenId);
    return caller;
  }

  /** The token read again by its id (a send its statement refused): its error when it stopped. */
  async reauthenticate(tokenId: number): Promise<ApiCaller> {
    return callerOf(await this.tokens.caller({ id: tokenId }));
  }

  /** Drops the token from this process's memory (revoked here, or refused by a statement). */
  forget(tokenId: number): void {
    for (const [key, entry] of this.cache) if (entry.caller.tokenId === tokenId) this.cache.delete(key);
  }
}

function callerOf(row: ApiCallerRow | null): ApiCaller {
  if (!row) throw invalid();
  if (!row.use_external_api) throw new AppError('ERR_PLAN_FEATURE_DISABLED', "The company's plan does not include useExternalApi");
  if (!row.active) throw new AppError('ERR_NO_PERMISSION', 'Company is inactive');
  return {
    tokenId: row.id,
    companyId: row.company_id,
    whatsappId: row.whatsapp_id,
    useSchedules: row.use_schedules,
    lastUsedAt: row.last_used_at?.getTime() ?? 0,
  };
}
