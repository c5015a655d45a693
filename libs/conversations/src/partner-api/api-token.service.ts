import { createHash, randomBytes } from 'node:crypto';

import { API_TOKEN_PATTERN, API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreateBody, type ApiTokenCreated } from '@app/contracts';
import { AppError, ProjectionMiss, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { ProjectionRepository } from '../common/projection.repository';
import { ApiTokenRepository, mapApiToken } from './api-token.repository';

/** Who calls the public API: the token's company and connection. */
export interface ApiCaller {
  tokenId: number;
  companyId: number;
  whatsappId: number | null;
}

export const hashApiToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

const invalid = () => new AppError('ERR_INVALID_API_TOKEN', 'Token de API inválido ou revogado');

/**
 * API tokens (decision 0051): `zdk_` and 32 random bytes, shown once; only the SHA-256 is kept (the
 * secret has 256 bits of entropy, so a fast hash is enough: there is nothing to guess). Every public
 * API request looks its token up in the database, so a revoked one stops at the next request, in
 * every replica and after any restart.
 */
@Injectable()
export class ApiTokenService {
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
  }

  /** The caller of a public API request, from its bearer token: 401 for none, a malformed, unknown or revoked one; 403 when the plan lost the API. */
  async authenticate(token: string | undefined): Promise<ApiCaller> {
    if (!token || !API_TOKEN_PATTERN.test(token)) throw invalid();
    const row = await this.tokens.caller(hashApiToken(token));
    if (!row) throw invalid();
    if (!row.use_external_api) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED', "The company's plan does not include useExternalApi");
    }
    const lastUsed = row.last_used_at?.getTime() ?? 0;
    if (Date.now() - lastUsed > 60_000) await this.tokens.touch(row.id);
    return { tokenId: row.id, companyId: row.company_id, whatsappId: row.whatsapp_id };
  }
}
