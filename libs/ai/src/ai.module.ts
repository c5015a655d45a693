import { eventConsumers, ServiceDatabaseModule } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { AgentTemplateController } from './agent-templates/agent-template.controller';
import { AgentTemplateRepository } from './agent-templates/agent-template.repository';
import { AgentTemplateService } from './agent-templates/agent-template.service';
import { AgentController } from './agents/agent.controller';
import { AgentRepository } from './agents/agent.repository';
import { AgentService } from './agents/agent.service';
import { AI_OPTIONS, type AiOptions } from './ai-options';
import { KeyCipher } from './common/key-cipher';
import { AiInitial1764000000000 } from './migrations/1764000000000-ai-initial';
import { AiDeletedQueues1764000000100 } from './migrations/1764000000100-deleted-queues';
import { AiAgentsAndTemplates1764000000200 } from './migrations/1764000000200-agents-and-templates';
import { PromptController } from './prompts/prompt.controller';
import { PromptRepository } from './prompts/prompt.repository';
import { PromptService } from './prompts/prompt.service';
import { ChatCompletionsClient } from './providers/chat-completions.client';
import { QueueRepository } from './queues/queue.repository';
import { QueueEventsConsumer } from './queues/queue-events.consumer';

export const AI_MIGRATIONS = [AiInitial1764000000000, AiDeletedQueues1764000000100, AiAgentsAndTemplates1764000000200];

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
        // Services.
        KeyCipher,
        PromptService,
        ChatCompletionsClient,
        AgentService,
        AgentTemplateService,
        // Consumers: subscribed on module init, before the outbox relay starts (on bootstrap).
        ...eventConsumers(QueueEventsConsumer),
      ],
    };
  }
}
