import {
  bookingBookCall,
  bookingFreeSlotsCall,
  bookingScheduleCall,
  bookingScheduleListCall,
  bookingServicesCall,
  type Contact,
  SCHEDULE_DEFAULT_DURATION,
  type ScheduleRecord,
  type ServiceCallOutput,
} from '@app/contracts';
import { AppError, ProjectionMiss, ServiceCalls } from '@app/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { format } from 'date-fns';
import type { z } from 'zod';

import { OUTBOUND_OPTIONS, type OutboundOptions } from '../../common/outbound-options';
import { ContactRepository } from '../../projections/contact.repository';
import { AppointmentRepository } from '../appointments/appointment.repository';
import { AppointmentService } from '../appointments/appointment.service';
import { BookingBlockRepository } from '../blocks/booking-block.repository';
import { CalendarRepository } from '../calendars/calendar.repository';
import { inZone, localDay, parseBookingDateTime } from '../common/booking-time';
import { ServiceCatalogueRepository } from '../services-catalogue/service-catalogue.repository';
import { BookingSettingsService } from '../settings/booking-settings.service';
import { freeSlots } from './free-slots';

const wallTime = (instant: Date, zone: string) => format(inZone(instant, zone), "yyyy-MM-dd'T'HH:mm");

/**
 * Booking for the AI agents (issue 23; decision 0050): the services catalogue, the default calendar's
 * free times and an appointment for the ticket's contact, answered as service calls (no user behind
 * them). A booking goes through AppointmentService as a user's does: the same checks, its message
 * and reminders, its event, shown in /schedules.
 */
@Injectable()
export class BookingDesk implements OnModuleInit {
  private readonly now: () => Date;

  constructor(
    private readonly calls: ServiceCalls,
    private readonly services: ServiceCatalogueRepository,
    private readonly calendars: CalendarRepository,
    private readonly settings: BookingSettingsService,
    private readonly blocks: BookingBlockRepository,
    private readonly appointments: AppointmentRepository,
    private readonly booking: AppointmentService,
    private readonly contacts: ContactRepository,
    @Inject(OUTBOUND_OPTIONS) options: OutboundOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  onModuleInit(): void {
    this.calls.answer(bookingServicesCall, (companyId, input) => this.servicesOf(companyId, input));
    this.calls.answer(bookingFreeSlotsCall, (companyId, input) => this.freeSlotsOf(companyId, input));
    this.calls.answer(bookingBookCall, (companyId, input) => this.book(companyId, input));
    this.calls.answer(bookingScheduleCall, (companyId, input) => this.scheduleMessage(companyId, input));
    this.calls.answer(bookingScheduleListCall, (companyId, input) => this.schedulesOf(companyId, input));
  }

  /** The partner API's scheduled message: an appointment without a service, booked as a user's is, with no user. */
  async scheduleMessage(companyId: number, input: z.output<typeof bookingScheduleCall.input>): Promise<ScheduleRecord> {
    return this.withContact(companyId, input.contact, () =>
      this.booking.book({ companyId, userId: null }, null, {
        body: input.body,
        contactId: input.contact.id,
        sendAt: input.sendAt,
        duration: SCHEDULE_DEFAULT_DURATION,
        serviceId: null,
        extraInfo: input.extraInfo,
        WhatsappSenderId: input.whatsappId,
        calendarId: null,
        template: null,
        reminder1DayEnabled: false,
        reminder3HoursEnabled: false,
        reminder1HourEnabled: false,
        reminder5MinutesEnabled: false,
      }),
    );
  }

  async schedulesOf(
    companyId: number,
    input: z.output<typeof bookingScheduleListCall.input>,
  ): Promise<ServiceCallOutput<typeof bookingScheduleListCall>> {
    return this.booking.page({ companyId }, null, {
      searchParam: '',
      pageNumber: input.pageNumber,
      contactId: input.contactId ?? undefined,
      status: input.status ?? undefined,
    });
  }

  /**
   * Runs a booking for a contact its owner (conversations) sent along: when this service's copy lacks
   * it (created a moment ago, its event not here yet), the copy takes the owner's record under the
   * events' guards and the booking runs again (decision 0039; the owner is the caller, so no lookup).
   */
  private async withContact<T>(companyId: number, contact: Contact | null, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const missed =
        error instanceof ProjectionMiss && contact !== null && contact.companyId === companyId
          ? error.misses.some(({ projection, ids }) => projection === this.contacts && ids.includes(contact.id))
          : false;
      if (!missed || !(await this.contacts.fill(contact!))) throw error;
      return work();
    }
  }

  async servicesOf(
    companyId: number,
    input: z.output<typeof bookingServicesCall.input>,
  ): Promise<ServiceCallOutput<typeof bookingServicesCall>> {
    const all = await this.services.all(companyId);
    const offered = input.serviceIds.length > 0 ? all.filter((row) => input.serviceIds.includes(row.id)) : all;
    const timeZone = await this.appointments.transaction(
      async (manager) => (await this.settings.effective(manager, companyId, null)).row.time_zone,
    );
    return {
      timeZone,
      services: offered.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        price: Number(row.price),
        duration: row.duration,
      })),
    };
  }

  async freeSlotsOf(
    companyId: number,
    input: z.output<typeof bookingFreeSlotsCall.input>,
  ): Promise<ServiceCallOutput<typeof bookingFreeSlotsCall>> {
    return this.appointments.transaction(async (manager) => {
      const duration =
        input.serviceId !== null ? await this.durationOf(companyId, input.serviceId) : (input.duration ?? SCHEDULE_DEFAULT_DURATION);
      const calendar = await this.calendars.ensureDefault(manager, companyId);
      const { row: settings } = await this.settings.effective(manager, companyId, calendar.id);
      const zone = settings.time_zone;
      const now = this.now();
      const from = input.fromDay ? parseBookingDateTime(`${input.fromDay}T00:00`, zone) : localDay(now, zone).start;
      let until = from;
      for (let day = 0; day < input.days; day++) until = localDay(until, zone).end;
      const blocks = await this.blocks.list(companyId, { start: from, end: until }, calendar.id);
      const slots = freeSlots(
        settings,
        { from, until, notBefore: now },
        duration,
        {
          blocks: blocks.map((block) => ({ start: new Date(block.start_at), end: new Date(block.end_at), title: block.title })),
          appointments: await this.appointments.busy(manager, companyId, calendar.id, from, until),
        },
        input.limit,
      );
      return {
        timeZone: zone,
        duration,
        slots: slots.map((slot) => ({ start: wallTime(slot.start, zone), end: wallTime(slot.end, zone) })),
      };
    });
  }

  async book(companyId: number, input: z.output<typeof bookingBookCall.input>): Promise<ServiceCallOutput<typeof bookingBookCall>> {
    const service = input.serviceId !== null ? (await this.services.all(companyId)).find((row) => row.id === input.serviceId) : null;
    if (input.serviceId !== null && !service) throw new AppError('ERR_NOT_FOUND', 'Service not found');
    const duration = service?.duration ?? SCHEDULE_DEFAULT_DURATION;
    const record = await this.withContact(companyId, input.contact, () =>
      this.booking.book({ companyId, userId: null }, null, {
        body: service
          ? `Olá! Seu horário de ${service.name} é agora. Estamos te esperando!`
          : 'Olá! Seu horário é agora. Estamos te esperando!',
        contactId: input.contactId,
        sendAt: input.start,
        duration,
        serviceId: service?.id ?? null,
        extraInfo: input.note || null,
        WhatsappSenderId: input.whatsappId,
        calendarId: null,
        template: null,
        reminder1DayEnabled: true,
        reminder3HoursEnabled: false,
        reminder1HourEnabled: true,
        reminder5MinutesEnabled: false,
      }),
    );
    const timeZone = await this.appointments.transaction(
      async (manager) => (await this.settings.effective(manager, companyId, null)).row.time_zone,
    );
    const start = new Date(record.sendAt);
    return {
      id: record.id,
      start: wallTime(start, timeZone),
      end: wallTime(new Date(start.getTime() + duration * 60_000), timeZone),
      serviceName: service?.name ?? null,
      timeZone,
    };
  }

  private async durationOf(companyId: number, serviceId: number): Promise<number> {
    const service = (await this.services.all(companyId)).find((row) => row.id === serviceId);
    if (!service) throw new AppError('ERR_NOT_FOUND', 'Service not found');
    return service.duration;
  }
}
