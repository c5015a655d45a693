import {
  MEDIA_UPLOAD_TYPES,
  SCHEDULE_MESSAGES,
  SCHEDULE_REMINDER_KINDS,
  type ScheduleFields,
  type SchedulePageFilter,
  type SchedulePageResponse,
  type ScheduleRecord,
  type ScheduleReminderKind,
  SCHEDULES_PAGE_SIZE,
  SCHEDULES_RANGE_MAX,
} from '@app/contracts';
import {
  acceptedUploadType,
  AppError,
  FILE_STORAGE,
  type FileStorage,
  mediaUrlOfKey,
  ProjectionMiss,
  storageKeyName,
  storedFileName,
  type Tenancy,
} from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { OUTBOUND_OPTIONS, type OutboundOptions } from '../../common/outbound-options';
import { ConnectionRepository } from '../../projections/connection.repository';
import { ContactRepository } from '../../projections/contact.repository';
import { BookingBlockRepository } from '../blocks/booking-block.repository';
import { CalendarRepository } from '../calendars/calendar.repository';
import { parseBookingDateTime } from '../common/booking-time';
import { ServiceCatalogueRepository } from '../services-catalogue/service-catalogue.repository';
import { BookingSettingsService } from '../settings/booking-settings.service';
import { AppointmentRepository, type AppointmentRow, type AppointmentWrite } from './appointment.repository';
import { AppointmentDispatcher } from './appointment-dispatcher';
import { AppointmentEvents } from './appointment-events';
import { bookingConflict, reminderDue } from './appointment-rules';

export interface UploadedMedia {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
  size: number;
}

/** Who books: the company, and its user (null for an AI agent). */
export interface Booker {
  companyId: number;
  userId: number | null;
}

const notFound = () => new AppError('ERR_NOT_FOUND', 'Schedule not found');
const alreadySent = () => new AppError('ERR_SCHEDULE_SENT', SCHEDULE_MESSAGES.alreadySent);
const isSent = (row: AppointmentRow) => row.status === 'ENVIADA' || row.status === 'ENVIANDO' || row.sent_at !== null;

const REMINDER_FIELDS = {
  '1d': 'reminder1DayEnabled',
  '3h': 'reminder3HoursEnabled',
  '1h': 'reminder1HourEnabled',
  '5m': 'reminder5MinutesEnabled',
} as const satisfies Record<ScheduleReminderKind, keyof ScheduleFields>;

/**
 * Appointments (spec 2): any user of the company books, changes and deletes them; another company's
 * are not found (404), and so are its contacts, services, connections and calendars named in a body.
 * Each change writes the appointment, its sends (the message at sendAt, each enabled reminder before
 * it), the dispatcher's wake-up jobs and its event in one transaction.
 */
@Injectable()
export class AppointmentService {
  private readonly now: () => Date;

  constructor(
    private readonly schedules: AppointmentRepository,
    private readonly calendars: CalendarRepository,
    private readonly blocks: BookingBlockRepository,
    private readonly contacts: ContactRepository,
    private readonly connections: ConnectionRepository,
    private readonly services: ServiceCatalogueRepository,
    private readonly settings: BookingSettingsService,
    private readonly dispatcher: AppointmentDispatcher,
    private readonly events: AppointmentEvents,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async page(tenancy: Pick<Tenancy, 'companyId'>, calendarId: number | null, query: SchedulePageFilter): Promise<SchedulePageResponse> {
    const scope = calendarId ?? query.calendarId ?? null;
    const zone = await this.schedules.transaction(async (manager) => {
      if (scope !== null && !(await this.calendars.byId(manager, tenancy.companyId, scope)))
        throw new AppError('ERR_NOT_FOUND', 'Calendar not found');
      return (await this.settings.effective(manager, tenancy.companyId, scope)).row.time_zone;
    });
    const range =
      query.startDate && query.endDate
        ? { start: parseBookingDateTime(query.startDate, zone), end: parseBookingDateTime(query.endDate, zone) }
        : null;
    const { rows, count } = await this.schedules.page(tenancy.companyId, {
      searchParam: query.searchParam,
      pageNumber: query.pageNumber,
      range,
      contactId: query.contactId,
      calendarId: scope ?? undefined,
      status: query.status,
    });
    const size = range ? SCHEDULES_RANGE_MAX : SCHEDULES_PAGE_SIZE;
    return { schedules: rows, count, hasMore: (query.pageNumber - 1) * size + rows.length < count };
  }

  async get(tenancy: Tenancy, id: number): Promise<ScheduleRecord> {
    const schedule = await this.schedules.view(null, tenancy.companyId, id);
    if (!schedule) throw notFound();
    return schedule;
  }

  async create(tenancy: Tenancy, pathCalendarId: number | null, fields: ScheduleFields): Promise<ScheduleRecord> {
    return this.book({ companyId: tenancy.companyId, userId: tenancy.userId }, pathCalendarId, fields);
  }

  /** Books as `create` does, for a user of the company or for no user (an AI agent's booking tool: userId null). */
  async book(by: Booker, pathCalendarId: number | null, fields: ScheduleFields): Promise<ScheduleRecord> {
    return this.schedules.transaction(async (manager) => {
      const write = await this.checked(manager, by, pathCalendarId, fields, null);
      const id = await this.schedules.insert(manager, by.companyId, write);
      await this.planSends(manager, by.companyId, id, write, null);
      return (await this.events.saved(manager, by.companyId, [id], true))[0]!;
    });
  }

  /** A sent (or sending) appointment is not changed; a failed one saved again is sent again. */
  async update(tenancy: Tenancy, pathCalendarId: number | null, id: number, fields: ScheduleFields): Promise<ScheduleRecord> {
    return this.schedules.transaction(async (manager) => {
      const current = await this.schedules.lock(manager, tenancy.companyId, id);
      if (!current) throw notFound();
      if (isSent(current)) throw alreadySent();
      const booker = { companyId: tenancy.companyId, userId: tenancy.userId };
      const write = await this.checked(manager, booker, pathCalendarId ?? fields.calendarId ?? current.calendar_id, fields, current);
      await this.schedules.update(manager, tenancy.companyId, id, write);
      await this.planSends(manager, tenancy.companyId, id, write, current);
      return (await this.events.saved(manager, tenancy.companyId, [id]))[0]!;
    });
  }

  /** Its message and reminders not yet sent will not go out (their rows go with it). */
  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.schedules.transaction(async (manager) => {
      if (!(await this.schedules.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.events.deleted(manager, tenancy.companyId, id);
    });
    return { message: 'Schedule deleted' };
  }

  /** POST /schedules/{id}/media-upload: one attachment (an accepted type confirmed by its bytes) replaces the former. */
  async attachMedia(tenancy: Tenancy, id: number, file: UploadedMedia | undefined): Promise<ScheduleRecord> {
    if (!file) {
      throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: SCHEDULE_MESSAGES.required }] });
    }
    const existing = await this.schedules.view(null, tenancy.companyId, id);
    if (!existing) throw notFound();
    if (existing.sentAt || existing.status === 'ENVIADA' || existing.status === 'ENVIANDO') throw alreadySent();
    const mimetype = acceptedUploadType(file, MEDIA_UPLOAD_TYPES, 'file');
    const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    const key = `companies/${tenancy.companyId}/outbound/schedules/${storageKeyName(fileName)}`;
    await this.storage.put(key, file.buffer, mimetype, { fileName });
    return this.schedules.transaction(async (manager) => {
      const row = await this.schedules.lock(manager, tenancy.companyId, id);
      if (!row) throw notFound();
      if (isSent(row)) throw alreadySent();
      await this.schedules.setMedia(manager, tenancy.companyId, id, { path: mediaUrlOfKey(key), name: fileName, mimetype });
      return (await this.events.saved(manager, tenancy.companyId, [id]))[0]!;
    });
  }

  async detachMedia(tenancy: Tenancy, id: number): Promise<ScheduleRecord> {
    return this.schedules.transaction(async (manager) => {
      const row = await this.schedules.lock(manager, tenancy.companyId, id);
      if (!row) throw notFound();
      if (isSent(row)) throw alreadySent();
      await this.schedules.setMedia(manager, tenancy.companyId, id, null);
      return (await this.events.saved(manager, tenancy.companyId, [id]))[0]!;
    });
  }

  /**
   * The appointment as it will be stored, after every check: the ids it names are the company's,
   * sendAt is ahead, and the time is free under the calendar's settings.
   */
  private async checked(
    manager: EntityManager,
    by: Booker,
    calendarId: number | null,
    fields: ScheduleFields,
    current: AppointmentRow | null,
  ): Promise<AppointmentWrite> {
    const companyId = by.companyId;
    const chosen = calendarId ?? fields.calendarId;
    const calendar = chosen
      ? await this.calendars.byId(manager, companyId, chosen)
      : await this.calendars.ensureDefault(manager, companyId);
    if (!calendar) throw new AppError('ERR_NOT_FOUND', 'Calendar not found');
    // Conversations' contact and whatsapp's connection, as this service's copies know them: one
    // created a moment ago is asked of its owner (decision 0039).
    const contactKnown = !!(await this.contacts.byId(manager, companyId, fields.contactId));
    const senderKnown = fields.WhatsappSenderId === null || (await this.connections.ofCompany(manager, companyId, fields.WhatsappSenderId));
    const misses = [
      ...(contactKnown ? [] : [{ projection: this.contacts, ids: [fields.contactId] }]),
      ...(senderKnown ? [] : [{ projection: this.connections, ids: [fields.WhatsappSenderId!] }]),
    ];
    if (!contactKnown) throw new ProjectionMiss(companyId, misses, new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found'));
    if (fields.serviceId !== null && !(await this.services.exists(manager, companyId, fields.serviceId))) {
      throw new AppError('ERR_NOT_FOUND', 'Service not found');
    }
    if (!senderKnown) throw new ProjectionMiss(companyId, misses, new AppError('ERR_NO_WAPP_FOUND', 'Connection not found'));
    const { row: settings } = await this.settings.effective(manager, companyId, calendar.id);
    const sendAt = parseBookingDateTime(fields.sendAt, settings.time_zone);
    const moved = !current || current.send_at.getTime() !== sendAt.getTime();
    if (moved && sendAt.getTime() <= this.now().getTime()) {
      throw new AppError('ERR_VALIDATION', SCHEDULE_MESSAGES.inThePast, {
        fields: [{ path: 'sendAt', message: SCHEDULE_MESSAGES.inThePast }],
      });
    }
    const end = new Date(sendAt.getTime() + fields.duration * 60_000);
    if (!settings.allow_overlaps) {
      const conflict = bookingConflict(settings, sendAt, end, {
        block: await this.blocks.meeting(manager, companyId, calendar.id, sendAt, end),
        overlapping: await this.schedules.overlapping(manager, companyId, calendar.id, sendAt, end, current?.id ?? null),
      });
      if (conflict) throw new AppError('ERR_SCHEDULE_CONFLICT', conflict);
    }
    return {
      contactId: fields.contactId,
      userId: by.userId,
      calendarId: calendar.id,
      body: fields.body,
      sendAt,
      duration: fields.duration,
      serviceId: fields.serviceId,
      extraInfo: fields.extraInfo,
      whatsappId: fields.WhatsappSenderId,
      template: fields.template,
      reminders: Object.fromEntries(SCHEDULE_REMINDER_KINDS.map((kind) => [kind, fields[REMINDER_FIELDS[kind]]])) as Record<
        ScheduleReminderKind,
        boolean
      >,
    };
  }

  /**
   * The message waits for sendAt again; each enabled reminder waits for its time (IGNORADO when that
   * time has passed already), one already sent for the same time is kept; disabled ones go. The
   * dispatcher's wake-up jobs are scheduled in the same transaction.
   */
  private async planSends(manager: EntityManager, companyId: number, id: number, write: AppointmentWrite, current: AppointmentRow | null) {
    const now = this.now().getTime();
    const existing = current ? await this.schedules.sendsOf(manager, id) : [];
    const sameTime = current !== null && current.send_at.getTime() === write.sendAt.getTime();
    const due: Date[] = [write.sendAt];
    await this.schedules.resetSend(manager, companyId, id, 'message', write.sendAt, 'PENDENTE');
    for (const kind of SCHEDULE_REMINDER_KINDS) {
      const before = existing.find((send) => send.kind === kind);
      if (!write.reminders[kind]) continue;
      if (sameTime && before && (before.status === 'ENVIADA' || before.status === 'ENVIANDO')) continue;
      const at = reminderDue(kind, write.sendAt);
      const waiting = at.getTime() > now;
      await this.schedules.resetSend(manager, companyId, id, kind, at, waiting ? 'PENDENTE' : 'IGNORADO');
      if (waiting) due.push(at);
    }
    await this.schedules.deleteSends(
      manager,
      id,
      SCHEDULE_REMINDER_KINDS.filter((kind) => !write.reminders[kind]),
    );
    await this.dispatcher.wakeAt(manager, companyId, due);
  }
}
