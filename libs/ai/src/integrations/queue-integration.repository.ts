import type { QueueIntegration, QueueIntegrationType } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * A chatbot integration; `json_content`, `api_dify`, `openai_key` and `signing_secret` are encrypted
 * (KeyCipher), each beside the form the API shows (`*_shown`).
 */
export interface QueueIntegrationRow {
  id: number;
  company_id: number;
  type: QueueIntegrationType;
  name: string;
  project_name: string;
  json_content: string;
  json_content_shown: string;
  language: string;
  url_n8n: string;
  url_flowise: string;
  url_dify: string;
  api_dify: string;
  api_dify_shown: string;
  openai_id: string;
  openai_key: string;
  openai_key_shown: string;
  transcribes: boolean;
  typebot_slug: string;
  typebot_expires: number;
  typebot_delay_message: number;
  typebot_keyword_finish: string;
  typebot_keyword_restart: string;
  typebot_unknown_message: string;
  typebot_restart_message: string;
  signing_secret: string;
  signing_secret_shown: string;
  created_at: Date;
  updated_at: Date;
}

/** What a save writes: every column but the id, the company and the times. */
export type QueueIntegrationValues = Omit<QueueIntegrationRow, 'id' | 'company_id' | 'created_at' | 'updated_at'>;

const COLUMNS = [
  'type',
  'name',
  'project_name',
  'json_content',
  'json_content_shown',
  'language',
  'url_n8n',
  'url_flowise',
  'url_dify',
  'api_dify',
  'api_dify_shown',
  'openai_id',
  'openai_key',
  'openai_key_shown',
  'transcribes',
  'typebot_slug',
  'typebot_expires',
  'typebot_delay_message',
  'typebot_keyword_finish',
  'typebot_keyword_restart',
  'typebot_unknown_message',
  'typebot_restart_message',
  'signing_secret',
  'signing_secret_shown',
] as const satisfies readonly (keyof QueueIntegrationValues)[];

const INSERT = `INSERT INTO ai.queue_integrations (company_id, ${COLUMNS.join(', ')})
  VALUES ($1, ${COLUMNS.map((_column, i) => `$${i + 2}`).join(', ')}) RETURNING *`;
const UPDATE = `UPDATE ai.queue_integrations SET ${COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
  WHERE id = $1 RETURNING *`;
const valueList = (values: QueueIntegrationValues) => COLUMNS.map((column) => values[column]);

/** The integration as the API shows it: the secrets only in their shown form, never decrypted here. */
export const mapQueueIntegration = (row: QueueIntegrationRow): QueueIntegration => ({
  id: row.id,
  type: row.type,
  name: row.name,
  projectName: row.project_name,
  jsonContent: row.json_content_shown,
  language: row.language,
  urlN8N: row.url_n8n,
  urlflowise: row.url_flowise,
  urldify: row.url_dify,
  apidify: row.api_dify_shown,
  openaiid: row.openai_id,
  openaikey: row.openai_key_shown,
  transcribes: row.transcribes,
  typebotSlug: row.typebot_slug,
  typebotExpires: row.typebot_expires,
  typebotDelayMessage: row.typebot_delay_message,
  typebotKeywordFinish: row.typebot_keyword_finish,
  typebotKeywordRestart: row.typebot_keyword_restart,
  typebotUnknownMessage: row.typebot_unknown_message,
  typebotRestartMessage: row.typebot_restart_message,
  signingSecret: row.signing_secret_shown,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The companies' chatbot integrations. */
@Injectable()
export class QueueIntegrationRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A page of the company's integrations whose name or type holds the search (case ignored), by name; one more row tells whether more follow. */
  async page(companyId: number, search: string, offset: number, limit: number): Promise<{ rows: QueueIntegrationRow[]; count: number }> {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `company_id = $1 AND (lower(name) LIKE $2 OR type LIKE $2)`;
    const [rows, counted] = await Promise.all([
      this.dataSource.query(`SELECT * FROM ai.queue_integrations WHERE ${where} ORDER BY lower(name), id OFFSET $3 LIMIT $4`, [
        companyId,
        pattern,
        offset,
        limit,
      ]) as Promise<QueueIntegrationRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM ai.queue_integrations WHERE ${where}`, [companyId, pattern]) as Promise<
        { n: number }[]
      >,
    ]);
    return { rows, count: counted[0]?.n ?? 0 };
  }

  /**
   * The company's integration; inside a transaction, pass its manager: a read on a second pooled
   * connection there waits for one that other transactions, all waiting likewise, may hold.
   */
  async find(companyId: number, id: number, manager?: EntityManager): Promise<QueueIntegrationRow | null> {
    const rows: QueueIntegrationRow[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM ai.queue_integrations WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  /** The company's integration, locked for a change in this transaction; null when the company has no such integration. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<QueueIntegrationRow | null> {
    const rows: QueueIntegrationRow[] = await manager.query(
      `SELECT * FROM ai.queue_integrations WHERE id = $1 AND company_id = $2 FOR UPDATE`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, companyId: number, values: QueueIntegrationValues): Promise<QueueIntegrationRow> {
    const rows: QueueIntegrationRow[] = await manager.query(INSERT, [companyId, ...valueList(values)]);
    return rows[0]!;
  }

  async update(manager: EntityManager, id: number, values: QueueIntegrationValues): Promise<QueueIntegrationRow> {
    const rows = changedRows<QueueIntegrationRow>(await manager.query(UPDATE, [id, ...valueList(values)]));
    return rows[0]!;
  }

  /** Deletes the company's integration and the sessions it kept; false when it had none such. */
  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM ai.queue_integrations WHERE id = $1 AND company_id = $2 RETURNING id`, [id, companyId]),
    );
    if (rows.length === 0) return false;
    await manager.query(`DELETE FROM ai.integration_sessions WHERE integration_id = $1 AND company_id = $2`, [id, companyId]);
    return true;
  }
}
