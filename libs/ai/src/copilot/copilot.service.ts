import {
  AI_DEFAULT_MODEL,
  COPILOT_MESSAGES,
  type CopilotAnswer,
  type CopilotRewriteInput,
  type CopilotSuggestionInput,
  type Message,
} from '@app/contracts';
import { AppError, OwnedRecordLookup, type Tenancy } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';

import { CompanyLimiter } from '../common/company-limiter';
import { KeyCipher } from '../common/key-cipher';
import { knowledgeSection, PASSAGES_PER_ANSWER } from '../knowledge/knowledge-prompt';
import { KNOWLEDGE_RETRIEVER, type KnowledgeRetriever } from '../knowledge/knowledge-retriever';
import { CopilotAssistantRepository, type CopilotAssistantRow } from './copilot-assistant.repository';
import { CopilotModel } from './copilot-model';
import { lastCustomerWords, rewriteSystem, suggestionSystem, SUMMARY_SYSTEM, transcriptOf } from './copilot-prompts';

/** Who asks: the verified caller and the Authorization header conversations is asked with on their behalf. */
export interface CopilotCaller {
  tenancy: Tenancy;
  authorization: string;
}

const MAX_TOKENS = { summary: 400, suggestion: 400, rewrite: 800 } as const;

/**
 * The copilot for staff: a summary of a ticket's conversation, a suggested reply (grounded in the
 * company's knowledge documents when it has any), a rewrite of a draft. It speaks through the
 * company's first active agent with a key (else its first prompt with one) and returns text only:
 * nothing is sent to the customer. The conversation is asked of conversations with the caller's own
 * token (OwnedRecordLookup, decision 0039), so conversations applies its ticket visibility rule: the
 * copilot reads only tickets the caller may open.
 */
@Injectable()
export class CopilotService {
  constructor(
    private readonly assistants: CopilotAssistantRepository,
    private readonly cipher: KeyCipher,
    private readonly model: CopilotModel,
    private readonly limiter: CompanyLimiter,
    private readonly lookup: OwnedRecordLookup,
    @Inject(KNOWLEDGE_RETRIEVER) private readonly retriever: KnowledgeRetriever,
  ) {}

  async summary(caller: CopilotCaller, ticketId: number): Promise<CopilotAnswer> {
    const assistant = await this.assistantOf(caller.tenancy);
    const messages = await this.conversationOf(caller, ticketId);
    const text = await this.ask(caller.tenancy, assistant, SUMMARY_SYSTEM, `Conversa:\n${transcriptOf(messages)}`, MAX_TOKENS.summary);
    return { text, assistant: this.shown(assistant), sources: [] };
  }

  async suggestion(caller: CopilotCaller, ticketId: number, input: CopilotSuggestionInput): Promise<CopilotAnswer> {
    const assistant = await this.assistantOf(caller.tenancy);
    const messages = await this.conversationOf(caller, ticketId);
    const scope = { companyId: caller.tenancy.companyId, agentId: null };
    const passages = (await this.retriever.hasDocuments(scope))
      ? await this.retriever.retrieve(scope, lastCustomerWords(messages), PASSAGES_PER_ANSWER)
      : null;
    const system = suggestionSystem(input.language, passages && knowledgeSection(passages));
    const text = await this.ask(caller.tenancy, assistant, system, `Conversa:\n${transcriptOf(messages)}`, MAX_TOKENS.suggestion);
    return { text, assistant: this.shown(assistant), sources: [...new Set((passages ?? []).map((passage) => passage.title))] };
  }

  async rewrite(tenancy: Tenancy, input: CopilotRewriteInput): Promise<CopilotAnswer> {
    const assistant = await this.assistantOf(tenancy);
    const text = await this.ask(
      tenancy,
      assistant,
      rewriteSystem(input.mode, input.language),
      `Rascunho:\n${input.draft}`,
      MAX_TOKENS.rewrite,
    );
    return { text, assistant: this.shown(assistant), sources: [] };
  }

  private async assistantOf(tenancy: Tenancy): Promise<CopilotAssistantRow> {
    if (!tenancy.planFlags.has('useOpenAi') && !tenancy.planFlags.has('useIntegrations')) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED', 'The plan has no AI features');
    }
    const assistant = await this.assistants.first(tenancy.companyId);
    if (!assistant) throw new AppError('ERR_COPILOT_NO_PROVIDER', COPILOT_MESSAGES.noProvider);
    return assistant;
  }

  /** The ticket's newest messages as the caller may see them: 404 when conversations does not show it to them. */
  private async conversationOf(caller: CopilotCaller, ticketId: number): Promise<Message[]> {
    const page = await this.lookup.find('ticketMessages', caller, ticketId);
    if (!page || page.companyId !== caller.tenancy.companyId) throw new AppError('ERR_NO_TICKET_FOUND', 'Ticket not found');
    if (page.messages.length === 0) throw new AppError('ERR_VALIDATION', COPILOT_MESSAGES.emptyConversation);
    return page.messages;
  }

  private async ask(tenancy: Tenancy, assistant: CopilotAssistantRow, system: string, user: string, maxTokens: number): Promise<string> {
    const completion = await this.limiter.run(tenancy.companyId, () =>
      this.model.complete({
        provider: assistant.provider,
        apiKey: this.cipher.decrypt(assistant.api_key),
        model: assistant.model ?? AI_DEFAULT_MODEL,
        system,
        user,
        maxTokens,
      }),
    );
    if (!completion.ok) throw new AppError('ERR_COPILOT_PROVIDER_FAILED', COPILOT_MESSAGES.providerFailed);
    return completion.text;
  }

  private shown(assistant: CopilotAssistantRow): CopilotAnswer['assistant'] {
    return { kind: assistant.kind, id: assistant.id, name: assistant.name };
  }
}
