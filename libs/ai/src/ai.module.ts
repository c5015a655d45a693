import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { AgentTemplateController } from './agent-templates/agent-template.controller';
import { AgentTemplateRepository } from './agent-templates/agent-template.repository';
import { AgentTemplateService } from './agent-templates/agent-template.service';
import { AgentController } from './agents/agent.controller';
import { AgentRepository } from './agents/agent.repository';
import { AgentService } from './agents/agent.service';
import { AgentAnswererSource } from './answering/agent-answerer.source';
import { AgentTools } from './answering/agent-tools';
import { ANSWERER_SOURCES, type AnswererSource, PROMPT_GROUNDING, VOICE_REPLIER } from './answering/answerer';
import { Answerers } from './answering/answerers';
import { AnsweringService } from './answering/answering.service';
import { BindingCatchUp } from './answering/binding-catch-up';
import { ChatbotCaller } from './answering/chatbot-caller';
import { ClosedTicketsConsumer } from './answering/closed-tickets.consumer';
import { InboundMessagesConsumer } from './answering/inbound-messages.consumer';
import { IntegrationAnswerer } from './answering/integration-answerer';
import { ModelClient } from './answering/model-client';
import { PromptAnswererSource } from './answering/prompt-answerer.source';
import { ToolBookingRepository } from './answering/tool-booking.repository';
import { UnboundMessageRepository } from './answering/unbound-message.repository';
import { AI_OPTIONS, type AiOptions } from './common/ai-options';
import { CompanyLimiter } from './common/company-limiter';
import { ConversationRepository } from './common/conversation.repository';
import { KeyCipher } from './common/key-cipher';
import { ProviderBreaker } from './common/provider-breaker';
import { ConnectionRepository } from './connections/connection.repository';
import { ConnectionEventsConsumer } from './connections/connection-events.consumer';
import { CompanySettingsConsumer } from './consumers/company-settings.consumer';
import { MessageEventsConsumer } from './consumers/message-events.consumer';
import { QueueEventsConsumer } from './consumers/queue-events.consumer';
import { CopilotController } from './copilot/copilot.controller';
import { CopilotService } from './copilot/copilot.service';
import { CopilotAssistantRepository } from './copilot/copilot-assistant.repository';
import { CopilotModel } from './copilot/copilot-model';
import { GroupController } from './groups/group.controller';
import { GroupRepository } from './groups/group.repository';
import { GroupService } from './groups/group.service';
import { GroupSummaryService } from './groups/group-summary.service';
import { BotMedia } from './integrations/bot-media';
import { CHATBOT_SESSION_TESTER } from './integrations/chatbot-session-tester';
import { IntegrationReplyRepository } from './integrations/integration-reply.repository';
import { IntegrationSessionRepository } from './integrations/integration-session.repository';
import { CHATBOT_PROTOCOL_CLASSES, chatbotProtocolsProvider } from './integrations/protocols';
import { QueueIntegrationController } from './integrations/queue-integration.controller';
import { QueueIntegrationRepository } from './integrations/queue-integration.repository';
import { QueueIntegrationService } from './integrations/queue-integration.service';
import { KnowledgeController } from './knowledge/knowledge.controller';
import { KnowledgeRepository } from './knowledge/knowledge.repository';
import { KnowledgeService } from './knowledge/knowledge.service';
import { KnowledgeGrounding } from './knowledge/knowledge-grounding';
import { FullTextKnowledgeRetriever, KNOWLEDGE_RETRIEVER } from './knowledge/knowledge-retriever';
import { PageFetcher } from './knowledge/page-fetcher';
import { DocumentReader } from './knowledge/reading/document-reader';
import { AiInitial1764000000000 } from './migrations/1764000000000-ai-initial';
import { AiDeletedQueues1764000000100 } from './migrations/1764000000100-deleted-queues';
import { AiAgentsAndTemplates1764000000200 } from './migrations/1764000000200-agents-and-templates';
import { AiAnswering1764000000300 } from './migrations/1764000000300-answering';
import { AiKnowledge1764000000400 } from './migrations/1764000000400-knowledge';
import { AiTranscriptionAndSummaries1764000000500 } from './migrations/1764000000500-transcription-and-summaries';
import { AiQueueIntegrations1764000000600 } from './migrations/1764000000600-queue-integrations';
import { AiIntegrationReplies1764000000700 } from './migrations/1764000000700-integration-replies';
import { AiToolBookings1764000000723 } from './migrations/1764000000723-tool-bookings';
import { AiTranscriptionKeyAsked1764000000724 } from './migrations/1764000000724-transcription-key-asked';
import { AiUnboundMessages1764000000730 } from './migrations/1764000000730-unbound-messages';
import { AiClosedTicketMarks1764000000740 } from './migrations/1764000000740-closed-ticket-marks';
import { PromptController } from './prompts/prompt.controller';
import { PromptRepository } from './prompts/prompt.repository';
import { PromptService } from './prompts/prompt.service';
import { ChatCompletionsClient } from './providers/chat-completions.client';
import { QueueRepository } from './queues/queue.repository';
import { SpeechSynthesisClient } from './speech/speech-synthesis.client';
import { TranscriptionClient } from './speech/transcription.client';
import { TranscriptionService } from './speech/transcription.service';
import { VoiceReplies } from './speech/voice-replies';

export const AI_MIGRATIONS = [
  AiInitial1764000000000,
  AiDeletedQueues1764000000100,
  AiAgentsAndTemplates1764000000200,
  AiAnswering1764000000300,
  AiKnowledge1764000000400,
  AiTranscriptionAndSummaries1764000000500,
  AiQueueIntegrations1764000000600,
  AiIntegrationReplies1764000000700,
  AiToolBookings1764000000723,
  AiTranscriptionKeyAsked1764000000724,
  AiUnboundMessages1764000000730,
  AiClosedTicketMarks1764000000740,
];

/** Prompts (and, as they land, agents, templates, knowledge, transcription and summaries): the AI side of the product. */
@Module({})
export class AiModule {
  static forRoot(options: AiOptions): DynamicModule {
    return {
      module: AiModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'ai', migrations: AI_MIGRATIONS })],
      controllers: [
        PromptController,
        AgentController,
        AgentTemplateController,
        QueueIntegrationController,
        GroupController,
        KnowledgeController,
        CopilotController,
      ],
      providers: [
        { provide: AI_OPTIONS, useValue: options },
        // Repositories: every statement of the service.
        QueueRepository,
        PromptRepository,
        AgentRepository,
        AgentTemplateRepository,
        ConnectionRepository,
        ConversationRepository,
        QueueIntegrationRepository,
        IntegrationSessionRepository,
        IntegrationReplyRepository,
        KnowledgeRepository,
        CopilotAssistantRepository,
        ToolBookingRepository,
        UnboundMessageRepository,
        // Services.
        KeyCipher,
        PromptService,
        ChatCompletionsClient,
        AgentService,
        AgentTemplateService,
        QueueIntegrationService,
        // Knowledge: documents read off the event loop, searched by full text, put into agents' prompts.
        DocumentReader,
        PageFetcher,
        KnowledgeService,
        FullTextKnowledgeRetriever,
        { provide: KNOWLEDGE_RETRIEVER, useExisting: FullTextKnowledgeRetriever },
        KnowledgeGrounding,
        { provide: PROMPT_GROUNDING, useExisting: KnowledgeGrounding },
        // Copilot for staff: summaries, suggested replies and rewrites through the company's provider.
        CopilotModel,
        CopilotService,
        // Answering: the assistants a queue can be bound to, asked in order.
        PromptAnswererSource,
        AgentAnswererSource,
        {
          provide: ANSWERER_SOURCES,
          inject: [PromptAnswererSource, AgentAnswererSource],
          useFactory: (...sources: AnswererSource[]) => sources,
        },
        Answerers,
        ModelClient,
        CompanyLimiter,
        ProviderBreaker,
        AgentTools,
        AnsweringService,
        BindingCatchUp,
        // Chatbot integrations: every protocol, found by type; the engine and testSession call through ChatbotCaller.
        ...CHATBOT_PROTOCOL_CLASSES,
        chatbotProtocolsProvider,
        ChatbotCaller,
        BotMedia,
        { provide: CHATBOT_SESSION_TESTER, useExisting: ChatbotCaller },
        IntegrationAnswerer,
        // Speech: transcription of audio, answers spoken as voice notes.
        TranscriptionClient,
        TranscriptionService,
        SpeechSynthesisClient,
        VoiceReplies,
        { provide: VOICE_REPLIER, useExisting: VoiceReplies },
        // Groups: transcription toggles and daily summaries.
        GroupRepository,
        GroupService,
        GroupSummaryService,
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(
          QueueEventsConsumer,
          ConnectionEventsConsumer,
          InboundMessagesConsumer,
          ClosedTicketsConsumer,
          MessageEventsConsumer,
          CompanySettingsConsumer,
        ),
      ],
    };
  }
}
