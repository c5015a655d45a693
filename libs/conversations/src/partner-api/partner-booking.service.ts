import {
  bookingBookCall,
  bookingFreeSlotsCall,
  bookingScheduleCall,
  bookingScheduleListCall,
  bookingServicesCall,
  type Contact,
  IDEMPOTENCY_WINDOW_HOURS,
  PARTNER_MEDIA_MAX_BYTES,
  PARTNER_MEDIAS_MAX,
  PARTNER_MESSAGE_BODY_MAX,
  type PartnerAgendaServices,
  type PartnerAppointment,
  partnerAppointmentBodySchema,
  partnerContactBodySchema,
  type PartnerContactResponse,
  type PartnerSchedule,
  partnerScheduleBodySchema,
  type PartnerScheduleList,
  partnerScheduleQuerySchema,
  partnerScheduleSchema,
  type PartnerSettings,
  type PartnerSlots,
  partnerSlotsQuerySchema,
  type ScheduleRecord,
} from '@app/contracts';
import { AppError, ServiceCalls } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';

import { ContactRepository, mapContact } from '../common/contact.repository';
import { ConversationEvents } from '../common/conversation-events';
import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from '../common/conversations-options';
import { ApiAnswerRepository } from './api-answer.repository';
import { ApiTokenRepository } from './api-token.repository';
import type { ApiCaller } from './api-token.service';
import { PARTNER_API_RATE } from './shared-token-rate';

/** The answer of a route that honours Idempotency-Key, and whether it is the key's first answer given again. */
export interface IdempotentResult<T> {
  response: T;
  replayed: boolean;
}

const noSchedules = () => new AppError('ERR_PLAN_FEATURE_DISABLED', "The company's plan does not include useSchedules");

const publicSchedule = (record: ScheduleRecord): PartnerSchedule => partnerScheduleSchema.parse(record);

/**
 * The partner API beyond sending (issue 26): a number's contact saved, scheduled messages and the
 * external agenda. Schedules and appointments are outbound's (decision 0046): they are asked of it as
 * service calls (decision 0050: in-process in standalone, HTTP to OUTBOUND_URL between processes) for
 * the token's company, with the contact's record so that outbound's copy takes a contact created a
 * moment ago (decision 0039). Those routes need the plan's schedules; their Idempotency-Key is claimed
 * in api_answers before the call, so a repeat answers the first result and books nothing more.
 */
@Injectable()
export class PartnerBookingService {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly events: ConversationEvents,
    private readonly tokens: ApiTokenRepository,
    private readonly answers: ApiAnswerRepository,
    private readonly calls: ServiceCalls,
    @Inject(CONVERSATIONS_OPTIONS) private readonly options: ConversationsOptions,
  ) {}

  /** POST /messages/contacts: the number's contact created, or updated with what is given; announced as the inbox's are. */
  async saveContact(caller: ApiCaller, body: z.output<typeof partnerContactBodySchema>): Promise<PartnerContactResponse> {
    const saved = await this.contacts.transaction(async (manager) => {
      const { id, created } = await this.contacts.upsertByNumber(manager, caller.companyId, {
        number: body.number,
        name: body.name ?? null,
        email: body.email ?? null,
        extraInfo: body.extraInfo?.map((item, index) => ({ id: index + 1, name: item.name, value: item.value })) ?? null,
      });
      await this.events.contactChanged(manager, caller.companyId, id, created);
      return { contact: mapContact((await this.contacts.view(manager, caller.companyId, id))!), created };
    });
    const { contact, created } = saved;
    return {
      contact: {
        id: contact.id,
        name: contact.name,
        number: contact.number,
        email: contact.email,
        extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
        createdAt: contact.createdAt,
        updatedAt: contact.updatedAt,
      },
      created,
    };
  }

  /** POST /messages/schedules: a text to the number's (created when new) or the contact's, at sendAt, through the token's connection. */
  async schedule(
    caller: ApiCaller,
    body: z.output<typeof partnerScheduleBodySchema>,
    key: string | undefined,
  ): Promise<IdempotentResult<PartnerSchedule>> {
    if (!caller.useSchedules) throw noSchedules();
    return this.once(caller, 'schedule', key, 201, async () => {
      const contact = await this.recipient(caller, body);
      const record = await this.calls.call(bookingScheduleCall, caller.companyId, {
        contact,
        body: body.body,
        sendAt: body.sendAt,
        extraInfo: body.extraInfo || null,
        whatsappId: caller.whatsappId,
      });
      return publicSchedule(record);
    });
  }

  /** GET /messages/schedules: the company's, newest first; a number the company has no contact for has none. */
  async schedules(caller: ApiCaller, query: z.output<typeof partnerScheduleQuerySchema>): Promise<PartnerScheduleList> {
    if (!caller.useSchedules) throw noSchedules();
    let contactId = query.contactId ?? null;
    if (query.number !== undefined) {
      const contact = await this.contacts.withNumber(caller.companyId, query.number);
      if (!contact || (contactId !== null && contactId !== contact.id)) return { schedules: [], count: 0, hasMore: false };
      contactId = contact.id;
    }
    const page = await this.calls.call(bookingScheduleListCall, caller.companyId, {
      contactId,
      status: query.status ?? null,
      pageNumber: query.pageNumber,
    });
    return { schedules: page.schedules.map(publicSchedule), count: page.count, hasMore: page.hasMore };
  }

  /** GET /messages/settings: the token, the connection its sends go through now, what the plan allows and the limits. */
  async settings(caller: ApiCaller): Promise<PartnerSettings> {
    const token = await this.tokens.caller({ id: caller.tokenId });
    if (!token) throw new AppError('ERR_INVALID_API_TOKEN', 'Token de API inválido ou revogado');
    const connection = await this.tokens.sendingConnection(caller.companyId, caller.whatsappId);
    const rate = this.options.partnerApiRate ?? PARTNER_API_RATE;
    return {
      token: {
        id: token.id,
        name: token.name,
        preview: token.preview,
        createdAt: token.created_at.toISOString(),
        lastUsedAt: token.last_used_at?.toISOString() ?? null,
      },
      companyId: caller.companyId,
      connection: connection
        ? { id: connection.id, name: connection.name, status: connection.status, isDefault: connection.is_default }
        : null,
      connectionFixed: caller.whatsappId !== null,
      features: { messages: true, schedules: caller.useSchedules, agenda: caller.useSchedules },
      limits: {
        requestsPerSecond: rate.points / rate.seconds,
        messageBodyMax: PARTNER_MESSAGE_BODY_MAX,
        mediasPerRequest: PARTNER_MEDIAS_MAX,
        mediaMaxBytes: PARTNER_MEDIA_MAX_BYTES,
        idempotencyWindowHours: IDEMPOTENCY_WINDOW_HOURS,
      },
    };
  }

  async agendaServices(caller: ApiCaller): Promise<PartnerAgendaServices> {
    if (!caller.useSchedules) throw noSchedules();
    return this.calls.call(bookingServicesCall, caller.companyId, { serviceIds: [] });
  }

  async agendaSlots(caller: ApiCaller, query: z.output<typeof partnerSlotsQuerySchema>): Promise<PartnerSlots> {
    if (!caller.useSchedules) throw noSchedules();
    return this.calls.call(bookingFreeSlotsCall, caller.companyId, {
      serviceId: query.serviceId ?? null,
      duration: query.duration ?? null,
      fromDay: query.fromDay ?? null,
      days: query.days,
      limit: query.limit,
    });
  }

  /** POST /messages/agenda/appointments: books the free time for the number's (created when new) or the contact's contact. */
  async book(
    caller: ApiCaller,
    body: z.output<typeof partnerAppointmentBodySchema>,
    key: string | undefined,
  ): Promise<IdempotentResult<PartnerAppointment>> {
    if (!caller.useSchedules) throw noSchedules();
    return this.once(caller, 'appointment', key, 201, async () => {
      const contact = await this.recipient(caller, body);
      const booked = await this.calls.call(bookingBookCall, caller.companyId, {
        contactId: contact.id,
        contact,
        serviceId: body.serviceId ?? null,
        start: body.start,
        whatsappId: caller.whatsappId,
        note: body.note ?? 'Agendado pela API',
      });
      return { ...booked, contactId: contact.id };
    });
  }

  /** Whom a schedule or an appointment is for: the company's contact of that id, or the number's (created when new). */
  private async recipient(caller: ApiCaller, body: { number?: string; contactId?: number }): Promise<Contact> {
    if (body.contactId !== undefined) {
      const row = await this.contacts.view(null, caller.companyId, body.contactId);
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 'Contact not found');
      return mapContact(row);
    }
    return this.contacts.transaction(async (manager) => {
      const { id, created } = await this.contacts.upsertByNumber(manager, caller.companyId, {
        number: body.number!,
        name: null,
        email: null,
        extraInfo: null,
      });
      if (created) await this.events.contactChanged(manager, caller.companyId, id, true);
      return mapContact((await this.contacts.view(manager, caller.companyId, id))!);
    });
  }

  /**
   * Runs `work` once per Idempotency-Key of the token and operation within 24 hours: the key is claimed
   * first; a refusal frees it; an outcome nobody knows (outbound did not answer) keeps it claimed, so a
   * repeat is refused (409 ERR_IDEMPOTENCY_IN_PROGRESS) rather than booking twice.
   */
  private async once<T>(
    caller: ApiCaller,
    operation: string,
    key: string | undefined,
    status: number,
    work: () => Promise<T>,
  ): Promise<IdempotentResult<T>> {
    if (key === undefined) return { response: await work(), replayed: false };
    const held = await this.answers.claim(caller.tokenId, caller.companyId, operation, key);
    if (held?.state === 'done') return { response: held.response as T, replayed: true };
    if (held?.state === 'pending') {
      throw new AppError(
        'ERR_IDEMPOTENCY_IN_PROGRESS',
        'A request with this Idempotency-Key is still running, or ended without an answer; list the schedules to see whether it was made',
      );
    }
    let response: T;
    try {
      response = await work();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'ERR_SERVICE_UNAVAILABLE')) {
        await this.answers.release(caller.tokenId, operation, key);
      }
      throw error;
    }
    await this.answers.answer(caller.tokenId, operation, key, status, response);
    return { response, replayed: false };
  }
}
