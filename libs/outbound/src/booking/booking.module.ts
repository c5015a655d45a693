import { type DynamicModule, Module } from '@nestjs/common';

import { OutboundDatabaseModule } from '../common/outbound-database.module';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../common/outbound-options';
import { ProjectionsModule } from '../projections/projections.module';
import { AppointmentController } from './appointments/appointment.controller';
import { AppointmentRepository } from './appointments/appointment.repository';
import { AppointmentService } from './appointments/appointment.service';
import { AppointmentDispatcher } from './appointments/appointment-dispatcher';
import { AppointmentEvents } from './appointments/appointment-events';
import { BookingDesk } from './assistant/booking-desk';
import { BookingBlockController } from './blocks/booking-block.controller';
import { BookingBlockRepository } from './blocks/booking-block.repository';
import { BookingBlockService } from './blocks/booking-block.service';
import { CalendarController } from './calendars/calendar.controller';
import { CalendarRepository } from './calendars/calendar.repository';
import { CalendarService } from './calendars/calendar.service';
import { BookingChanges } from './common/booking-changes';
import { ServiceCatalogueController } from './services-catalogue/service-catalogue.controller';
import { ServiceCatalogueRepository } from './services-catalogue/service-catalogue.repository';
import { ServiceCatalogueService } from './services-catalogue/service-catalogue.service';
import { BookingSettingsController } from './settings/booking-settings.controller';
import { BookingSettingsRepository } from './settings/booking-settings.repository';
import { BookingSettingsService } from './settings/booking-settings.service';

/**
 * Appointment booking: the services catalogue, calendars, booking settings (business hours and slots
 * per calendar), blocks, and the appointments with their messages and reminders. The REST paths and
 * events keep the spec's word "schedule" for an appointment. Exports what the whatsapp consumer hands
 * the answers of appointment sends to.
 */
@Module({})
export class BookingModule {
  static register(options: OutboundOptions): DynamicModule {
    return {
      module: BookingModule,
      imports: [OutboundDatabaseModule, ProjectionsModule],
      controllers: [
        ServiceCatalogueController,
        CalendarController,
        AppointmentController,
        BookingBlockController,
        BookingSettingsController,
      ],
      providers: [
        { provide: OUTBOUND_OPTIONS, useValue: options },
        BookingChanges,
        ServiceCatalogueRepository,
        ServiceCatalogueService,
        CalendarRepository,
        CalendarService,
        BookingSettingsRepository,
        BookingSettingsService,
        BookingBlockRepository,
        BookingBlockService,
        AppointmentRepository,
        AppointmentEvents,
        AppointmentDispatcher,
        AppointmentService,
        // The AI agents' booking tools, answered as service calls (decision 0050).
        BookingDesk,
      ],
      exports: [AppointmentDispatcher],
    };
  }
}
