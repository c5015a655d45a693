import { type DynamicModule, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { EVENT_TRANSPORT, JOBS, OutboxWriter, ServiceDatabaseModule, type EventTransport, type Jobs } from '@app/platform';
import { ConversationEvents } from './common/conversation-events';
import { ContactRepository } from './contacts/contact.repository';
import { WhatsappNumbers } from './contacts/whatsapp-numbers.client';
import { ConversationsConsumersHost } from './conversations-consumers.host';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from './conversations-tokens';
import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from './conversations-options';
import { InboundConversationService } from './inbound/inbound-conversation.service';
import { EarlyMessageFacts } from './inbound/early-message-facts';
import { EarlyMessageFacts1732500000010 } from './migrations/1732500000010-early-message-facts';
import { MessageSearch1732500000011 } from './migrations/1732500000011-message-search';
import { AnnounceExistingQueues1732500000012 } from './migrations/1732500000012-announce-existing-queues';
import { WHATSAPP_EVENTS_CONSUMER, WhatsappEventsConsumer } from './inbound/whatsapp-events.consumer';
import { ConversationsInitial1732500000000 } from './migrations/1732500000000-conversations-initial';
import { MessageController } from './messages/message.controller';
import { MessageService } from './messages/message.service';
import { OutboundMessageService } from './messages/outbound-message.service';
import { WhatsappCommands } from './messages/whatsapp-commands';
import { TicketController } from './tickets/ticket.controller';
import { TicketRepository } from './tickets/ticket.repository';
import { TicketService } from './tickets/ticket.service';
import { QueueController } from './queues/queue.controller';
import { QueueService } from './queues/queue.service';
import { ContactController } from './contacts/contact.controller';
import { ContactService } from './contacts/contact.service';
import { TicketNoteController } from './notes/ticket-note.controller';
import { TicketNoteService } from './notes/ticket-note.service';
import { TagController } from './tags/tag.controller';
import { TagService } from './tags/tag.service';
import { PresenceRelay } from './inbound/presence-relay';
import { QueueRouter } from './inbound/queue-router';
import { TicketTimers } from './tickets/ticket-timers';
import { TicketRatings1732500000001 } from './migrations/1732500000001-ticket-ratings';
import { AddressBook1732500000002 } from './migrations/1732500000002-address-book';
import { ForwardController } from './messages/forward.controller';
import { ForwardService } from './messages/forward.service';
import { IdentityProjectionConsumer } from './projections/identity-projection.consumer';
import { ProjectionRepository } from './projections/projection.repository';

export const CONVERSATIONS_MIGRATIONS = [ConversationsInitial1732500000000, TicketRatings1732500000001, AddressBook1732500000002, EarlyMessageFacts1732500000010, MessageSearch1732500000011, AnnounceExistingQueues1732500000012];
export const CONVERSATIONS_DATA_SOURCE = CONVERSATIONS_DATA_SOURCE_TOKEN;

/** Contacts, tickets, messages, notes, queues and tags: the inbox. */
@Module({})
export class ConversationsModule {
  static forRoot(options: ConversationsOptions = {}): DynamicModule {
    const dataSource = CONVERSATIONS_DATA_SOURCE;
    const facts = new EarlyMessageFacts();
    return {
      module: ConversationsModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'conversations', entities: [], migrations: CONVERSATIONS_MIGRATIONS })],
      controllers: [TicketController, MessageController, QueueController, ContactController, TagController, TicketNoteController, ForwardController],
      providers: [
        { provide: CONVERSATIONS_OPTIONS, useValue: options },
        { provide: ProjectionRepository, useValue: new ProjectionRepository() },
        { provide: ContactRepository, useValue: new ContactRepository() },
        { provide: WhatsappNumbers, useValue: new WhatsappNumbers(options.whatsappUrl) },
        { provide: TicketRepository, useValue: new TicketRepository() },
        { provide: ConversationEvents, inject: [OutboxWriter], useFactory: (outbox: OutboxWriter) => new ConversationEvents(outbox) },
        { provide: WhatsappCommands, inject: [OutboxWriter], useFactory: (outbox: OutboxWriter) => new WhatsappCommands(outbox) },
        {
          provide: OutboundMessageService,
          inject: [WhatsappCommands, ConversationEvents],
          useFactory: (commands: WhatsappCommands, events: ConversationEvents) => new OutboundMessageService(commands, events),
        },
        TicketService,
        MessageService,
        QueueService,
        ContactService,
        TagService,
        TicketNoteService,
        ForwardService,
        {
          provide: InboundConversationService,
          inject: [ContactRepository, ProjectionRepository, ConversationEvents, OutboundMessageService, TicketTimers],
          useFactory: (
            contacts: ContactRepository,
            projections: ProjectionRepository,
            events: ConversationEvents,
            outbound: OutboundMessageService,
            timers: TicketTimers,
          ) => new InboundConversationService(contacts, projections, events, new QueueRouter(projections, outbound, events), timers, facts),
        },
        {
          provide: TicketTimers,
          inject: [JOBS, dataSource, TicketRepository, ProjectionRepository, OutboundMessageService, ConversationEvents],
          useFactory: (
            jobs: Jobs | null,
            source: DataSource,
            tickets: TicketRepository,
            projections: ProjectionRepository,
            outbound: OutboundMessageService,
            events: ConversationEvents,
          ) => new TicketTimers(jobs, source, tickets, projections, outbound, events),
        },
        {
          provide: IdentityProjectionConsumer,
          inject: [dataSource, EVENT_TRANSPORT, ProjectionRepository],
          useFactory: (source: DataSource, transport: EventTransport, projections: ProjectionRepository) =>
            new IdentityProjectionConsumer(source, transport, projections),
        },
        {
          provide: WhatsappEventsConsumer,
          inject: [dataSource, EVENT_TRANSPORT, ProjectionRepository, InboundConversationService],
          useFactory: (source: DataSource, transport: EventTransport, projections: ProjectionRepository, inbound: InboundConversationService) =>
            new WhatsappEventsConsumer(
              source,
              transport,
              projections,
              inbound,
              new PresenceRelay(source, transport),
              options.whatsappGroupId ?? WHATSAPP_EVENTS_CONSUMER,
              facts,
            ),
        },
        {
          provide: ConversationsConsumersHost,
          inject: [IdentityProjectionConsumer, WhatsappEventsConsumer, TicketTimers],
          useFactory: (identity: IdentityProjectionConsumer, whatsapp: WhatsappEventsConsumer, timers: TicketTimers) =>
            new ConversationsConsumersHost(identity, whatsapp, timers),
        },
      ],
    };
  }
}
