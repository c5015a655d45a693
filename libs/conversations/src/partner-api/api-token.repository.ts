import type { ApiToken, PartnerMessage } from '@app/contracts';
import { partnerStatusOf } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ApiTokenRow {
  id: number;
  company_id: number;
  name: string;
  preview: string;
  whatsapp_id: number | null;
  created_at: Date;
  last_used_at: Date | null;
}

export function mapApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    preview: row.preview,
    whatsappId: row.whatsapp_id,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** A live token found by its hash, with whether its company's plan still allows the API. */
export interface ApiCallerRow extends ApiTokenRow {
  use_external_api: boolean;
  /** The plan's schedules (useSchedules): the partner API's schedules and agenda need it. */
  use_schedules: boolean;
  /** The company's status (identity's company events): an inactive company's tokens stop. */
  active: boolean;
}

export interface PartnerMessageRow {
  id: number;
  ack: number;
  send_error: string | null;
  ticket_id: number;
  number: string | null;
  body: string;
  media_type: string;
  created_at: Date;
}

export function mapPartnerMessage(row: PartnerMessageRow): PartnerMessage {
  return {
    id: row.id,
    status: partnerStatusOf(row.ack, row.send_error),
    ticketId: row.ticket_id,
    number: row.number ?? '',
    body: row.body,
    mediaType: row.media_type,
    createdAt: row.created_at.toISOString(),
    error: row.send_error,
  };
}

const TOKEN_COLUMNS = `t.id, t.company_id, t.name, t.preview, t.whatsapp_id, t.created_at, t.last_used_at`;

/** API tokens (only their SHA-256) and the messages a token may read. */
@Injectable()
export class ApiTokenRepository {
  constructor(@InjectDataSource('conversations') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insert(
    companyId: number,
    token: { name: string; hash: Buffer; preview: string; whatsappId: number | null; createdBy: number },
  ): Promise<ApiTokenRow> {
    const rows: ApiTokenRow[] = await this.dataSource.query(
      `INSERT INTO conversations.api_tokens AS t (company_id, name, token_hash, preview, whatsapp_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${TOKEN_COLUMNS}`,
      [companyId, token.name, token.hash, token.preview, token.whatsappId, token.createdBy],
    );
    return rows[0]!;
  }

  /** The company's live tokens, newest first. */
  async list(companyId: number): Promise<ApiTokenRow[]> {
    return this.dataSource.query(
      `SELECT ${TOKEN_COLUMNS} FROM conversations.api_tokens t WHERE t.company_id = $1 AND t.revoked_at IS NULL ORDER BY t.id DESC`,
      [companyId],
    );
  }

  /** Revokes at once: every later request reads the row. False when the company has no such live token. */
  async revoke(companyId: number, id: number): Promise<boolean> {
    // An UPDATE answers [rows, affected count].
    const [rows]: [{ id: number }[], number] = await this.dataSource.query(
      `UPDATE conversations.api_tokens SET revoked_at = now() WHERE id = $1 AND company_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, companyId],
    );
    return rows.length > 0;
  }

  /** The live token with this hash or id, with its plan's flag and its company's status. */
  async caller(token: { hash: Buffer } | { id: number }): Promise<ApiCallerRow | null> {
    const rows: ApiCallerRow[] = await this.dataSource.query(
      `SELECT ${TOKEN_COLUMNS}, COALESCE(p.use_external_api, false) AS use_external_api,
         COALESCE(p.use_schedules, false) AS use_schedules, COALESCE(c.active, false) AS active
       FROM conversations.api_tokens t
       LEFT JOIN conversations.company_plans c ON c.company_id = t.company_id
       LEFT JOIN conversations.plan_limits p ON p.plan_id = c.plan_id
       WHERE ${'hash' in token ? 't.token_hash' : 't.id'} = $1 AND t.revoked_at IS NULL`,
      ['hash' in token ? token.hash : token.id],
    );
    return rows[0] ?? null;
  }

  /** Last use, written at most once a minute per token (a write per request would serialise a busy token's calls). */
  async touch(id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE conversations.api_tokens SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }

  /** A message the company sent (fromMe), as the API shows it; null for another company's or a received one. */
  async message(manager: EntityManager | null, companyId: number, id: number): Promise<PartnerMessageRow | null> {
    const rows: PartnerMessageRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT m.id, m.ack, m.send_error, m.ticket_id, c.number, m.body, m.media_type, m.created_at
       FROM conversations.messages m LEFT JOIN conversations.contacts c ON c.id = m.contact_id
       WHERE m.id = $1 AND m.company_id = $2 AND m.from_me`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  /** The connection a token's sends go through now: its own (`whatsappId`), or the company's default (else its first). */
  async sendingConnection(
    companyId: number,
    whatsappId: number | null,
  ): Promise<{ id: number; name: string; status: string; is_default: boolean } | null> {
    const rows: { id: number; name: string; status: string; is_default: boolean }[] = await this.dataSource.query(
      `SELECT id, name, status, is_default FROM conversations.connections
       WHERE company_id = $1 AND ($2::int IS NULL OR id = $2) ORDER BY is_default DESC, id LIMIT 1`,
      [companyId, whatsappId],
    );
    return rows[0] ?? null;
  }

  /** The company's tags, by name. */
  async tags(companyId: number): Promise<{ id: number; name: string; color: string }[]> {
    return this.dataSource.query(`SELECT id, name, color FROM conversations.tags WHERE company_id = $1 ORDER BY lower(name), id`, [
      companyId,
    ]);
  }

  /** The contact's ticket on the connection that is not closed (the partial unique index allows one). */
  async liveTicketId(manager: EntityManager, companyId: number, contactId: number, connectionId: number): Promise<number | null> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM conversations.tickets WHERE company_id = $1 AND contact_id = $2 AND whatsapp_id = $3 AND status <> 'closed'`,
      [companyId, contactId, connectionId],
    );
    return rows[0]?.id ?? null;
  }
}
