import type { AgentTemplate, AgentTemplateFields } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface AgentTemplateRow {
  id: number;
  name: string;
  category: string;
  description: string;
  base_prompt: string;
  required_fields: string[];
  default_config: AgentTemplate['defaultConfig'];
  icon: string;
  created_at: Date;
  updated_at: Date;
}

export const mapAgentTemplate = (row: AgentTemplateRow): AgentTemplate => ({
  id: row.id,
  name: row.name,
  category: row.category,
  description: row.description,
  basePrompt: row.base_prompt,
  requiredFields: row.required_fields,
  defaultConfig: row.default_config,
  icon: row.icon,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const valueList = (values: AgentTemplateFields) => [
  values.name,
  values.category,
  values.description,
  values.basePrompt,
  JSON.stringify(values.requiredFields),
  JSON.stringify(values.defaultConfig),
  values.icon || values.category,
];

/** The platform's agent templates (not a company's: every company picks from the same ones). */
@Injectable()
export class AgentTemplateRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  async list(): Promise<AgentTemplateRow[]> {
    return this.dataSource.query(`SELECT * FROM ai.agent_templates ORDER BY id`);
  }

  async find(id: number): Promise<AgentTemplateRow | null> {
    const rows: AgentTemplateRow[] = await this.dataSource.query(`SELECT * FROM ai.agent_templates WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async insert(values: AgentTemplateFields): Promise<AgentTemplateRow> {
    const rows: AgentTemplateRow[] = await this.dataSource.query(
      `INSERT INTO ai.agent_templates (name, category, description, base_prompt, required_fields, default_config, icon)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) RETURNING *`,
      valueList(values),
    );
    return rows[0]!;
  }

  async update(id: number, values: AgentTemplateFields): Promise<AgentTemplateRow | null> {
    const rows = changedRows<AgentTemplateRow>(
      await this.dataSource.query(
        `UPDATE ai.agent_templates SET name = $2, category = $3, description = $4, base_prompt = $5, required_fields = $6::jsonb,
                default_config = $7::jsonb, icon = $8, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [id, ...valueList(values)],
      ),
    );
    return rows[0] ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const rows = changedRows<{ id: number }>(
      await this.dataSource.query(`DELETE FROM ai.agent_templates WHERE id = $1 RETURNING id`, [id]),
    );
    return rows.length > 0;
  }
}
