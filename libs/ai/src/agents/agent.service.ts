import {
  type Agent,
  AGENT_MESSAGES,
  type AgentCreateFields,
  agentDeleted,
  agentSaved,
  type AgentTestConnectionResponse,
  type AgentUpdateFields,
  type Questionnaire,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AgentTemplateRepository } from '../agent-templates/agent-template.repository';
import { fillTemplate } from '../agent-templates/template-variables';
import { KeyCipher } from '../common/key-cipher';
import { keptOrSealedKey, sealKey } from '../common/sealed-key';
import { ChatCompletionsClient, type ChatCompletionsTarget } from '../providers/chat-completions.client';
import { AgentRepository, type AgentRow, type AgentValues, mapAgent } from './agent.repository';
import { composeAgentPrompt } from './agent-prompt';

const M = AGENT_MESSAGES;
const notFound = () => new AppError('ERR_NOT_FOUND', 'Agent not found');
const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });

type AgentFields = Omit<AgentCreateFields, 'apiKey' | 'voiceKey' | 'voiceApiKey'>;

/**
 * The company's AI agents (plan flag useIntegrations, checked by the controller). The keys are kept
 * encrypted and shown only as the mask and their last 4 characters. The agent's queue is the web's
 * second call to conversations (decision 0043): this service never writes another service's tables.
 */
@Injectable()
export class AgentService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly templates: AgentTemplateRepository,
    private readonly cipher: KeyCipher,
    private readonly outbox: OutboxWriter,
    private readonly provider: ChatCompletionsClient,
  ) {}

  async list(tenancy: Tenancy): Promise<Agent[]> {
    return (await this.agents.list(tenancy.companyId)).map(mapAgent);
  }

  async get(tenancy: Tenancy, id: number): Promise<Agent> {
    const row = await this.agents.find(tenancy.companyId, id);
    if (!row) throw notFound();
    return mapAgent(row);
  }

  async create(tenancy: Tenancy, body: AgentCreateFields): Promise<Agent> {
    await this.assertTemplate(body.templateId);
    const apiKey = sealKey(this.cipher, body.apiKey);
    const voiceKey = sealKey(this.cipher, body.voiceKey);
    const voiceApiKey = sealKey(this.cipher, body.voiceApiKey);
    return this.agents.transaction(async (manager) => {
      const row = await this.agents.insert(manager, tenancy.companyId, valuesOf(body, apiKey, voiceKey, voiceApiKey));
      return this.announce(manager, row, true);
    });
  }

  async update(tenancy: Tenancy, id: number, body: AgentUpdateFields): Promise<Agent> {
    if (body.templateId !== undefined) await this.assertTemplate(body.templateId);
    return this.agents.transaction(async (manager) => {
      const current = await this.agents.lock(manager, tenancy.companyId, id);
      if (!current) throw notFound();
      const {
        apiKey: _a,
        voiceKey: _v,
        voiceApiKey: _va,
        usage: _u,
        id: _i,
        companyId: _c,
        createdAt: _ca,
        updatedAt: _ua,
        ...kept
      } = mapAgent(current);
      const { apiKey: sentApiKey, voiceKey: sentVoiceKey, voiceApiKey: sentVoiceApiKey, ...changes } = body;
      const merged: AgentFields = { ...kept, ...stripUndefined(changes) };
      if (merged.mode === 'template' && !merged.companyName) throw invalid('companyName', M.companyNameRequired);
      if (merged.mode === 'advanced' && !merged.systemPrompt && !merged.customPrompt) throw invalid('systemPrompt', M.systemPromptRequired);
      const values = valuesOf(
        merged,
        keptOrSealedKey(this.cipher, sentApiKey, { stored: current.api_key, shown: current.api_key_shown }),
        keptOrSealedKey(this.cipher, sentVoiceKey, { stored: current.voice_key, shown: current.voice_key_shown }),
        keptOrSealedKey(this.cipher, sentVoiceApiKey, { stored: current.voice_api_key, shown: current.voice_api_key_shown }),
      );
      return this.announce(manager, await this.agents.update(manager, id, values), false);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.agents.transaction(async (manager) => {
      if (!(await this.agents.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.outbox.add(manager, {
        definition: agentDeleted,
        companyId: tenancy.companyId,
        key: `agent-${id}`,
        payload: { agentId: id },
      });
    });
    return { message: M.deleted };
  }

  /** POST /agents/test-connection: always answered (200), `success` false with the reason on a failure. */
  async testConnection(target: ChatCompletionsTarget): Promise<AgentTestConnectionResponse> {
    const failure = await this.provider.test(target);
    return failure === null
      ? { success: true, error: null, message: M.connectionOk }
      : { success: false, error: failure, message: M.connectionFailed(failure) };
  }

  /** POST /agents/preview: the prompt the answers make, through the chosen template or the default one. */
  async preview(input: {
    name: string;
    companyName: string;
    questionnaireData: Questionnaire;
    templateId: number | null;
  }): Promise<{ prompt: string }> {
    if (input.templateId === null) return { prompt: composeAgentPrompt({ ...input, questionnaire: input.questionnaireData }) };
    const template = await this.templates.find(input.templateId);
    if (!template) throw invalid('templateId', 'Template não encontrado');
    const data = { ...input.questionnaireData, agent_name: input.name, company_name: input.companyName };
    return { prompt: fillTemplate(template.base_prompt, data, new Date(), 'America/Sao_Paulo') };
  }

  private async assertTemplate(templateId: number | null | undefined): Promise<void> {
    if (templateId && !(await this.templates.find(templateId))) throw invalid('templateId', 'Template não encontrado');
  }

  private async announce(manager: EntityManager, row: AgentRow, created: boolean): Promise<Agent> {
    const agent = mapAgent(row);
    await this.outbox.add(manager, {
      definition: agentSaved,
      companyId: agent.companyId,
      key: `agent-${agent.id}`,
      payload: { agent, created },
    });
    return agent;
  }
}

const stripUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

function valuesOf(
  fields: AgentFields,
  apiKey: { stored: string; shown: string },
  voiceKey: { stored: string; shown: string },
  voiceApiKey: { stored: string; shown: string },
): AgentValues {
  return {
    name: fields.name,
    description: fields.description,
    mode: fields.mode,
    company_name: fields.companyName,
    company_description: fields.companyDescription,
    business_hours: fields.businessHours,
    location: fields.location,
    questionnaire_data: fields.questionnaireData,
    custom_prompt: fields.customPrompt,
    system_prompt: fields.systemPrompt,
    provider: fields.provider,
    api_key: apiKey.stored,
    api_key_shown: apiKey.shown,
    model: fields.model,
    temperature: fields.temperature,
    max_tokens: fields.maxTokens,
    max_messages: fields.maxMessages,
    voice: fields.voice,
    voice_key: voiceKey.stored,
    voice_key_shown: voiceKey.shown,
    voice_region: fields.voiceRegion,
    voice_enabled: fields.voiceEnabled,
    voice_api_key: voiceApiKey.stored,
    voice_api_key_shown: voiceApiKey.shown,
    voice_id: fields.voiceId,
    voice_provider: fields.voiceProvider,
    can_schedule: fields.canSchedule,
    scheduling_instructions: fields.schedulingInstructions,
    scheduling_services: fields.schedulingServices,
    connected_services: fields.connectedServices,
    can_set_tags: fields.canSetTags,
    tag_rules: fields.tagRules,
    tags: fields.tags,
    tag_instructions: fields.tagInstructions,
    allow_service_access: fields.allowServiceAccess,
    fallback_message: fields.fallbackMessage,
    transfer_to_human_keywords: fields.transferToHumanKeywords,
    is_active: fields.isActive,
    template_id: fields.templateId,
    selected_template: fields.selectedTemplate,
  };
}
