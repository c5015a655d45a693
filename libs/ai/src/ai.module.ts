import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { AgentTemplateController } from './agent-templates/agent-template.controller';
import { AgentTemplateRepository } from './agent-templates/agent-template.repository';
import { AgentTemplateService } from './agent-templates/agent-template.service';
import { AgentController } from './agents/agent.controller';
import { AgentRepository } from './agents/agent.repository';
import { AgentService } from './agents/agent.service';
import { AI_OPTIONS, type AiOptions } from './ai-options';
import { AgentAnswererSource } from './answering/agent-answerer.source';
import { ANSWERER_SOURCES, type AnswererSource } from './answering/answerer';
import { Answerers } from './answering/answerers';
import { AnsweringService } from './answering/answering.service';
import { ClosedTicketsConsumer } from './answering/closed-tickets.consumer';
import { CompanyLimiter } from './answering/company-limiter';
import { ConversationRepository } from './answering/conversation.repository';
import { InboundMessagesConsumer } from './answering/inbound-messages.consumer';
import { ModelClient } from './answering/model-client';
import { PromptAnswererSource } from './answering/prompt-answerer.source';
import { ProviderBreaker } from './answering/provider-breaker';
import { AgentTools } from './answering/tools/agent-tools';
import { KeyCipher } from './common/key-cipher';
import { ConnectionRepository } from './connections/connection.repository';
import { ConnectionEventsConsumer } from './connections/connection-events.consumer';
import { AiInitial1764000000000 } from './migrations/1764000000000-ai-initial';
import { AiDeletedQueues1764000000100 } from './migrations/1764000000100-deleted-queues';
import { AiAgentsAndTemplates1764000000200 } from './migrations/1764000000200-agents-and-templates';
import { AiAnswering1764000000300 } from './migrations/1764000000300-answering';
import { AiAgentTools1764000000730 } from './migrations/1764000000730-agent-tools';
import { PromptController } from './prompts/prompt.controller';
import { PromptRepository } from './prompts/prompt.repository';
import { PromptService } from './prompts/prompt.service';
import { ChatCompletionsClient } from './providers/chat-completions.client';
import { QueueRepository } from './queues/queue.repository';
import { QueueEventsConsumer } from './queues/queue-events.consumer';

export const AI_MIGRATIONS = [
  AiInitial1764000000000,
  AiDeletedQueues1764000000100,
  AiAgentsAndTemplates1764000000200,
  AiAnswering1764000000300,
  AiAgentTools1764000000730,
];

/** Prompts (and, as they land, agents, templates, knowledge, transcription and summaries): the AI side of the product. */
@Module({})
export class AiModule {
  static forRoot(options: AiOptions): DynamicModule {
    return {
      module: AiModule,
      imports: [ServiceDatabaseModule.forService({ schema: 'ai', migrations: AI_MIGRATIONS })],
      controllers: [PromptController, AgentController, AgentTemplateController],
      providers: [
        { provide: AI_OPTIONS, useValue: options },
        // Repositories: every statement of the service.
        QueueRepository,
        PromptRepository,
        AgentRepository,
        AgentTemplateRepository,
        ConnectionRepository,
        ConversationRepository,
        // Services.
        KeyCipher,
        PromptService,
        ChatCompletionsClient,
        AgentService,
        AgentTemplateService,
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
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(QueueEventsConsumer, ConnectionEventsConsumer, InboundMessagesConsumer, ClosedTicketsConsumer),
      ],
    };
  }
}
