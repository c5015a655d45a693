import { type DynamicModule, Module } from '@nestjs/common';

import { OutboundDatabaseModule } from '../common/outbound-database.module';
import { OUTBOUND_OPTIONS, type OutboundOptions } from '../common/outbound-options';
import { ProjectionsModule } from '../projections/projections.module';
import { CampaignController } from './campaign/campaign.controller';
import { CampaignService } from './campaign/campaign.service';
import { CampaignRepository } from './common/campaign.repository';
import { CampaignClock } from './common/campaign-clock';
import { CampaignEvents } from './common/campaign-events';
import { CampaignShippingRepository } from './common/campaign-shipping.repository';
import { CampaignsEnabledGuard } from './common/campaigns-enabled.guard';
import { ContactListController } from './contact-lists/contact-list.controller';
import { ContactListRepository } from './contact-lists/contact-list.repository';
import { ContactListService } from './contact-lists/contact-list.service';
import { ContactListEvents } from './contact-lists/contact-list-events';
import { ContactListItemController } from './contact-lists/contact-list-item.controller';
import { ContactListItemRepository } from './contact-lists/contact-list-item.repository';
import { ContactListItemService } from './contact-lists/contact-list-item.service';
import { NumberChecks } from './contact-lists/number-checks';
import { CampaignAnswers } from './dispatch/campaign-answers';
import { CampaignProgress } from './dispatch/campaign-progress';
import { CampaignStarts } from './dispatch/campaign-starts';
import { ConfirmationWatch } from './dispatch/confirmation-watch';
import { ConnectionRuns } from './dispatch/connection-runs';
import { DispatchWorkers } from './dispatch/dispatch-workers';
import { LateRecipients } from './dispatch/late-recipients';
import { FileListController } from './file-lists/file-list.controller';
import { FileListRepository } from './file-lists/file-list.repository';
import { FileListService } from './file-lists/file-list.service';
import { CampaignSettingsController } from './settings/campaign-settings.controller';
import { CampaignSettingsRepository } from './settings/campaign-settings.repository';
import { CampaignSettingsService } from './settings/campaign-settings.service';

/**
 * Campaigns: contact lists (and their numbers' checks on WhatsApp), file lists, campaign settings,
 * the campaigns and their dispatch. Exports what the whatsapp and conversations consumers hand
 * events to.
 */
@Module({})
export class CampaignsModule {
  static register(options: OutboundOptions): DynamicModule {
    return {
      module: CampaignsModule,
      imports: [OutboundDatabaseModule, ProjectionsModule],
      controllers: [ContactListController, ContactListItemController, FileListController, CampaignSettingsController, CampaignController],
      providers: [
        { provide: OUTBOUND_OPTIONS, useValue: options },
        CampaignsEnabledGuard,
        CampaignClock,
        // Contact lists and their number checks.
        ContactListRepository,
        ContactListItemRepository,
        ContactListEvents,
        ContactListService,
        ContactListItemService,
        NumberChecks,
        // File lists and settings.
        FileListRepository,
        FileListService,
        CampaignSettingsRepository,
        CampaignSettingsService,
        // Campaigns.
        CampaignRepository,
        CampaignShippingRepository,
        CampaignEvents,
        CampaignService,
        // Their dispatch.
        ConfirmationWatch,
        CampaignProgress,
        ConnectionRuns,
        CampaignStarts,
        LateRecipients,
        CampaignAnswers,
        DispatchWorkers,
      ],
      exports: [NumberChecks, CampaignAnswers, LateRecipients],
    };
  }
}
