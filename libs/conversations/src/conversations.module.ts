import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { AiRepliesConsumer } from './ai-replies/ai-replies.consumer';
import { ChatController } from './chats/chat.controller';
import { ChatRepository } from './chats/chat.repository';
import { ChatService } from './chats/chat.service';
import { ContactRepository } from './common/contact.repository';
import { ConversationEvents } from './common/conversation-events';
import { CONVERSATIONS_OPTIONS, type ConversationsOptions } from './common/conversations-options';
import { CONVERSATIONS_DATA_SOURCE_TOKEN } from './common/conversations-tokens';
import { EarlyMessageFactRepository } from './common/early-message-fact.repository';
import { InboxEventRepository } from './common/inbox-event.repository';
import { MessageRepository } from './common/message.repository';
import { ProcessedEventRepository } from './common/processed-event.repository';
import { ProjectionRepository } from './common/projection.repository';
import { QueueRepository } from './common/queue.repository';
import { TicketRepository } from './common/ticket.repository';
import { ContactController } from './contacts/contact.controller';
import { ContactService } from './contacts/contact.service';
import { WhatsappNumbers } from './contacts/whatsapp-numbers.client';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardRepository } from './dashboard/dashboard.repository';
import { DashboardService } from './dashboard/dashboard.service';
import { TicketStatsRepository } from './dashboard/ticket-stats.repository';
import { InboundChatRepository } from './inbound/inbound-chat.repository';
import { InboundConversationService } from './inbound/inbound-conversation.service';
import { PresenceRelay } from './inbound/presence-relay';
import { QueueRouter } from './inbound/queue-router';
import { WhatsappEventsConsumer } from './inbound/whatsapp-events.consumer';
import { KanbanController } from './kanban/kanban.controller';
import { KanbanRepository } from './kanban/kanban.repository';
import { KanbanService } from './kanban/kanban.service';
import { ForwardController } from './messages/forward.controller';
import { ForwardService } from './messages/forward.service';
import { MessageController } from './messages/message.controller';
import { MessageService } from './messages/message.service';
import { ConversationsInitial1732500000000 } from './migrations/1732500000000-conversations-initial';
import { TicketRatings1732500000001 } from './migrations/1732500000001-ticket-ratings';
import { AddressBook1732500000002 } from './migrations/1732500000002-address-book';
import { EarlyMessageFacts1732500000010 } from './migrations/1732500000010-early-message-facts';
import { MessageSearch1732500000011 } from './migrations/1732500000011-message-search';
import { AnnounceExistingQueues1732500000012 } from './migrations/1732500000012-announce-existing-queues';
import { MessageSender1732500000013 } from './migrations/1732500000013-message-sender';
import { TicketListCursor1732500000014 } from './migrations/1732500000014-ticket-list-cursor';
import { SteadyTrigramIndexes1732500000030 } from './migrations/1732500000030-steady-trigram-indexes';
import { QuickMessages1732500001300 } from './migrations/1732500001300-quick-messages';
import { InternalChat1732500001301 } from './migrations/1732500001301-internal-chat';
import { TicketStats1732500001310 } from './migrations/1732500001310-ticket-stats';
import { QuickMessageShortcodes1732500001330 } from './migrations/1732500001330-quick-message-shortcodes';
import { ExactTicketDurations1732500001331 } from './migrations/1732500001331-exact-ticket-durations';
import { AnnounceExistingContactsAndTags1732500001850 } from './migrations/1732500001850-announce-existing-contacts-and-tags';
import { ProjectionTombstones1732500001939 } from './migrations/1732500001939-projection-tombstones';
import { AiAuthoredMessages1764000000310 } from './migrations/1764000000310-ai-authored-messages';
import { MessageTranscripts1764000000510 } from './migrations/1764000000510-message-transcripts';
import { PartnerApi1764000002600 } from './migrations/1764000002600-partner-api';
import { PartnerApiSends1764000002700 } from './migrations/1764000002700-partner-api-sends';
import { Webhooks1764000002800 } from './migrations/1764000002800-webhooks';
import { PartnerApiAnswers1764000002900 } from './migrations/1764000002900-partner-api-answers';
import { WebhookSecretsSealed1764000003000 } from './migrations/1764000003000-webhook-secrets-sealed';
import { WebhookLastDelivery1764000003001 } from './migrations/1764000003001-webhook-last-delivery';
import { NoteRepository } from './notes/note.repository';
import { TicketNoteController } from './notes/ticket-note.controller';
import { TicketNoteService } from './notes/ticket-note.service';
import { PARTNER_API_CONTROLLERS, PARTNER_API_PROVIDERS } from './partner-api/partner-api.providers';
import { IdentityProjectionConsumer } from './projections/identity-projection.consumer';
import { QueueController } from './queues/queue.controller';
import { QueueService } from './queues/queue.service';
import { QuickMessageController } from './quick-messages/quick-message.controller';
import { QuickMessageRepository } from './quick-messages/quick-message.repository';
import { QuickMessageService } from './quick-messages/quick-message.service';
import { ConversationsRecordAnswers } from './record-answers/conversations-record-answers';
import { OutboundMessageService } from './sending/outbound-message.service';
import { WhatsappCommands } from './sending/whatsapp-commands';
import { TagController } from './tags/tag.controller';
import { TagRepository } from './tags/tag.repository';
import { TagService } from './tags/tag.service';
import { TicketController } from './tickets/ticket.controller';
import { TicketService } from './tickets/ticket.service';
import { TicketTimers } from './tickets/ticket-timers';
import { WebhookEventsConsumer } from './webhooks/webhook-events.consumer';
import { WEBHOOK_CONTROLLERS, WEBHOOK_PROVIDERS } from './webhooks/webhooks.providers';

export const CONVERSATIONS_MIGRATIONS = [
  ConversationsInitial1732500000000,
  TicketRatings1732500000001,
  AddressBook1732500000002,
  EarlyMessageFacts1732500000010,
  MessageSearch1732500000011,
  AnnounceExistingQueues1732500000012,
  MessageSender1732500000013,
  TicketListCursor1732500000014,
  SteadyTrigramIndexes1732500000030,
  QuickMessages1732500001300,
  InternalChat1732500001301,
  TicketStats1732500001310,
  QuickMessageShortcodes1732500001330,
  ExactTicketDurations1732500001331,
  AnnounceExistingContactsAndTags1732500001850,
  ProjectionTombstones1732500001939,
  AiAuthoredMessages1764000000310,
  MessageTranscripts1764000000510,
  PartnerApi1764000002600,
  PartnerApiSends1764000002700,
  Webhooks1764000002800,
  PartnerApiAnswers1764000002900,
  WebhookSecretsSealed1764000003000,
  WebhookLastDelivery1764000003001,
];
export const CONVERSATIONS_DATA_SOURCE = CONVERSATIONS_DATA_SOURCE_TOKEN;

/** Contacts, tickets, messages, notes, queues and tags: the inbox. */
@Module({})
export class ConversationsModule {
  static forRoot(options: ConversationsOptions = {}): DynamicModule {
    return {
      module: ConversationsModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'conversations', migrations: CONVERSATIONS_MIGRATIONS })],
      controllers: [
        // First: POST /messages/send before the inbox's POST /messages/:ticketId.
        ...PARTNER_API_CONTROLLERS,
        TicketController,
        MessageController,
        QueueController,
        ContactController,
        TagController,
        TicketNoteController,
        ForwardController,
        QuickMessageController,
        KanbanController,
        ChatController,
        DashboardController,
        ...WEBHOOK_CONTROLLERS,
      ],
      providers: [
        { provide: CONVERSATIONS_OPTIONS, useValue: options },
        ConversationsRecordAnswers,
        // Repositories: every statement of the service.
        TicketRepository,
        MessageRepository,
        ContactRepository,
        NoteRepository,
        QueueRepository,
        TagRepository,
        QuickMessageRepository,
        KanbanRepository,
        TicketStatsRepository,
        DashboardRepository,
        ChatRepository,
        ProjectionRepository,
        EarlyMessageFactRepository,
        InboundChatRepository,
        ProcessedEventRepository,
        // Services.
        ConversationEvents,
        InboxEventRepository,
        WhatsappCommands,
        WhatsappNumbers,
        OutboundMessageService,
        TicketService,
        TicketTimers,
        MessageService,
        ForwardService,
        QueueService,
        ContactService,
        TagService,
        QuickMessageService,
        KanbanService,
        DashboardService,
        ChatService,
        TicketNoteService,
        QueueRouter,
        InboundConversationService,
        PresenceRelay,
        ...PARTNER_API_PROVIDERS,
        ...WEBHOOK_PROVIDERS,
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(IdentityProjectionConsumer, WhatsappEventsConsumer, AiRepliesConsumer, WebhookEventsConsumer),
      ],
    };
  }
}
