import { DEFAULT_COMPANY_TIME_ZONE, type GroupContact, GROUPS_PAGE_SIZE, type SummaryProvider } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** How many days of a group's messages are kept: a day's summary reads the last 24 hours. */
const KEPT_DAYS = 3;

export interface GroupRow {
  id: number;
  company_id: number;
  uuid: string;
  name: string;
  number: string;
  profile_pic_url: string;
  activetranscribe: boolean;
  resumegroup: boolean;
  timeresume: string;
  resumeprovider: SummaryProvider;
  resumemodel: string;
  resumekey: string;
  resumekey_shown: string;
  resumemaxtokens: number;
  resumetemperature: number;
  resumeprompt: string;
  ticket_id: number | null;
  last_summary_at: Date | null;
  summary_from: Date;
}

export const mapGroup = (row: GroupRow): GroupContact => ({
  id: row.id,
  name: row.name,
  number: row.number,
  isGroup: true,
  profilePicUrl: row.profile_pic_url,
  uuid: row.uuid,
  activetranscribe: row.activetranscribe,
  resumegroup: row.resumegroup,
  timeresume: row.timeresume,
  resumeprovider: row.resumeprovider,
  resumemodel: row.resumemodel,
  resumekey: row.resumekey_shown,
  resumemaxtokens: row.resumemaxtokens,
  resumetemperature: row.resumetemperature,
  resumeprompt: row.resumeprompt,
  lastSummaryAt: row.last_summary_at ? row.last_summary_at.toISOString() : null,
});

/** The summary settings a PUT changes (the key already sealed). */
export interface GroupChanges {
  activetranscribe?: boolean;
  resumegroup?: boolean;
  timeresume?: string;
  resumeprovider?: SummaryProvider;
  resumemodel?: string;
  resumekey?: { stored: string; shown: string };
  resumemaxtokens?: number;
  resumetemperature?: number;
  resumeprompt?: string;
  summaryFrom?: Date;
}

/** A message of a group as a summary reads it. */
export interface GroupLine {
  sender: string;
  body: string;
  created_at: Date;
}

const COLUMNS = `id, company_id, uuid, name, number, profile_pic_url, activetranscribe, resumegroup, timeresume, resumeprovider,
  resumemodel, resumekey, resumekey_shown, resumemaxtokens, resumetemperature, resumeprompt, ticket_id, last_summary_at, summary_from`;

/**
 * ai.group_contacts (conversations' group contacts, with their transcription toggle and summary
 * settings), their last days of messages, the summaries posted (one per group and day) and the
 * companies' time zones: every statement of groups.
 */
@Injectable()
export class GroupRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A group contact as conversations announced it (its settings kept); a contact of another company is left alone. */
  async upsertContact(
    manager: EntityManager,
    contact: { id: number; companyId: number; uuid: string; name: string; number: string; profilePicUrl: string; ticketId?: number },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ai.group_contacts (id, company_id, uuid, name, number, profile_pic_url, ticket_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET uuid = EXCLUDED.uuid, name = EXCLUDED.name, number = EXCLUDED.number,
         profile_pic_url = EXCLUDED.profile_pic_url, ticket_id = COALESCE(EXCLUDED.ticket_id, ai.group_contacts.ticket_id)
       WHERE ai.group_contacts.company_id = EXCLUDED.company_id`,
      [contact.id, contact.companyId, contact.uuid, contact.name, contact.number, contact.profilePicUrl, contact.ticketId ?? null],
    );
  }

  async deleteContact(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(`DELETE FROM ai.group_contacts WHERE id = $1 AND company_id = $2`, [id, companyId]);
  }

  /** Whether the company's group has its audio transcribed. */
  async transcribes(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM ai.group_contacts WHERE id = $1 AND company_id = $2 AND activetranscribe`, [
      id,
      companyId,
    ]);
    return rows.length > 0;
  }

  /** Keeps a group's message (once) and forgets those older than the days a summary reads. */
  async keepMessage(
    manager: EntityManager,
    line: { messageId: number; contactId: number; companyId: number; sender: string; body: string; createdAt: string },
  ): Promise<void> {
    await manager.query(
      `WITH kept AS (
         INSERT INTO ai.group_messages (message_id, contact_id, company_id, sender, body, created_at)
         SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM ai.group_contacts WHERE id = $2 AND company_id = $3)
         ON CONFLICT (message_id) DO NOTHING)
       DELETE FROM ai.group_messages WHERE contact_id = $2 AND created_at < now() - make_interval(days => $7)`,
      [line.messageId, line.contactId, line.companyId, line.sender, line.body, line.createdAt, KEPT_DAYS],
    );
  }

  /** An audio of a group now reads as its transcript. */
  async transcribed(manager: EntityManager, companyId: number, messageId: number, text: string): Promise<void> {
    await manager.query(`UPDATE ai.group_messages SET body = $3 WHERE message_id = $1 AND company_id = $2`, [
      messageId,
      companyId,
      `[áudio] ${text}`,
    ]);
  }

  /** A page of the company's groups by name (20), with whether more follow and how many match. */
  async page(companyId: number, search: string, pageNumber: number): Promise<{ rows: GroupRow[]; count: number }> {
    const pattern = likeContaining(search.trim().toLowerCase());
    const [rows, counted]: [GroupRow[], { count: string }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM ai.group_contacts
         WHERE company_id = $1 AND (lower(name) LIKE $2 OR number LIKE $2)
         ORDER BY lower(name), id LIMIT $3 OFFSET $4`,
        [companyId, pattern, GROUPS_PAGE_SIZE, (pageNumber - 1) * GROUPS_PAGE_SIZE],
      ),
      this.dataSource.query(`SELECT count(*) FROM ai.group_contacts WHERE company_id = $1 AND (lower(name) LIKE $2 OR number LIKE $2)`, [
        companyId,
        pattern,
      ]),
    ]);
    return { rows, count: Number(counted[0]?.count ?? 0) };
  }

  /** The company's group, locked until the transaction ends; null when it is not one of its groups. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<GroupRow | null> {
    const rows: GroupRow[] = await manager.query(`SELECT ${COLUMNS} FROM ai.group_contacts WHERE id = $1 AND company_id = $2 FOR UPDATE`, [
      id,
      companyId,
    ]);
    return rows[0] ?? null;
  }

  async update(manager: EntityManager, id: number, changes: GroupChanges): Promise<GroupRow> {
    const sets: string[] = [];
    const values: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (changes.activetranscribe !== undefined) set('activetranscribe', changes.activetranscribe);
    if (changes.resumegroup !== undefined) set('resumegroup', changes.resumegroup);
    if (changes.timeresume !== undefined) set('timeresume', changes.timeresume);
    if (changes.summaryFrom !== undefined) set('summary_from', changes.summaryFrom);
    if (changes.resumeprovider !== undefined) set('resumeprovider', changes.resumeprovider);
    if (changes.resumemodel !== undefined) set('resumemodel', changes.resumemodel);
    if (changes.resumekey !== undefined) {
      set('resumekey', changes.resumekey.stored);
      set('resumekey_shown', changes.resumekey.shown);
    }
    if (changes.resumemaxtokens !== undefined) set('resumemaxtokens', changes.resumemaxtokens);
    if (changes.resumetemperature !== undefined) set('resumetemperature', changes.resumetemperature);
    if (changes.resumeprompt !== undefined) set('resumeprompt', changes.resumeprompt);
    const rows = changedRows<GroupRow>(
      await manager.query(
        `UPDATE ai.group_contacts SET ${sets.length ? sets.join(', ') : 'id = id'} WHERE id = $1 RETURNING ${COLUMNS}`,
        values,
      ),
    );
    return rows[0]!;
  }

  /** Every group whose summary is on (start-up schedules each one's next summary). */
  async summarised(): Promise<GroupRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM ai.group_contacts WHERE resumegroup`);
  }

  /** The group's messages in [from, to), oldest first. */
  async linesBetween(manager: EntityManager, contactId: number, from: Date, to: Date): Promise<GroupLine[]> {
    return manager.query(
      `SELECT sender, body, created_at FROM ai.group_messages WHERE contact_id = $1 AND created_at >= $2 AND created_at < $3
       ORDER BY created_at, message_id LIMIT 2000`,
      [contactId, from, to],
    );
  }

  /** Records the group's summary of that day; false when it was already posted (once per group and day). */
  async recordSummary(manager: EntityManager, group: { id: number; companyId: number }, day: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO ai.group_summaries (contact_id, day, company_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [group.id, day, group.companyId],
    );
    if (rows.length === 0) return false;
    await manager.query(`UPDATE ai.group_contacts SET last_summary_at = now() WHERE id = $1`, [group.id]);
    return true;
  }

  async summaryDays(contactId: number): Promise<string[]> {
    const rows: { day: string }[] = await this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ai.group_summaries WHERE contact_id = $1 ORDER BY day`,
      [contactId],
    );
    return rows.map((row) => row.day);
  }

  async setTimeZone(manager: EntityManager, companyId: number, timeZone: string): Promise<void> {
    await manager.query(
      `INSERT INTO ai.company_settings (company_id, time_zone) VALUES ($1, $2) ON CONFLICT (company_id) DO UPDATE SET time_zone = EXCLUDED.time_zone`,
      [companyId, timeZone],
    );
  }

  /** The company's time zone, read by itself (no transaction). */
  companyTimeZone(companyId: number): Promise<string> {
    return this.timeZone(this.dataSource.manager, companyId);
  }

  /** The company's time zone (identity's `timezone`; America/Sao_Paulo until it says otherwise). */
  async timeZone(manager: EntityManager, companyId: number): Promise<string> {
    const rows: { time_zone: string }[] = await manager.query(`SELECT time_zone FROM ai.company_settings WHERE company_id = $1`, [
      companyId,
    ]);
    return rows[0]?.time_zone ?? DEFAULT_COMPANY_TIME_ZONE;
  }
}
