import type { Agent, AgentMode, AgentProvider, Questionnaire, TagRule } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** An agent; `api_key`, `voice_key` and `voice_api_key` are the encrypted keys (KeyCipher). */
export interface AgentRow {
  id: number;
  company_id: number;
  name: string;
  description: string;
  mode: AgentMode;
  company_name: string;
  company_description: string;
  business_hours: string;
  location: string;
  questionnaire_data: Questionnaire;
  custom_prompt: string;
  system_prompt: string;
  provider: AgentProvider;
  api_key: string;
  api_key_shown: string;
  model: string;
  temperature: number;
  max_tokens: number;
  max_messages: number;
  voice: string;
  voice_key: string;
  voice_key_shown: string;
  voice_region: string;
  voice_enabled: boolean;
  voice_api_key: string;
  voice_api_key_shown: string;
  voice_id: string;
  voice_provider: string;
  can_schedule: boolean;
  scheduling_instructions: string;
  scheduling_services: number[];
  connected_services: string[];
  can_set_tags: boolean;
  tag_rules: TagRule[];
  tags: string[];
  tag_instructions: string;
  allow_service_access: boolean;
  fallback_message: string;
  transfer_to_human_keywords: string[];
  is_active: boolean;
  template_id: number | null;
  selected_template: string | null;
  prompt_tokens: string;
  completion_tokens: string;
  cost_usd: string;
  created_at: Date;
  updated_at: Date;
}

/** What a save writes: every column but the id, the company, the counters and the times. */
export type AgentValues = Omit<
  AgentRow,
  'id' | 'company_id' | 'prompt_tokens' | 'completion_tokens' | 'cost_usd' | 'created_at' | 'updated_at'
>;

/** The columns a save writes, in one order for INSERT and UPDATE; the JSON ones are cast. */
const COLUMNS = [
  'name',
  'description',
  'mode',
  'company_name',
  'company_description',
  'business_hours',
  'location',
  'questionnaire_data',
  'custom_prompt',
  'system_prompt',
  'provider',
  'api_key',
  'api_key_shown',
  'model',
  'temperature',
  'max_tokens',
  'max_messages',
  'voice',
  'voice_key',
  'voice_key_shown',
  'voice_region',
  'voice_enabled',
  'voice_api_key',
  'voice_api_key_shown',
  'voice_id',
  'voice_provider',
  'can_schedule',
  'scheduling_instructions',
  'scheduling_services',
  'connected_services',
  'can_set_tags',
  'tag_rules',
  'tags',
  'tag_instructions',
  'allow_service_access',
  'fallback_message',
  'transfer_to_human_keywords',
  'is_active',
  'template_id',
  'selected_template',
] as const satisfies readonly (keyof AgentValues)[];

const JSON_COLUMNS: ReadonlySet<string> = new Set([
  'questionnaire_data',
  'scheduling_services',
  'connected_services',
  'tag_rules',
  'tags',
  'transfer_to_human_keywords',
]);

const parameter = (column: string, index: number) => `$${index}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`;
const INSERT = `INSERT INTO ai.agents (company_id, ${COLUMNS.join(', ')})
  VALUES ($1, ${COLUMNS.map((column, i) => parameter(column, i + 2)).join(', ')}) RETURNING *`;
const UPDATE = `UPDATE ai.agents SET ${COLUMNS.map((column, i) => `${column} = ${parameter(column, i + 2)}`).join(', ')}, updated_at = now()
  WHERE id = $1 RETURNING *`;
const valueList = (values: AgentValues) =>
  COLUMNS.map((column) => (JSON_COLUMNS.has(column) ? JSON.stringify(values[column]) : values[column]));

/** The agent as the API shows it: the keys only in their shown form, never decrypted here. */
export const mapAgent = (row: AgentRow): Agent => ({
  id: row.id,
  name: row.name,
  description: row.description,
  mode: row.mode,
  companyName: row.company_name,
  companyDescription: row.company_description,
  businessHours: row.business_hours,
  location: row.location,
  questionnaireData: row.questionnaire_data,
  customPrompt: row.custom_prompt,
  systemPrompt: row.system_prompt,
  provider: row.provider,
  apiKey: row.api_key_shown,
  model: row.model,
  temperature: Number(row.temperature),
  maxTokens: row.max_tokens,
  maxMessages: row.max_messages,
  voice: row.voice,
  voiceKey: row.voice_key_shown,
  voiceRegion: row.voice_region,
  voiceEnabled: row.voice_enabled,
  voiceApiKey: row.voice_api_key_shown,
  voiceId: row.voice_id,
  voiceProvider: row.voice_provider,
  canSchedule: row.can_schedule,
  schedulingInstructions: row.scheduling_instructions,
  schedulingServices: row.scheduling_services,
  connectedServices: row.connected_services,
  canSetTags: row.can_set_tags,
  tagRules: row.tag_rules,
  tags: row.tags,
  tagInstructions: row.tag_instructions,
  allowServiceAccess: row.allow_service_access,
  fallbackMessage: row.fallback_message,
  transferToHumanKeywords: row.transfer_to_human_keywords,
  isActive: row.is_active,
  templateId: row.template_id,
  selectedTemplate: row.selected_template,
  usage: { promptTokens: Number(row.prompt_tokens), completionTokens: Number(row.completion_tokens), costUsd: Number(row.cost_usd) },
  companyId: row.company_id,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The companies' AI agents. */
@Injectable()
export class AgentRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async list(companyId: number): Promise<AgentRow[]> {
    return this.dataSource.query(`SELECT * FROM ai.agents WHERE company_id = $1 ORDER BY lower(name), id`, [companyId]);
  }

  async find(companyId: number, id: number): Promise<AgentRow | null> {
    const rows: AgentRow[] = await this.dataSource.query(`SELECT * FROM ai.agents WHERE id = $1 AND company_id = $2`, [id, companyId]);
    return rows[0] ?? null;
  }

  /** The company's agent, locked for a change in this transaction; null when the company has no such agent. */
  async lock(manager: EntityManager, companyId: number, id: number): Promise<AgentRow | null> {
    const rows: AgentRow[] = await manager.query(`SELECT * FROM ai.agents WHERE id = $1 AND company_id = $2 FOR UPDATE`, [id, companyId]);
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, companyId: number, values: AgentValues): Promise<AgentRow> {
    const rows: AgentRow[] = await manager.query(INSERT, [companyId, ...valueList(values)]);
    return rows[0]!;
  }

  async update(manager: EntityManager, id: number, values: AgentValues): Promise<AgentRow> {
    const rows = changedRows<AgentRow>(await manager.query(UPDATE, [id, ...valueList(values)]));
    return rows[0]!;
  }

  /** Adds one answer's token usage to the agent's counters (an agent deleted meanwhile counts nothing). */
  async addUsage(manager: EntityManager, id: number, promptTokens: number, completionTokens: number): Promise<void> {
    await manager.query(
      `UPDATE ai.agents SET prompt_tokens = prompt_tokens + $2, completion_tokens = completion_tokens + $3 WHERE id = $1`,
      [id, promptTokens, completionTokens],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await manager.query(`DELETE FROM ai.agents WHERE id = $1 AND company_id = $2 RETURNING id`, [id, companyId]),
    );
    return rows.length > 0;
  }
}
