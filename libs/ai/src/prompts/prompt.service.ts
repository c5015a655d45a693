import {
  type Prompt,
  PROMPT_MESSAGES,
  type PromptCreateFields,
  promptDeleted,
  type PromptPageResponse,
  PROMPTS_PAGE_SIZE,
  promptSaved,
  type PromptUpdateFields,
} from '@app/contracts';
import { AppError, assertProjected, OutboxWriter, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { KeyCipher } from '../common/key-cipher';
import { keptOrSealedKey, type SealedKey, sealKey } from '../common/sealed-key';
import { QueueRepository } from '../queues/queue.repository';
import { mapPrompt, PromptRepository, type PromptRow, type PromptValues } from './prompt.repository';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Prompt not found');
const queueNotFound = (queueId: number) =>
  new AppError('ERR_QUEUE_NOT_FOUND', `No queue ${queueId} in this company`, { queueIds: [queueId] });

/**
 * The company's prompts (plan flag useOpenAi, checked by the controller): each bound to one of its
 * company's queues; the keys are kept encrypted and shown only as the mask and their last 4 characters.
 */
@Injectable()
export class PromptService {
  constructor(
    private readonly prompts: PromptRepository,
    private readonly queues: QueueRepository,
    private readonly cipher: KeyCipher,
    private readonly outbox: OutboxWriter,
  ) {}

  async page(tenancy: Tenancy, searchParam: string, pageNumber: number): Promise<PromptPageResponse> {
    const { rows, count } = await this.prompts.page(tenancy.companyId, searchParam, pageNumber);
    return { prompts: rows.map(mapPrompt), count, hasMore: count > pageNumber * PROMPTS_PAGE_SIZE };
  }

  async get(tenancy: Tenancy, id: number): Promise<Prompt> {
    const row = await this.prompts.find(tenancy.companyId, id);
    if (!row) throw notFound();
    return mapPrompt(row);
  }

  async create(tenancy: Tenancy, body: PromptCreateFields): Promise<Prompt> {
    return this.prompts.transaction(async (manager) => {
      await this.holdQueue(manager, tenancy.companyId, body.queueId!);
      const row = await this.prompts.insert(manager, tenancy.companyId, {
        name: body.name,
        ...this.sealed('apiKey', body.apiKey),
        prompt: body.prompt,
        voice: body.voice,
        ...this.sealed('voiceKey', body.voiceKey),
        voiceRegion: body.voiceRegion,
        temperature: body.temperature,
        maxTokens: body.maxTokens,
        maxMessages: body.maxMessages,
        queueId: body.queueId!,
      });
      return this.announce(manager, row, true);
    });
  }

  async update(tenancy: Tenancy, id: number, body: PromptUpdateFields): Promise<Prompt> {
    return this.prompts.transaction(async (manager) => {
      const current = await this.prompts.lock(manager, tenancy.companyId, id);
      if (!current) throw notFound();
      const queueId = body.queueId ?? current.queue_id;
      if (queueId === null)
        throw new AppError('ERR_VALIDATION', PROMPT_MESSAGES.queueRequired, {
          fields: [{ path: 'queueId', message: PROMPT_MESSAGES.queueRequired }],
        });
      await this.holdQueue(manager, tenancy.companyId, queueId);
      const values: PromptValues = {
        name: body.name ?? current.name,
        ...this.keptOrSealed('apiKey', body.apiKey, current.api_key, current.api_key_shown),
        prompt: body.prompt ?? current.prompt,
        voice: body.voice ?? mapPrompt(current).voice,
        ...this.keptOrSealed('voiceKey', body.voiceKey, current.voice_key, current.voice_key_shown),
        voiceRegion: body.voiceRegion ?? current.voice_region,
        temperature: body.temperature ?? Number(current.temperature),
        maxTokens: body.maxTokens ?? current.max_tokens,
        maxMessages: body.maxMessages ?? current.max_messages,
        queueId,
      };
      if (values.voice !== 'texto') {
        const fields = [
          ...(values.voiceKey ? [] : [{ path: 'voiceKey', message: PROMPT_MESSAGES.voiceKeyRequired }]),
          ...(values.voiceRegion ? [] : [{ path: 'voiceRegion', message: PROMPT_MESSAGES.voiceRegionRequired }]),
        ];
        if (fields.length) throw new AppError('ERR_VALIDATION', fields[0]!.message, { fields });
      }
      return this.announce(manager, await this.prompts.update(manager, id, values), false);
    });
  }

  async delete(tenancy: Tenancy, id: number): Promise<{ message: string }> {
    await this.prompts.transaction(async (manager) => {
      if (!(await this.prompts.delete(manager, tenancy.companyId, id))) throw notFound();
      await this.outbox.add(manager, {
        definition: promptDeleted,
        companyId: tenancy.companyId,
        key: `prompt-${id}`,
        payload: { promptId: id },
      });
    });
    return { message: PROMPT_MESSAGES.deleted };
  }

  /** The queue was deleted in conversations: the company's prompts bound to it lose it, each announced. */
  async queueDeleted(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    for (const row of await this.prompts.unbindQueue(manager, companyId, queueId)) await this.announce(manager, row, false);
  }

  /** The company's queue, held until the transaction ends; 400 ERR_QUEUE_NOT_FOUND for another company's or an unknown one. */
  private async holdQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
    // A queue the copy lacks (created a moment ago, or before ai listened) is asked of conversations (decision 0039).
    if (!(await this.queues.holdOfCompany(manager, companyId, queueId)))
      assertProjected(companyId, this.queues, [queueId], () => queueNotFound(queueId));
  }

  private sealed<K extends 'apiKey' | 'voiceKey'>(field: K, plain: string): Record<K | `${K}Shown`, string> {
    return keyFields(field, sealKey(this.cipher, plain));
  }

  /** A key left out, or sent back as the API showed it, stays as stored; another value replaces it (the agents' rule, sealed-key.ts). */
  private keptOrSealed<K extends 'apiKey' | 'voiceKey'>(
    field: K,
    sent: string | undefined,
    stored: string,
    shown: string,
  ): Record<K | `${K}Shown`, string> {
    return keyFields(field, keptOrSealedKey(this.cipher, sent, { stored, shown }));
  }

  private async announce(manager: EntityManager, row: PromptRow, created: boolean): Promise<Prompt> {
    const prompt = mapPrompt(row);
    await this.outbox.add(manager, {
      definition: promptSaved,
      companyId: prompt.companyId,
      key: `prompt-${prompt.id}`,
      payload: { prompt, created },
    });
    return prompt;
  }
}

/** A sealed key as a prompt's two fields (`apiKey` and `apiKeyShown`). */
const keyFields = <K extends 'apiKey' | 'voiceKey'>(field: K, key: SealedKey): Record<K | `${K}Shown`, string> =>
  ({ [field]: key.stored, [`${field}Shown`]: key.shown }) as Record<K | `${K}Shown`, string>;
