import { type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { IdentityProjectionConsumer } from './projections/identity-projection.consumer';
import type { WhatsappEventsConsumer } from './inbound/whatsapp-events.consumer';
import type { TicketTimers } from './tickets/ticket-timers';

/** Subscribes the service's consumers before any outbox relay starts (relays start on bootstrap), and its timer workers. */
export class ConversationsConsumersHost implements OnModuleInit, BeforeApplicationShutdown {
  constructor(
    private readonly identity: IdentityProjectionConsumer,
    private readonly whatsapp: WhatsappEventsConsumer,
    private readonly timers: TicketTimers,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.identity.start();
    await this.whatsapp.start();
    await this.timers.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.identity.stop(), this.whatsapp.stop()]);
  }
}
