import type { ConnectionProvider, ConnectionStatus } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** whatsapp.connections as node-postgres reads it. */
export interface ConnectionRow {
  id: number;
  company_id: number;
  name: string;
  status: ConnectionStatus;
  number: string;
  is_default: boolean;
  qrcode: string;
  qrcode_image: string;
  retries: number;
  queue_ids: number[];
  transfer_queue_id: number | null;
  prompt_id: number | null;
  greeting_message: string;
  complation_message: string;
  out_of_hours_message: string;
  rating_message: string;
  token: string;
  provider: ConnectionProvider;
  expires_inactive_message: string;
  expires_ticket: number;
  time_use_bot_queues: number;
  max_use_bot_queues: number;
  active_transcribe: boolean;
  timeresume: string | null;
  transcribe: boolean;
  transcribeme: boolean;
  transcribekey: string;
  transcribeprovider: 'openai' | 'deepgram' | 'assemblyai';
  sendme: boolean;
  timeforagroup: number;
  proxy_url: string;
  time_to_transfer: number | null;
  api1_medias: (string | null)[];
  api2_medias: (string | null)[];
  api3_medias: (string | null)[];
  created_at: Date;
  updated_at: Date;
}

/** A WhatsApp connection (the spec's "whatsapp"): its settings and the state of its session. */
export interface StoredConnection {
  id: number;
  companyId: number;
  name: string;
  status: ConnectionStatus;
  number: string;
  isDefault: boolean;
  qrcode: string;
  qrcodeImage: string;
  retries: number;
  queueIds: number[];
  transferQueueId: number | null;
  promptId: number | null;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token: string;
  provider: ConnectionProvider;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  activeTranscribe: boolean;
  timeresume: string | null;
  transcribe: boolean;
  transcribeme: boolean;
  transcribekey: string;
  transcribeprovider: 'openai' | 'deepgram' | 'assemblyai';
  sendme: boolean;
  timeforagroup: number;
  proxyUrl: string;
  timeToTransfer: number | null;
  api1_medias: (string | null)[];
  api2_medias: (string | null)[];
  api3_medias: (string | null)[];
  createdAt: Date;
  updatedAt: Date;
}

/** What a connection is written with: everything but its id and instants (the table's). */
export type ConnectionFields = Omit<StoredConnection, 'id' | 'createdAt' | 'updatedAt'>;

export const toStoredConnection = (row: ConnectionRow): StoredConnection => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  status: row.status,
  number: row.number,
  isDefault: row.is_default,
  qrcode: row.qrcode,
  qrcodeImage: row.qrcode_image,
  retries: row.retries,
  queueIds: row.queue_ids,
  transferQueueId: row.transfer_queue_id,
  promptId: row.prompt_id,
  greetingMessage: row.greeting_message,
  complationMessage: row.complation_message,
  outOfHoursMessage: row.out_of_hours_message,
  ratingMessage: row.rating_message,
  token: row.token,
  provider: row.provider,
  expiresInactiveMessage: row.expires_inactive_message,
  expiresTicket: row.expires_ticket,
  timeUseBotQueues: row.time_use_bot_queues,
  maxUseBotQueues: row.max_use_bot_queues,
  activeTranscribe: row.active_transcribe,
  timeresume: row.timeresume,
  transcribe: row.transcribe,
  transcribeme: row.transcribeme,
  transcribekey: row.transcribekey,
  transcribeprovider: row.transcribeprovider,
  sendme: row.sendme,
  timeforagroup: row.timeforagroup,
  proxyUrl: row.proxy_url,
  timeToTransfer: row.time_to_transfer,
  api1_medias: row.api1_medias,
  api2_medias: row.api2_medias,
  api3_medias: row.api3_medias,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The column of each field a connection is written with, in the table's order. */
const COLUMNS: Record<keyof ConnectionFields, string> = {
  companyId: 'company_id',
  name: 'name',
  status: 'status',
  number: 'number',
  isDefault: 'is_default',
  qrcode: 'qrcode',
  qrcodeImage: 'qrcode_image',
  retries: 'retries',
  queueIds: 'queue_ids',
  transferQueueId: 'transfer_queue_id',
  promptId: 'prompt_id',
  greetingMessage: 'greeting_message',
  complationMessage: 'complation_message',
  outOfHoursMessage: 'out_of_hours_message',
  ratingMessage: 'rating_message',
  token: 'token',
  provider: 'provider',
  expiresInactiveMessage: 'expires_inactive_message',
  expiresTicket: 'expires_ticket',
  timeUseBotQueues: 'time_use_bot_queues',
  maxUseBotQueues: 'max_use_bot_queues',
  activeTranscribe: 'active_transcribe',
  timeresume: 'timeresume',
  transcribe: 'transcribe',
  transcribeme: 'transcribeme',
  transcribekey: 'transcribekey',
  transcribeprovider: 'transcribeprovider',
  sendme: 'sendme',
  timeforagroup: 'timeforagroup',
  proxyUrl: 'proxy_url',
  timeToTransfer: 'time_to_transfer',
  api1_medias: 'api1_medias',
  api2_medias: 'api2_medias',
  api3_medias: 'api3_medias',
};
const FIELDS = Object.keys(COLUMNS) as (keyof ConnectionFields)[];

/** The parameter and its placeholder: arrays of ids as int[], the API media lists as jsonb text. */
function parameter(field: keyof ConnectionFields, value: unknown, index: number): { placeholder: string; value: unknown } {
  if (field === 'queueIds') return { placeholder: `$${index}::int[]`, value };
  if (field === 'api1_medias' || field === 'api2_medias' || field === 'api3_medias') {
    return { placeholder: `$${index}::jsonb`, value: JSON.stringify(value) };
  }
  return { placeholder: `$${index}`, value };
}

/** The connections (`whatsapp.connections`): a company's list, its default, and the rows sessions run. */
@Injectable()
export class ConnectionRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Statements on their own, outside any transaction (for a write that is one statement). */
  get autocommit(): EntityManager {
    return this.dataSource.manager;
  }

  /** Serialises the changes of one company's connections (limit count, the one default, queue lists). */
  async lockCompany(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('whatsapp.connections'), $1)`, [companyId]);
  }

  async listOfCompany(companyId: number): Promise<StoredConnection[]> {
    return this.many(this.dataSource.manager, `SELECT * FROM whatsapp.connections WHERE company_id = $1 ORDER BY name, id`, [companyId]);
  }

  /** Every connection of the company, oldest first. */
  async allOfCompanyById(companyId: number): Promise<StoredConnection[]> {
    return this.many(this.dataSource.manager, `SELECT * FROM whatsapp.connections WHERE company_id = $1 ORDER BY id`, [companyId]);
  }

  async allOfCompany(manager: EntityManager, companyId: number): Promise<StoredConnection[]> {
    return this.many(manager, `SELECT * FROM whatsapp.connections WHERE company_id = $1`, [companyId]);
  }

  /** The company's connection with this id; null for another company's (in the transaction when given). */
  async ofCompany(manager: EntityManager | null, companyId: number, id: number): Promise<StoredConnection | null> {
    return this.one(manager ?? this.dataSource.manager, `SELECT * FROM whatsapp.connections WHERE id = $1 AND company_id = $2`, [
      id,
      companyId,
    ]);
  }

  /** Only what steering a session needs of a connection of the company (a lean read for hot paths). */
  async sessionOf(companyId: number, id: number): Promise<{ status: string; provider: string } | null> {
    const rows: { status: string; provider: string }[] = await this.dataSource.query(
      `SELECT status, provider FROM whatsapp.connections WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  /** Like `ofCompany`, failing when the company has no such connection. */
  async ofCompanyOrFail(companyId: number, id: number): Promise<StoredConnection> {
    const row = await this.ofCompany(null, companyId, id);
    if (!row) throw new Error(`No connection ${id} in company ${companyId}`);
    return row;
  }

  async defaultOfCompany(companyId: number): Promise<StoredConnection | null> {
    return this.one(this.dataSource.manager, `SELECT * FROM whatsapp.connections WHERE company_id = $1 AND is_default LIMIT 1`, [
      companyId,
    ]);
  }

  /** The company's oldest connection (the next default when the default one goes). */
  async firstOfCompany(manager: EntityManager, companyId: number): Promise<StoredConnection | null> {
    return this.one(manager, `SELECT * FROM whatsapp.connections WHERE company_id = $1 ORDER BY id LIMIT 1`, [companyId]);
  }

  async countOfCompany(manager: EntityManager, companyId: number): Promise<number> {
    const [{ count }]: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM whatsapp.connections WHERE company_id = $1`,
      [companyId],
    );
    return count;
  }

  /** The company's connections that offer the queue or transfer to it, by id. */
  async withQueue(manager: EntityManager, companyId: number, queueId: number): Promise<StoredConnection[]> {
    return this.many(
      manager,
      `SELECT * FROM whatsapp.connections WHERE company_id = $1 AND ($2 = ANY(queue_ids) OR transfer_queue_id = $2) ORDER BY id`,
      [companyId, queueId],
    );
  }

  /** Every name the company's connections hold in an API media position. */
  async apiMediaNamesHeld(companyId: number): Promise<string[]> {
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT DISTINCT held.name
         FROM whatsapp.connections connection,
              jsonb_array_elements_text(connection.api1_medias || connection.api2_medias || connection.api3_medias) AS held(name)
        WHERE connection.company_id = $1 AND held.name IS NOT NULL`,
      [companyId],
    );
    return rows.map((row) => row.name);
  }

  /**
   * The company's connections whose API media positions hold the name, by name, each with those
   * positions as paths ('api2_medias.0'), in the transaction.
   */
  async apiMediaHolders(
    manager: EntityManager,
    companyId: number,
    name: string,
  ): Promise<{ id: number; name: string; positions: string[] }[]> {
    return manager.query(
      `SELECT connection.id, connection.name,
              array_agg(held.field || '.' || (held.position - 1) ORDER BY held.field, held.position) AS positions
         FROM whatsapp.connections connection
         CROSS JOIN LATERAL (
           SELECT 'api1_medias' AS field, item.value, item.position
             FROM jsonb_array_elements_text(connection.api1_medias) WITH ORDINALITY AS item(value, position)
           UNION ALL
           SELECT 'api2_medias', item.value, item.position
             FROM jsonb_array_elements_text(connection.api2_medias) WITH ORDINALITY AS item(value, position)
           UNION ALL
           SELECT 'api3_medias', item.value, item.position
             FROM jsonb_array_elements_text(connection.api3_medias) WITH ORDINALITY AS item(value, position)
         ) AS held
        WHERE connection.company_id = $1 AND held.value = $2
        GROUP BY connection.id, connection.name
        ORDER BY connection.name, connection.id`,
      [companyId, name],
    );
  }

  async byId(id: number): Promise<StoredConnection | null> {
    return this.one(this.dataSource.manager, `SELECT * FROM whatsapp.connections WHERE id = $1`, [id]);
  }

  /** What the session manager needs of every connection to know which sessions to run. */
  async allForSessions(): Promise<Pick<StoredConnection, 'id' | 'companyId' | 'provider' | 'proxyUrl' | 'status'>[]> {
    const rows: Pick<ConnectionRow, 'id' | 'company_id' | 'provider' | 'proxy_url' | 'status'>[] = await this.dataSource.query(
      `SELECT id, company_id, provider, proxy_url, status FROM whatsapp.connections`,
    );
    return rows.map((row) => ({
      id: row.id,
      companyId: row.company_id,
      provider: row.provider,
      proxyUrl: row.proxy_url,
      status: row.status,
    }));
  }

  /** The connection, its row locked for the transaction. */
  async lockedById(manager: EntityManager, id: number): Promise<StoredConnection | null> {
    return this.one(manager, `SELECT * FROM whatsapp.connections WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** No other connection of the company is the default any more. */
  async clearDefault(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`UPDATE whatsapp.connections SET is_default = false, updated_at = now() WHERE company_id = $1 AND is_default`, [
      companyId,
    ]);
  }

  /** A new connection; the fields not given take the table's defaults. */
  async insert(manager: EntityManager, fields: Partial<ConnectionFields>): Promise<StoredConnection> {
    const given = FIELDS.filter((field) => fields[field] !== undefined);
    const parameters = given.map((field, index) => parameter(field, fields[field], index + 1));
    const rows: ConnectionRow[] = await manager.query(
      given.length
        ? `INSERT INTO whatsapp.connections (${given.map((field) => COLUMNS[field]).join(', ')})
           VALUES (${parameters.map((p) => p.placeholder).join(', ')}) RETURNING *`
        : `INSERT INTO whatsapp.connections DEFAULT VALUES RETURNING *`,
      parameters.map((p) => p.value),
    );
    return toStoredConnection(rows[0]);
  }

  /** Saves the row with the change merged into it (a field the change leaves undefined keeps its value). */
  update(manager: EntityManager, row: StoredConnection, change: Partial<ConnectionFields>): Promise<StoredConnection> {
    const merged = { ...row };
    for (const field of FIELDS) if (change[field] !== undefined) Object.assign(merged, { [field]: change[field] });
    return this.save(manager, merged);
  }

  /** Writes the connection's fields; updated_at moves only when one of them changed. */
  async save(manager: EntityManager, row: StoredConnection): Promise<StoredConnection> {
    const parameters = FIELDS.map((field, index) => parameter(field, row[field], index + 2));
    const columns = FIELDS.map((field) => COLUMNS[field]);
    const result: unknown = await manager.query(
      `UPDATE whatsapp.connections
          SET ${columns.map((column, index) => `${column} = ${parameters[index].placeholder}`).join(', ')},
              updated_at = CASE WHEN (${columns.join(', ')}) IS DISTINCT FROM (${parameters.map((p) => p.placeholder).join(', ')})
                           THEN now() ELSE updated_at END
        WHERE id = $1
        RETURNING *`,
      [row.id, ...parameters.map((p) => p.value)],
    );
    return toStoredConnection(changedRows<ConnectionRow>(result)[0]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM whatsapp.connections WHERE id = $1`, [id]);
  }

  private async one(manager: EntityManager, sql: string, parameters: unknown[]): Promise<StoredConnection | null> {
    const rows: ConnectionRow[] = await manager.query(sql, parameters);
    return rows[0] ? toStoredConnection(rows[0]) : null;
  }

  private async many(manager: EntityManager, sql: string, parameters: unknown[]): Promise<StoredConnection[]> {
    const rows: ConnectionRow[] = await manager.query(sql, parameters);
    return rows.map(toStoredConnection);
  }
}
