import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { CampaignSettingsController } from './campaign-settings/campaign-settings.controller';
import { CampaignSettingsRepository } from './campaign-settings/campaign-settings.repository';
import { CampaignSettingsService } from './campaign-settings/campaign-settings.service';
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
import { OUTBOUND_OPTIONS, type OutboundOptions } from './outbound-options';
import { CompanySettingRepository } from './projections/company-setting.repository';
import { ConnectionRepository } from './projections/connection.repository';
import { IdentityEventsConsumer } from './projections/identity-events.consumer';
import { WhatsappEventsConsumer } from './projections/whatsapp-events.consumer';
import { ServiceCatalogueController } from './service-catalogue/service-catalogue.controller';
import { ServiceCatalogueRepository } from './service-catalogue/service-catalogue.repository';
import { ServiceCatalogueService } from './service-catalogue/service-catalogue.service';

export const OUTBOUND_MIGRATIONS = [OutboundInitial1732500001400, CompanySettings1732500001401, ServiceCatalogue1732500001500];

/** Contact lists, file lists, campaign settings (and, next, campaigns): what the company sends outward. */
@Module({})
export class OutboundModule {
  static forRoot(options: OutboundOptions = {}): DynamicModule {
    return {
      module: OutboundModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'outbound', entities: [], migrations: OUTBOUND_MIGRATIONS })],
      controllers: [
        ContactListController,
        ContactListItemController,
        FileListController,
        CampaignSettingsController,
        ServiceCatalogueController,
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
        // Services.
        CampaignsEnabledGuard,
        ContactListEvents,
        NumberChecks,
        ContactListService,
        ContactListItemService,
        FileListService,
        CampaignSettingsService,
        ServiceCatalogueService,
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(WhatsappEventsConsumer, IdentityEventsConsumer),
      ],
    };
  }
}
