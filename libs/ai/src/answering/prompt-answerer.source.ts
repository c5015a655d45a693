import {
  AI_DEFAULT_FALLBACK_MESSAGE,
  AI_DEFAULT_HANDOFF_KEYWORDS,
  AI_DEFAULT_MODEL,
  type AiAuthor,
  PROMPT_TEXT_VOICE,
} from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { KeyCipher } from '../common/key-cipher';
import { PromptRepository } from '../prompts/prompt.repository';
import type { QueueBinding } from '../queues/queue.repository';
import type { Answerer, AnswererSource, TokenUsage } from './answerer';

/**
 * Prompts answer the queues bound to them with OpenAI (their key), the spec's agent defaults for what
 * a prompt does not set (model gpt-4o-mini, the fallback message, the handoff keywords).
 */
@Injectable()
export class PromptAnswererSource implements AnswererSource {
  constructor(
    private readonly prompts: PromptRepository,
    private readonly cipher: KeyCipher,
  ) {}

  async answererFor(binding: QueueBinding, companyId: number): Promise<Answerer | null> {
    if (binding.promptId === null) return null;
    const row = await this.prompts.find(companyId, binding.promptId);
    if (!row) return null;
    return {
      author: { kind: 'prompt', id: row.id, name: row.name },
      companyId,
      provider: 'openai',
      apiKey: this.cipher.decrypt(row.api_key),
      model: AI_DEFAULT_MODEL,
      temperature: Number(row.temperature),
      maxTokens: row.max_tokens,
      maxMessages: row.max_messages,
      systemPrompt: row.prompt,
      fallbackMessage: AI_DEFAULT_FALLBACK_MESSAGE,
      transferToHumanKeywords: [...AI_DEFAULT_HANDOFF_KEYWORDS],
      // A voice other than 'texto' speaks with Azure Speech (the prompt's voiceKey and voiceRegion).
      ...(row.voice !== PROMPT_TEXT_VOICE && row.voice_key && row.voice_region
        ? { voice: { provider: 'azure' as const, key: this.cipher.decrypt(row.voice_key), region: row.voice_region, voice: row.voice } }
        : {}),
    };
  }

  async recordUsage(manager: EntityManager, author: AiAuthor, usage: TokenUsage): Promise<void> {
    if (author.kind !== 'prompt') return;
    await this.prompts.addUsage(manager, author.id, usage.promptTokens, usage.completionTokens);
  }
}
