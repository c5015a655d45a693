import { eventConsumers } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { BookingModule } from './booking/booking.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { OutboundDatabaseModule } from './common/outbound-database.module';
import { OUTBOUND_OPTIONS, type OutboundOptions } from './common/outbound-options';
import { ConversationsEventsConsumer } from './consumers/conversations-events.consumer';
import { IdentityEventsConsumer } from './consumers/identity-events.consumer';
import { WhatsappEventsConsumer } from './consumers/whatsapp-events.consumer';
import { ProjectionsModule } from './projections/projections.module';

/**
 * What the company sends outward, as one service (schema `outbound`, app apps/outbound; decision
 * 0046): campaigns (CampaignsModule) and appointment booking (BookingModule), over the projections
 * of other services' data they both read (ProjectionsModule). The consumers of other services'
 * events live here, above the features they hand events to.
 */
@Module({})
export class OutboundModule {
  static forRoot(options: OutboundOptions = {}): DynamicModule {
    return {
      module: OutboundModule,
      imports: [OutboundDatabaseModule, ProjectionsModule, CampaignsModule.register(options), BookingModule.register(options)],
      providers: [
        { provide: OUTBOUND_OPTIONS, useValue: options },
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(WhatsappEventsConsumer, IdentityEventsConsumer, ConversationsEventsConsumer),
      ],
    };
  }
}
