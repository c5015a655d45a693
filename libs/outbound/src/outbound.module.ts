import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { CalendarController } from './calendars/calendar.controller';
import { CalendarRepository } from './calendars/calendar.repository';
import { CalendarService } from './calendars/calendar.service';
import { CampaignSettingsController } from './campaign-settings/campaign-settings.controller';
import { CampaignSettingsRepository } from './campaign-settings/campaign-settings.repository';
import { CampaignSettingsService } from './campaign-settings/campaign-settings.service';
import { CampaignController } from './campaigns/campaign.controller';
import { CampaignRepository } from './campaigns/campaign.repository';
import { CampaignService } from './campaigns/campaign.service';
import { CampaignClock } from './campaigns/campaign-clock';
import { CampaignDispatch } from './campaigns/campaign-dispatch';
import { CampaignEvents } from './campaigns/campaign-events';
import { CampaignShippingRepository } from './campaigns/campaign-shipping.repository';
import { ConfirmationWatch } from './campaigns/confirmation-watch';
import { CampaignsEnabledGuard } from './common/campaigns-enabled.guard';
import { ContactListController } from './contact-lists/contact-list.controller';
import { ContactListRepository } from './contact-lists/contact-list.repository';
import { ContactListService } from './contact-lists/contact-list.service';
import { ContactListEvents } from './contact-lists/contact-list-events';
import { ContactListItemController } from './contact-lists/contact-list-item.controller';
import { ContactListItemRepository } from './contact-lists/contact-list-item.repository';
import { ContactListItemService } from './contact-lists/contact-list-item.service';
import { NumberChecks } from './contact-lists/number-checks';
import { FileListController } from './file-lists/file-list.controller';
import { FileListRepository } from './file-lists/file-list.repository';
import { FileListService } from './file-lists/file-list.service';
import { OutboundInitial1732500001400 } from './migrations/1732500001400-outbound-initial';
import { CompanySettings1732500001401 } from './migrations/1732500001401-company-settings';
import { ServiceCatalogue1732500001500 } from './migrations/1732500001500-service-catalogue';
import { Campaigns1732500001600 } from './migrations/1732500001600-campaigns';
import { Schedules1732500001700 } from './migrations/1732500001700-schedules';
import { CompanyTimeZone1732500001800 } from './migrations/1732500001800-company-time-zone';
import { ProjectionConvergence1732500001851 } from './migrations/1732500001851-projection-convergence';
import { ProjectionTombstones1732500001939 } from './migrations/1732500001939-projection-tombstones';
import { OUTBOUND_OPTIONS, type OutboundOptions } from './outbound-options';
import { CompanySettingRepository } from './projections/company-setting.repository';
import { ConnectionRepository } from './projections/connection.repository';
import { ContactRepository } from './projections/contact.repository';
import { ConversationsEventsConsumer } from './projections/conversations-events.consumer';
import { IdentityEventsConsumer } from './projections/identity-events.consumer';
import { TagContactRepository } from './projections/tag-contact.repository';
import { WhatsappEventsConsumer } from './projections/whatsapp-events.consumer';
import { ScheduleSettingsController } from './schedule-settings/schedule-settings.controller';
import { ScheduleSettingsRepository } from './schedule-settings/schedule-settings.repository';
import { ScheduleSettingsService } from './schedule-settings/schedule-settings.service';
import { ScheduleController } from './schedules/schedule.controller';
import { ScheduleRepository } from './schedules/schedule.repository';
import { ScheduleService } from './schedules/schedule.service';
import { ScheduleBlockController } from './schedules/schedule-block.controller';
import { ScheduleBlockRepository } from './schedules/schedule-block.repository';
import { ScheduleBlockService } from './schedules/schedule-block.service';
import { ScheduleDispatcher } from './schedules/schedule-dispatcher';
import { ScheduleEvents } from './schedules/schedule-events';
import { ServiceCatalogueController } from './service-catalogue/service-catalogue.controller';
import { ServiceCatalogueRepository } from './service-catalogue/service-catalogue.repository';
import { ServiceCatalogueService } from './service-catalogue/service-catalogue.service';

export const OUTBOUND_MIGRATIONS = [
  OutboundInitial1732500001400,
  CompanySettings1732500001401,
  ServiceCatalogue1732500001500,
  Campaigns1732500001600,
  Schedules1732500001700,
  CompanyTimeZone1732500001800,
  ProjectionConvergence1732500001851,
  ProjectionTombstones1732500001939,
];

/** Contact lists, file lists, campaign settings, campaigns, the services catalogue and schedules: what the company sends outward. */
@Module({})
export class OutboundModule {
  static forRoot(options: OutboundOptions = {}): DynamicModule {
    return {
      module: OutboundModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'outbound', migrations: OUTBOUND_MIGRATIONS })],
      controllers: [
        ContactListController,
        ContactListItemController,
        FileListController,
        CampaignSettingsController,
        ServiceCatalogueController,
        CampaignController,
        CalendarController,
        ScheduleController,
        ScheduleBlockController,
        ScheduleSettingsController,
      ],
      providers: [
        { provide: OUTBOUND_OPTIONS, useValue: options },
        // Repositories: every statement of the service.
        ConnectionRepository,
        CompanySettingRepository,
        ContactListRepository,
        ContactListItemRepository,
        FileListRepository,
        CampaignSettingsRepository,
        ServiceCatalogueRepository,
        CampaignRepository,
        CampaignShippingRepository,
        ConfirmationWatch,
        TagContactRepository,
        ContactRepository,
        CalendarRepository,
        ScheduleRepository,
        ScheduleBlockRepository,
        ScheduleSettingsRepository,
        // Services.
        CampaignsEnabledGuard,
        ContactListEvents,
        NumberChecks,
        ContactListService,
        ContactListItemService,
        FileListService,
        CampaignSettingsService,
        ServiceCatalogueService,
        CampaignClock,
        CampaignEvents,
        CampaignDispatch,
        CampaignService,
        ScheduleEvents,
        ScheduleSettingsService,
        CalendarService,
        ScheduleBlockService,
        ScheduleDispatcher,
        ScheduleService,
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(WhatsappEventsConsumer, IdentityEventsConsumer, ConversationsEventsConsumer),
      ],
    };
  }
}
