import { type Prompt, PROMPT_VOICES, PROMPTS_PAGE_SIZE, type PromptVoice } from '@app/contracts';
import { changedRows, likeContaining } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A prompt with its queue's name; `api_key` and `voice_key` are the encrypted keys (KeyCipher). */
export interface PromptRow {
  id: number;
  company_id: number;
  name: string;
  api_key: string;
  api_key_shown: string;
  prompt: string;
  voice: string;
  voice_key: string;
  voice_key_shown: string;
  voice_region: string;
  temperature: number;
  max_tokens: number;
  max_messages: number;
  queue_id: number | null;
  queue_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What a save writes: the keys already encrypted, with the form the API shows. */
export interface PromptValues {
  name: string;
  apiKey: string;
  apiKeyShown: string;
  prompt: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceKeyShown: string;
  voiceRegion: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  queueId: number | null;
}

const voiceOf = (voice: string): PromptVoice => ((PROMPT_VOICES as readonly string[]).includes(voice) ? (voice as PromptVoice) : 'texto');

/** The prompt as the API shows it: the keys only in their shown form, never decrypted here. */
export const mapPrompt = (row: PromptRow): Prompt => ({
  id: row.id,
  name: row.name,
  apiKey: row.api_key_shown,
  prompt: row.prompt,
  voice: voiceOf(row.voice),
  voiceKey: row.voice_key_shown,
  voiceRegion: row.voice_region,
  temperature: Number(row.temperature),
  maxTokens: row.max_tokens,
  maxMessages: row.max_messages,
  queueId: row.queue_id,
  queue: row.queue_id !== null && row.queue_name !== null ? { id: row.queue_id, name: row.queue_name } : null,
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const SELECT = `
  SELECT p.*, q.name AS queue_name
  FROM ai.prompts p LEFT JOIN ai.queues q ON q.id = p.queue_id`;

/** The companies' prompts. */
@Injectable()
export class PromptRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the company's prompts by name, searched by name (case-insensitive), with the total found. */
  async page(companyId: number, searchParam: string, pageNumber: number): Promise<{ rows: PromptRow[]; count: number }> {
    const like = likeContaining(searchParam.toLowerCase());
    const [rows, counted]: [PromptRow[], { count: number }[]] = await Promise.all([
      this.dataSource.query(
        `${SELECT} WHERE p.company_id = $1 AND ($2 = '%%' OR lower(p.name) LIKE $2) ORDER BY lower(p.name), p.id LIMIT $3 OFFSET $4`,
        [companyId, like, PROMPTS_PAGE_SIZE, (pageNumber - 1) * PROMPTS_PAGE_SIZE],
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS count FROM ai.prompts p WHERE p.company_id = $1 AND ($2 = '%%' OR lower(p.name) LIKE $2)`,
        [companyId, like],
      ),
    ]);
    return { rows, count: counted[0]!.count };
  }

  async find(companyId: number, id: number): Promise<PromptRow | null> {
    const rows: PromptRow[] = await this.dataSource.query(`${SELECT} WHERE p.id = $1 AND p.company_id = $2`, [id, companyId]);
    return rows[0] ?? null;
  }

  /** The company's prompt, locked for a change in this transaction; null when the company has no such prompt. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<PromptRow | null> {
    const locked: { id: number }[] = await manager.query(`SELECT id FROM ai.prompts WHERE id = $1 AND company_id = $2 FOR UPDATE`, [
      id,
      companyId,
    ]);
    if (!locked.length) return null;
    const rows: PromptRow[] = await manager.query(`${SELECT} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, companyId: number, values: PromptValues): Promise<PromptRow> {
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO ai.prompts (company_id, name, api_key, api_key_shown, prompt, voice, voice_key, voice_key_shown, voice_region,
                               temperature, max_tokens, max_messages, queue_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [companyId, ...valueList(values)],
    );
    return this.reread(manager, inserted[0]!.id);
  }

  async update(manager: EntityManager, id: number, values: PromptValues): Promise<PromptRow> {
    await manager.query(
      `UPDATE ai.prompts SET name = $2, api_key = $3, api_key_shown = $4, prompt = $5, voice = $6, voice_key = $7, voice_key_shown = $8,
              voice_region = $9, temperature = $10, max_tokens = $11, max_messages = $12, queue_id = $13, updated_at = now()
       WHERE id = $1`,
      [id, ...valueList(values)],
    );
    return this.reread(manager, id);
  }

  /** Removes the company's prompt; false when the company has no such prompt. */
  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM ai.prompts WHERE id = $1 AND company_id = $2 RETURNING id`, [id, companyId]),
    );
    return rows.length > 0;
  }

  /** The company's prompts bound to this queue lose it (the queue was deleted); their rows as they are now. */
  async unbindQueue(manager: EntityManager, companyId: number, queueId: number): Promise<PromptRow[]> {
    const rows = changedRows<{ id: number }>(
      await manager.query(
        `UPDATE ai.prompts SET queue_id = NULL, updated_at = now() WHERE company_id = $1 AND queue_id = $2 RETURNING id`,
        [companyId, queueId],
      ),
    );
    return Promise.all(rows.map((row) => this.reread(manager, row.id)));
  }

  /** Adds one answer's token usage to the prompt's counters (a prompt deleted meanwhile counts nothing). */
  async addUsage(manager: EntityManager, id: number, promptTokens: number, completionTokens: number): Promise<void> {
    await manager.query(
      `UPDATE ai.prompts SET prompt_tokens = prompt_tokens + $2, completion_tokens = completion_tokens + $3 WHERE id = $1`,
      [id, promptTokens, completionTokens],
    );
  }

  private async reread(manager: EntityManager, id: number): Promise<PromptRow> {
    const rows: PromptRow[] = await manager.query(`${SELECT} WHERE p.id = $1`, [id]);
    return rows[0]!;
  }
}

const valueList = (values: PromptValues) => [
  values.name,
  values.apiKey,
  values.apiKeyShown,
  values.prompt,
  values.voice,
  values.voiceKey,
  values.voiceKeyShown,
  values.voiceRegion,
  values.temperature,
  values.maxTokens,
  values.maxMessages,
  values.queueId,
];
