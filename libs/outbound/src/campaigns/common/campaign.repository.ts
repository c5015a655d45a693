import {
  type Campaign,
  CAMPAIGN_CONFIRMATION_FIELDS,
  CAMPAIGN_MESSAGE_FIELDS,
  CAMPAIGN_WHATSAPP_FIELDS,
  type CampaignFields,
  CAMPAIGNS_PAGE_SIZE,
  type CampaignShipping,
  type CampaignStatus,
  type OutboundTemplate,
} from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface CampaignRow {
  id: number;
  company_id: number;
  name: string;
  status: CampaignStatus;
  contact_list_id: number | null;
  tag_list_id: number | null;
  file_list_id: number | null;
  whatsapp_id: number | null;
  whatsapp_id2: number | null;
  whatsapp_id3: number | null;
  whatsapp_id4: number | null;
  whatsapp_id5: number | null;
  scheduled_at: Date | null;
  start_hour: number;
  end_hour: number;
  allow_saturday: boolean;
  allow_sunday: boolean;
  confirmation: boolean;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmation_message1: string | null;
  confirmation_message2: string | null;
  confirmation_message3: string | null;
  confirmation_message4: string | null;
  confirmation_message5: string | null;
  media_path: string | null;
  media_name: string | null;
  media_mimetype: string | null;
  /** The Cloud API template its Cloud connections send (jsonb, issue 27). */
  template: OutboundTemplate | null;
  started_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  contact_list_name: string | null;
  tag_name: string | null;
  file_list_name: string | null;
  /** The chosen connections in slot order, with their names ('' for one this service does not know). */
  whatsapps: { id: number; name: string }[];
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The campaign's connections, in slot order, without the empty slots. */
export const connectionsOf = (row: Pick<CampaignRow, 'whatsapp_id' | 'whatsapp_id2' | 'whatsapp_id3' | 'whatsapp_id4' | 'whatsapp_id5'>) =>
  [row.whatsapp_id, row.whatsapp_id2, row.whatsapp_id3, row.whatsapp_id4, row.whatsapp_id5].filter((id): id is number => id !== null);

export const messagesOf = (row: CampaignRow) => [row.message1, row.message2, row.message3, row.message4, row.message5];
export const confirmationMessagesOf = (row: CampaignRow) => [
  row.confirmation_message1,
  row.confirmation_message2,
  row.confirmation_message3,
  row.confirmation_message4,
  row.confirmation_message5,
];

export const mapCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  status: row.status,
  contactListId: row.contact_list_id,
  tagListId: row.tag_list_id,
  fileListId: row.file_list_id,
  whatsappId: row.whatsapp_id,
  whatsappId2: row.whatsapp_id2,
  whatsappId3: row.whatsapp_id3,
  whatsappId4: row.whatsapp_id4,
  whatsappId5: row.whatsapp_id5,
  scheduledAt: iso(row.scheduled_at),
  startHour: row.start_hour,
  endHour: row.end_hour,
  allowSaturday: row.allow_saturday,
  allowSunday: row.allow_sunday,
  confirmation: row.confirmation,
  message1: row.message1,
  message2: row.message2,
  message3: row.message3,
  message4: row.message4,
  message5: row.message5,
  confirmationMessage1: row.confirmation_message1,
  confirmationMessage2: row.confirmation_message2,
  confirmationMessage3: row.confirmation_message3,
  confirmationMessage4: row.confirmation_message4,
  confirmationMessage5: row.confirmation_message5,
  mediaPath: row.media_path,
  mediaName: row.media_name,
  template: row.template,
  completedAt: iso(row.completed_at),
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  contactList: row.contact_list_id !== null ? { id: row.contact_list_id, name: row.contact_list_name ?? '' } : null,
  tagList: row.tag_list_id !== null ? { id: row.tag_list_id, name: row.tag_name ?? '' } : null,
  fileList: row.file_list_id !== null ? { id: row.file_list_id, name: row.file_list_name ?? '' } : null,
  whatsapp: row.whatsapps[0] ?? null,
  whatsapps: row.whatsapps,
});

/** A campaign with the names of what it names (`c` the campaign). */
const VIEW = `
  SELECT c.*, l.name AS contact_list_name, t.name AS tag_name, f.name AS file_list_name,
    COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', COALESCE(w.name, '')) ORDER BY s.slot)
              FROM unnest(ARRAY[c.whatsapp_id, c.whatsapp_id2, c.whatsapp_id3, c.whatsapp_id4, c.whatsapp_id5])
                   WITH ORDINALITY AS s (id, slot)
              LEFT JOIN outbound.connections w ON w.id = s.id
              WHERE s.id IS NOT NULL), '[]') AS whatsapps
  FROM outbound.campaigns c
  LEFT JOIN outbound.contact_lists l ON l.id = c.contact_list_id
  LEFT JOIN outbound.tags t ON t.id = c.tag_list_id
  LEFT JOIN outbound.file_lists f ON f.id = c.file_list_id`;

const FIELD_COLUMNS = [
  'name',
  'contact_list_id',
  'tag_list_id',
  'file_list_id',
  'whatsapp_id',
  'whatsapp_id2',
  'whatsapp_id3',
  'whatsapp_id4',
  'whatsapp_id5',
  'scheduled_at',
  'start_hour',
  'end_hour',
  'allow_saturday',
  'allow_sunday',
  'confirmation',
  'message1',
  'message2',
  'message3',
  'message4',
  'message5',
  'confirmation_message1',
  'confirmation_message2',
  'confirmation_message3',
  'confirmation_message4',
  'confirmation_message5',
  'template',
] as const;

const fieldValues = (fields: CampaignFields, scheduledAt: Date | null): unknown[] => [
  fields.name,
  fields.contactListId,
  fields.tagListId,
  fields.fileListId,
  ...CAMPAIGN_WHATSAPP_FIELDS.map((field) => fields[field]),
  scheduledAt,
  fields.startHour,
  fields.endHour,
  fields.allowSaturday,
  fields.allowSunday,
  fields.confirmation,
  ...CAMPAIGN_MESSAGE_FIELDS.map((field) => fields[field]),
  ...CAMPAIGN_CONFIRMATION_FIELDS.map((field) => fields[field]),
  fields.template === null ? null : JSON.stringify(fields.template),
];

/** Campaigns of the companies. */
@Injectable()
export class CampaignRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the company's campaigns, newest first, searched in the name; with the total. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ rows: CampaignRow[]; count: number }> {
    const where = `c.company_id = $1 AND ($2 = '%%' OR lower(c.name) LIKE $2)`;
    const params = [companyId, likeContaining(searchParam.toLowerCase())];
    const rows: CampaignRow[] = await this.dataSource.query(`${VIEW} WHERE ${where} ORDER BY c.id DESC LIMIT $3 OFFSET $4`, [
      ...params,
      CAMPAIGNS_PAGE_SIZE,
      (pageNumber - 1) * CAMPAIGNS_PAGE_SIZE,
    ]);
    const [{ count }] = (await this.dataSource.query(`SELECT count(*)::int AS count FROM outbound.campaigns c WHERE ${where}`, params)) as {
      count: number;
    }[];
    return { rows, count };
  }

  /** The company's campaign (another company's or none: null); `lock` holds it for a change in this transaction. */
  async view(manager: EntityManager | null, companyId: number | null, id: number, lock = false): Promise<CampaignRow | null> {
    const runner = manager ?? this.dataSource;
    if (lock) {
      const locked: unknown[] = await runner.query(
        `SELECT id FROM outbound.campaigns WHERE id = $1 AND ($2::int IS NULL OR company_id = $2) FOR UPDATE`,
        [id, companyId],
      );
      if (locked.length === 0) return null;
    }
    const rows: CampaignRow[] = await runner.query(`${VIEW} WHERE c.id = $1 AND ($2::int IS NULL OR c.company_id = $2)`, [id, companyId]);
    return rows[0] ?? null;
  }

  /**
   * The company's campaigns that may still take new recipients from a list or a contact's tags
   * (PROGRAMADA or EM_ANDAMENTO), locked FOR SHARE in id order: a start or stop in flight commits first
   * and is seen here, or waits for this transaction and then sees what it wrote.
   */
  async lockTakingRecipients(
    manager: EntityManager,
    companyId: number,
    source: { contactListId: number } | { contactId: number },
  ): Promise<CampaignRow[]> {
    const locked: { id: number }[] =
      'contactListId' in source
        ? await manager.query(
            `SELECT id FROM outbound.campaigns WHERE company_id = $1 AND contact_list_id = $2 AND status IN ('PROGRAMADA', 'EM_ANDAMENTO')
             ORDER BY id FOR SHARE`,
            [companyId, source.contactListId],
          )
        : await manager.query(
            `SELECT id FROM outbound.campaigns
             WHERE company_id = $1 AND status IN ('PROGRAMADA', 'EM_ANDAMENTO')
               AND tag_list_id IN (SELECT unnest(t.tag_ids) FROM outbound.ticket_tags t WHERE t.company_id = $1 AND t.contact_id = $2)
             ORDER BY id FOR SHARE`,
            [companyId, source.contactId],
          );
    if (locked.length === 0) return [];
    return manager.query(`${VIEW} WHERE c.id = ANY($1::int[]) ORDER BY c.id`, [locked.map((row) => row.id)]);
  }

  async insert(manager: EntityManager, companyId: number, fields: CampaignFields, scheduledAt: Date | null, status: CampaignStatus) {
    const columns = [...FIELD_COLUMNS, 'company_id', 'status'];
    const values = [...fieldValues(fields, scheduledAt), companyId, status];
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO outbound.campaigns (${columns.join(', ')}) VALUES (${values.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
      values,
    );
    return rows[0]!.id;
  }

  async update(manager: EntityManager, id: number, fields: CampaignFields, scheduledAt: Date | null, status: CampaignStatus) {
    const values = [...fieldValues(fields, scheduledAt), status];
    const sets = [...FIELD_COLUMNS, 'status'].map((column, index) => `${column} = $${index + 2}`);
    await manager.query(`UPDATE outbound.campaigns SET ${sets.join(', ')}, completed_at = NULL, updated_at = now() WHERE id = $1`, [
      id,
      ...values,
    ]);
  }

  async setStatus(manager: EntityManager, id: number, status: CampaignStatus, at: Date): Promise<void> {
    await manager.query(
      `UPDATE outbound.campaigns SET status = $2, updated_at = now(),
         started_at = CASE WHEN $2 = 'EM_ANDAMENTO' THEN COALESCE(started_at, $3) ELSE started_at END,
         completed_at = CASE WHEN $2 = 'FINALIZADA' THEN $3 WHEN $2 = 'EM_ANDAMENTO' THEN NULL ELSE completed_at END
       WHERE id = $1`,
      [id, status, at],
    );
  }

  async setMedia(manager: EntityManager, id: number, media: { path: string; name: string; mimetype: string } | null): Promise<void> {
    await manager.query(
      `UPDATE outbound.campaigns SET media_path = $2, media_name = $3, media_mimetype = $4, updated_at = now() WHERE id = $1`,
      [id, media?.path ?? null, media?.name ?? null, media?.mimetype ?? null],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM outbound.campaigns WHERE company_id = $1 AND id = $2 RETURNING id`, [companyId, id]),
    );
    return rows.length > 0;
  }

  /**
   * Which of these ids are not the company's: its own contact lists and file lists, and in its copies
   * of conversations' tags and whatsapp's connections (which may not have one created a moment ago).
   */
  async foreignReferences(
    manager: EntityManager,
    companyId: number,
    refs: { contactListId: number | null; tagListId: number | null; fileListId: number | null; connectionIds: number[] },
  ): Promise<{ ownMissing: string[]; tagMissing: boolean; missingConnectionIds: number[] }> {
    const [row] = (await manager.query(
      `SELECT
         ($2::int IS NULL OR EXISTS (SELECT 1 FROM outbound.contact_lists WHERE id = $2 AND company_id = $1)) AS list_ok,
         ($3::int IS NULL OR EXISTS (SELECT 1 FROM outbound.tags WHERE id = $3 AND company_id = $1)) AS tag_ok,
         ($4::int IS NULL OR EXISTS (SELECT 1 FROM outbound.file_lists WHERE id = $4 AND company_id = $1)) AS file_ok,
         ARRAY(SELECT x FROM unnest($5::int[]) AS x
               WHERE NOT EXISTS (SELECT 1 FROM outbound.connections WHERE id = x AND company_id = $1)) AS missing_connections`,
      [companyId, refs.contactListId, refs.tagListId, refs.fileListId, refs.connectionIds],
    )) as { list_ok: boolean; tag_ok: boolean; file_ok: boolean; missing_connections: number[] }[];
    return {
      ownMissing: [...(row!.list_ok ? [] : ['contactListId']), ...(row!.file_ok ? [] : ['fileListId'])],
      tagMissing: !row!.tag_ok,
      missingConnectionIds: row!.missing_connections,
    };
  }

  /** The campaign's shipping records, in order. */
  async shipping(campaignId: number): Promise<CampaignShipping[]> {
    const rows: {
      id: number;
      contact_list_item_id: number | null;
      contact_id: number | null;
      name: string;
      number: string;
      whatsapp_id: number;
      confirmation_requested_at: Date | null;
      confirmed_at: Date | null;
      delivered_at: Date | null;
      failed_at: Date | null;
      failure_reason: string | null;
    }[] = await this.dataSource.query(
      `SELECT id, contact_list_item_id, contact_id, name, number, whatsapp_id, confirmation_requested_at, confirmed_at,
              delivered_at, failed_at, failure_reason
       FROM outbound.campaign_shipping WHERE campaign_id = $1 ORDER BY id`,
      [campaignId],
    );
    return rows.map((row) => ({
      id: row.id,
      contactListItemId: row.contact_list_item_id,
      contactId: row.contact_id,
      name: row.name,
      number: row.number,
      whatsappId: row.whatsapp_id,
      confirmationRequestedAt: iso(row.confirmation_requested_at),
      confirmedAt: iso(row.confirmed_at),
      deliveredAt: iso(row.delivered_at),
      failedAt: iso(row.failed_at),
      failureReason: row.failure_reason,
    }));
  }

  /** The contacts of a list, with their validity (the campaign's read-only related data). */
  async listContacts(
    companyId: number,
    contactListId: number,
  ): Promise<{ id: number; name: string; number: string; isWhatsappValid: boolean | null }[]> {
    return this.dataSource.query(
      `SELECT id, name, number, is_whatsapp_valid AS "isWhatsappValid" FROM outbound.contact_list_items
       WHERE company_id = $1 AND contact_list_id = $2 ORDER BY id`,
      [companyId, contactListId],
    );
  }
}
