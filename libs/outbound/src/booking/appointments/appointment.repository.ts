import {
  type OutboundTemplate,
  SCHEDULE_REMINDER_KINDS,
  type ScheduleRecord,
  type ScheduleReminderKind,
  SCHEDULES_PAGE_SIZE,
  SCHEDULES_RANGE_MAX,
  type ScheduleStatus,
} from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type SendKind = 'message' | ScheduleReminderKind;
export type SendStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADA' | 'ERRO' | 'IGNORADO';

export interface AppointmentRow {
  id: number;
  company_id: number;
  contact_id: number;
  user_id: number | null;
  calendar_id: number | null;
  body: string;
  send_at: Date;
  duration: number;
  service_id: number | null;
  extra_info: string | null;
  media_path: string | null;
  media_name: string | null;
  media_mimetype: string | null;
  whatsapp_id: number | null;
  template: OutboundTemplate | null;
  reminder_1d: boolean;
  reminder_3h: boolean;
  reminder_1h: boolean;
  reminder_5m: boolean;
  status: ScheduleStatus;
  sent_at: Date | null;
  error_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

interface AppointmentViewRow extends AppointmentRow {
  contact_name: string | null;
  contact_number: string | null;
  service_name: string | null;
  service_price: string | null;
  service_duration: number | null;
  reminders: { kind: ScheduleReminderKind; at: string; status: SendStatus; sentAt: string | null; errorReason: string | null }[];
}

export interface SendRow {
  id: number;
  schedule_id: number;
  company_id: number;
  kind: SendKind;
  due_at: Date;
  status: SendStatus;
  generation: number;
  command_id: string | null;
  connection_id: number | null;
  sent_at: Date | null;
  error_reason: string | null;
}

/** A claimed send with what its message needs. */
export interface DueSend extends SendRow {
  body: string;
  send_at: Date;
  calendar_id: number | null;
  whatsapp_id: number | null;
  media_path: string | null;
  media_name: string | null;
  media_mimetype: string | null;
  template: OutboundTemplate | null;
  contact_name: string | null;
  contact_number: string | null;
  contact_email: string | null;
  contact_is_group: boolean | null;
  service_name: string | null;
}

export interface AppointmentWrite {
  contactId: number;
  userId: number | null;
  calendarId: number;
  body: string;
  sendAt: Date;
  duration: number;
  serviceId: number | null;
  extraInfo: string | null;
  whatsappId: number | null;
  /** Undefined: an update keeps the stored one (a new appointment has none). */
  template: OutboundTemplate | null | undefined;
  reminders: Record<ScheduleReminderKind, boolean>;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const mapAppointment = (row: AppointmentViewRow): ScheduleRecord => ({
  id: row.id,
  body: row.body,
  contactId: row.contact_id,
  contact: row.contact_name === null ? null : { id: row.contact_id, name: row.contact_name, number: row.contact_number ?? '' },
  sendAt: iso(row.send_at)!,
  sentAt: iso(row.sent_at),
  status: row.status,
  errorReason: row.error_reason,
  WhatsappSenderId: row.whatsapp_id,
  duration: row.duration,
  serviceId: row.service_id,
  service:
    row.service_id === null || row.service_name === null
      ? null
      : { id: row.service_id, name: row.service_name, price: Number(row.service_price), duration: row.service_duration ?? 0 },
  extraInfo: row.extra_info,
  mediaPath: row.media_path,
  mediaName: row.media_name,
  template: row.template,
  reminder1DayEnabled: row.reminder_1d,
  reminder3HoursEnabled: row.reminder_3h,
  reminder1HourEnabled: row.reminder_1h,
  reminder5MinutesEnabled: row.reminder_5m,
  reminders: [...row.reminders]
    .sort((a, b) => SCHEDULE_REMINDER_KINDS.indexOf(a.kind) - SCHEDULE_REMINDER_KINDS.indexOf(b.kind))
    .map((reminder) => ({
      kind: reminder.kind,
      at: iso(reminder.at)!,
      status: reminder.status,
      sentAt: iso(reminder.sentAt),
      errorReason: reminder.errorReason,
    })),
  userId: row.user_id,
  calendarId: row.calendar_id,
  companyId: row.company_id,
  createdAt: iso(row.created_at)!,
  updatedAt: iso(row.updated_at)!,
});

const VIEW = `
  SELECT s.*, c.name AS contact_name, c.number AS contact_number,
         sv.name AS service_name, sv.price AS service_price, sv.duration AS service_duration,
         coalesce((SELECT json_agg(json_build_object('kind', x.kind, 'at', x.due_at, 'status', x.status, 'sentAt', x.sent_at,
                                                     'errorReason', x.error_reason))
                   FROM outbound.schedule_sends x WHERE x.schedule_id = s.id AND x.kind <> 'message'), '[]') AS reminders
  FROM outbound.schedules s
  LEFT JOIN outbound.contacts c ON c.id = s.contact_id AND c.company_id = s.company_id
  LEFT JOIN outbound.services sv ON sv.id = s.service_id AND sv.company_id = s.company_id`;

/** Appointments and their sends (the message and each enabled reminder). */
@Injectable()
export class AppointmentRepository {
  constructor(@InjectDataSource('outbound') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async view(manager: EntityManager | null, companyId: number, id: number): Promise<ScheduleRecord | null> {
    const rows: AppointmentViewRow[] = await (manager ?? this.dataSource).query(`${VIEW} WHERE s.company_id = $1 AND s.id = $2`, [
      companyId,
      id,
    ]);
    return rows[0] ? mapAppointment(rows[0]) : null;
  }

  async viewMany(manager: EntityManager, ids: number[]): Promise<ScheduleRecord[]> {
    if (ids.length === 0) return [];
    const rows: AppointmentViewRow[] = await manager.query(`${VIEW} WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [ids]);
    return rows.map(mapAppointment);
  }

  /**
   * A page of the company's appointments: without a range, 40 a page, newest sendAt first; with one,
   * those that meet it by sendAt (up to SCHEDULES_RANGE_MAX). Searched in the body, the contact's
   * name and number, the extra info and the service's name.
   */
  async page(
    companyId: number,
    filter: {
      searchParam: string;
      pageNumber: number;
      range: { start: Date; end: Date } | null;
      contactId?: number;
      calendarId?: number;
      status?: ScheduleStatus;
    },
  ): Promise<{ rows: ScheduleRecord[]; count: number }> {
    const params: unknown[] = [companyId, likeContaining(filter.searchParam.toLowerCase())];
    const where = [
      's.company_id = $1',
      `($2 = '%%' OR lower(s.body) LIKE $2 OR lower(coalesce(c.name, '')) LIKE $2 OR c.number LIKE $2
        OR lower(coalesce(s.extra_info, '')) LIKE $2 OR lower(coalesce(sv.name, '')) LIKE $2)`,
    ];
    if (filter.range) {
      params.push(filter.range.start, filter.range.end);
      where.push(`s.send_at < $${params.length} AND s.send_at + make_interval(mins => s.duration) > $${params.length - 1}`);
    }
    if (filter.contactId) where.push(`s.contact_id = $${params.push(filter.contactId)}`);
    if (filter.calendarId) where.push(`s.calendar_id = $${params.push(filter.calendarId)}`);
    if (filter.status) where.push(`s.status = $${params.push(filter.status)}`);
    const condition = where.join(' AND ');
    const size = filter.range ? SCHEDULES_RANGE_MAX : SCHEDULES_PAGE_SIZE;
    const order = filter.range ? 's.send_at, s.id' : 's.send_at DESC, s.id DESC';
    const rows: AppointmentViewRow[] = await this.dataSource.query(
      `${VIEW} WHERE ${condition} ORDER BY ${order} LIMIT ${size} OFFSET $${params.length + 1}`,
      [...params, (filter.pageNumber - 1) * size],
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM outbound.schedules s
       LEFT JOIN outbound.contacts c ON c.id = s.contact_id AND c.company_id = s.company_id
       LEFT JOIN outbound.services sv ON sv.id = s.service_id AND sv.company_id = s.company_id WHERE ${condition}`,
      params,
    )) as { count: number }[];
    return { rows: rows.map(mapAppointment), count };
  }

  async lock(manager: EntityManager, companyId: number, id: number): Promise<AppointmentRow | null> {
    const rows: AppointmentRow[] = await manager.query(`SELECT * FROM outbound.schedules WHERE company_id = $1 AND id = $2 FOR UPDATE`, [
      companyId,
      id,
    ]);
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, companyId: number, write: AppointmentWrite): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO outbound.schedules (company_id, contact_id, user_id, calendar_id, body, send_at, duration, service_id, extra_info,
         whatsapp_id, reminder_1d, reminder_3h, reminder_1h, reminder_5m, template)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [companyId, ...this.values(write)],
    );
    return rows[0]!.id;
  }

  /** A change of an appointment not sent: it waits for its (new) time again. */
  async update(manager: EntityManager, companyId: number, id: number, write: AppointmentWrite): Promise<void> {
    await manager.query(
      `UPDATE outbound.schedules SET contact_id = $3, user_id = coalesce(user_id, $4), calendar_id = $5, body = $6, send_at = $7,
         duration = $8, service_id = $9, extra_info = $10, whatsapp_id = $11, reminder_1d = $12, reminder_3h = $13, reminder_1h = $14,
         reminder_5m = $15, template = CASE WHEN $17 THEN $16::jsonb ELSE template END, status = 'PENDENTE', error_reason = NULL, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, id, ...this.values(write), write.template !== undefined],
    );
  }

  private values(write: AppointmentWrite): unknown[] {
    return [
      write.contactId,
      write.userId,
      write.calendarId,
      write.body,
      write.sendAt,
      write.duration,
      write.serviceId,
      write.extraInfo,
      write.whatsappId,
      write.reminders['1d'],
      write.reminders['3h'],
      write.reminders['1h'],
      write.reminders['5m'],
      write.template ? JSON.stringify(write.template) : null,
    ];
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM outbound.schedules WHERE company_id = $1 AND id = $2 RETURNING id`, [companyId, id]),
    );
    return rows.length > 0;
  }

  async setMedia(
    manager: EntityManager,
    companyId: number,
    id: number,
    media: { path: string; name: string; mimetype: string } | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE outbound.schedules SET media_path = $3, media_name = $4, media_mimetype = $5, updated_at = now() WHERE company_id = $1 AND id = $2`,
      [companyId, id, media?.path ?? null, media?.name ?? null, media?.mimetype ?? null],
    );
  }

  /** The other appointments of the calendar that meet [start, end). */
  async overlapping(manager: EntityManager, companyId: number, calendarId: number, start: Date, end: Date, exceptId: number | null) {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM outbound.schedules WHERE company_id = $1 AND calendar_id = $2 AND id <> $5
         AND send_at < $4 AND send_at + make_interval(mins => duration) > $3 LIMIT 1`,
      [companyId, calendarId, start, end, exceptId ?? 0],
    );
    return rows.length > 0;
  }

  /** The calendar's appointments that meet [start, end): when each begins and how long it lasts (the free-slot search). */
  async busy(manager: EntityManager, companyId: number, calendarId: number, start: Date, end: Date): Promise<{ start: Date; end: Date }[]> {
    const rows: { send_at: Date; duration: number }[] = await manager.query(
      `SELECT send_at, duration FROM outbound.schedules WHERE company_id = $1 AND calendar_id = $2
         AND send_at < $4 AND send_at + make_interval(mins => duration) > $3 ORDER BY send_at LIMIT 5000`,
      [companyId, calendarId, start, end],
    );
    return rows.map((row) => ({ start: new Date(row.send_at), end: new Date(new Date(row.send_at).getTime() + row.duration * 60_000) }));
  }

  // ---- sends ----------------------------------------------------------------------------------

  async sendsOf(manager: EntityManager, scheduleId: number): Promise<SendRow[]> {
    return manager.query(`SELECT * FROM outbound.schedule_sends WHERE schedule_id = $1 ORDER BY id FOR UPDATE`, [scheduleId]);
  }

  /** The send of `kind` at `dueAt`, waiting (or IGNORADO); a former one of the kind starts a new generation. */
  async resetSend(manager: EntityManager, companyId: number, scheduleId: number, kind: SendKind, dueAt: Date, status: SendStatus) {
    await manager.query(
      `INSERT INTO outbound.schedule_sends (schedule_id, company_id, kind, due_at, status) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (schedule_id, kind) DO UPDATE SET due_at = $4, status = $5, generation = outbound.schedule_sends.generation + 1,
         command_id = NULL, connection_id = NULL, sent_at = NULL, error_reason = NULL`,
      [scheduleId, companyId, kind, dueAt, status],
    );
  }

  async deleteSends(manager: EntityManager, scheduleId: number, kinds: SendKind[]): Promise<void> {
    if (kinds.length === 0) return;
    await manager.query(`DELETE FROM outbound.schedule_sends WHERE schedule_id = $1 AND kind = ANY($2::text[])`, [scheduleId, kinds]);
  }

  /**
   * Claims up to `limit` of the company's waiting sends due by `now` (skipping those another
   * dispatcher holds), with what their messages need. The caller marks each in the same transaction.
   */
  async claimDue(manager: EntityManager, companyId: number, now: Date, limit: number): Promise<DueSend[]> {
    return manager.query(
      `WITH due AS (
         SELECT id FROM outbound.schedule_sends WHERE company_id = $1 AND status = 'PENDENTE' AND due_at <= $2
         ORDER BY due_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
       SELECT x.*, s.body, s.send_at, s.calendar_id, s.whatsapp_id, s.media_path, s.media_name, s.media_mimetype, s.template,
              c.name AS contact_name, c.number AS contact_number, c.email AS contact_email, c.is_group AS contact_is_group,
              sv.name AS service_name
       FROM due JOIN outbound.schedule_sends x ON x.id = due.id
       JOIN outbound.schedules s ON s.id = x.schedule_id
       LEFT JOIN outbound.contacts c ON c.id = s.contact_id AND c.company_id = s.company_id
       LEFT JOIN outbound.services sv ON sv.id = s.service_id AND sv.company_id = s.company_id
       ORDER BY x.due_at, x.id`,
      [companyId, now, limit],
    );
  }

  async markSending(manager: EntityManager, sends: { id: number; commandId: string; connectionId: number }[]): Promise<void> {
    if (sends.length === 0) return;
    await manager.query(
      `UPDATE outbound.schedule_sends x SET status = 'ENVIANDO', command_id = v.command_id, connection_id = v.connection_id
       FROM unnest($1::int[], $2::uuid[], $3::int[]) AS v(id, command_id, connection_id) WHERE x.id = v.id`,
      [sends.map((s) => s.id), sends.map((s) => s.commandId), sends.map((s) => s.connectionId)],
    );
  }

  /** The send a command answered, when it is still waiting for that very command. */
  async sendOfCommand(manager: EntityManager, commandId: string): Promise<SendRow | null> {
    const rows: SendRow[] = await manager.query(
      `SELECT * FROM outbound.schedule_sends WHERE command_id = $1 AND status = 'ENVIANDO' FOR UPDATE`,
      [commandId],
    );
    return rows[0] ?? null;
  }

  async settleSend(manager: EntityManager, id: number, outcome: { status: 'ENVIADA' | 'ERRO'; at: Date; reason: string | null }) {
    await manager.query(
      `UPDATE outbound.schedule_sends SET status = $2, sent_at = CASE WHEN $2 = 'ENVIADA' THEN $3::timestamptz END, error_reason = $4
       WHERE id = $1`,
      [id, outcome.status, outcome.at, outcome.reason],
    );
  }

  /** The appointment's own state follows its message's send. */
  async setStatus(
    manager: EntityManager,
    ids: number[],
    status: ScheduleStatus,
    sentAt: Date | null = null,
    reason: string | null = null,
  ): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(
      `UPDATE outbound.schedules SET status = $2, sent_at = $3, error_reason = $4, updated_at = now() WHERE id = ANY($1::int[])`,
      [ids, status, sentAt, reason],
    );
  }

  /** Failed sends (no connection, no contact) settled at once, with the appointments whose message it was. */
  async failSends(manager: EntityManager, sends: { id: number; reason: string }[]): Promise<void> {
    if (sends.length === 0) return;
    await manager.query(
      `UPDATE outbound.schedule_sends x SET status = 'ERRO', error_reason = v.reason
       FROM unnest($1::int[], $2::text[]) AS v(id, reason) WHERE x.id = v.id`,
      [sends.map((s) => s.id), sends.map((s) => s.reason)],
    );
  }

  /** Companies with sends waiting past their time (for the sweep that recovers a lost wake-up). */
  async companiesWithOverdue(now: Date): Promise<number[]> {
    const rows: { company_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT company_id FROM outbound.schedule_sends WHERE status = 'PENDENTE' AND due_at <= $1`,
      [now],
    );
    return rows.map((row) => row.company_id);
  }

  /** Whether the company has a waiting send due by `at`. */
  async hasDue(manager: EntityManager | null, companyId: number, at: Date): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource).query(
      `SELECT 1 FROM outbound.schedule_sends WHERE company_id = $1 AND status = 'PENDENTE' AND due_at <= $2 LIMIT 1`,
      [companyId, at],
    );
    return rows.length > 0;
  }
}
