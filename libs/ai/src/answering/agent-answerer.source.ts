import { AI_DEFAULT_FALLBACK_MESSAGE, AI_DEFAULT_HANDOFF_KEYWORDS, type AiAuthor } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AgentRepository, type AgentRow } from '../agents/agent.repository';
import { composeAgentPrompt } from '../agents/agent-prompt';
import { KeyCipher } from '../common/key-cipher';
import type { QueueBinding } from '../queues/queue.repository';
import type { Answerer, AnswererSource, AnswererVoice, TokenUsage } from './answerer';

/** Active agents answer the queues bound to them with their own provider, model, settings and texts. */
@Injectable()
export class AgentAnswererSource implements AnswererSource {
  constructor(
    private readonly agents: AgentRepository,
    private readonly cipher: KeyCipher,
  ) {}

  async answererFor(binding: QueueBinding, companyId: number): Promise<Answerer | null> {
    if (binding.agentId === null) return null;
    const row = await this.agents.find(companyId, binding.agentId);
    if (!row?.is_active) return null;
    return {
      author: { kind: 'agent', id: row.id, name: row.name },
      companyId,
      provider: row.provider,
      apiKey: this.cipher.decrypt(row.api_key),
      model: row.model,
      temperature: Number(row.temperature),
      maxTokens: row.max_tokens,
      maxMessages: row.max_messages,
      systemPrompt: systemPromptOf(row),
      fallbackMessage: row.fallback_message || AI_DEFAULT_FALLBACK_MESSAGE,
      transferToHumanKeywords:
        row.transfer_to_human_keywords.length > 0 ? row.transfer_to_human_keywords : [...AI_DEFAULT_HANDOFF_KEYWORDS],
      ...(voiceOf(row, this.cipher) ? { voice: voiceOf(row, this.cipher)! } : {}),
      tools: {
        tagRules: row.can_set_tags ? row.tag_rules : [],
        tagInstructions: row.can_set_tags ? row.tag_instructions : '',
        scheduling: row.can_schedule ? { serviceIds: row.scheduling_services, instructions: row.scheduling_instructions } : null,
      },
    };
  }

  async recordUsage(manager: EntityManager, author: AiAuthor, usage: TokenUsage): Promise<void> {
    if (author.kind !== 'agent') return;
    await this.agents.addUsage(manager, author.id, usage.promptTokens, usage.completionTokens);
  }
}

/** The prompt the wizard saved; failing that, the advanced mode's own text; failing that, the answers' default one. */
function systemPromptOf(row: AgentRow): string {
  if (row.system_prompt.trim()) return row.system_prompt;
  if (row.custom_prompt.trim()) return row.custom_prompt;
  return composeAgentPrompt({ name: row.name, companyName: row.company_name, questionnaire: row.questionnaire_data });
}

/** voiceEnabled: ElevenLabs with the agent's voiceApiKey and voiceId (voiceProvider elevenlabs, the default), or Azure Speech. */
function voiceOf(row: AgentRow, cipher: KeyCipher): AnswererVoice | null {
  if (!row.voice_enabled) return null;
  if ((row.voice_provider || 'elevenlabs') === 'elevenlabs') {
    return row.voice_api_key && row.voice_id
      ? { provider: 'elevenlabs', apiKey: cipher.decrypt(row.voice_api_key), voiceId: row.voice_id }
      : null;
  }
  if (row.voice_provider === 'azure' && row.voice_key && row.voice_region && row.voice) {
    return { provider: 'azure', key: cipher.decrypt(row.voice_key), region: row.voice_region, voice: row.voice };
  }
  return null;
}
