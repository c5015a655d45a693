import type { AgentProvider } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The agent or prompt whose provider and key the copilot uses; `api_key` encrypted (KeyCipher). */
export interface CopilotAssistantRow {
  kind: 'agent' | 'prompt';
  id: number;
  name: string;
  provider: AgentProvider;
  api_key: string;
  model: string | null;
}

/** Which of the company's assistants the copilot speaks through. */
@Injectable()
export class CopilotAssistantRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  /** The company's first active agent with a key (oldest first), else its first prompt with one; null when it has neither. */
  async first(companyId: number): Promise<CopilotAssistantRow | null> {
    const rows: CopilotAssistantRow[] = await this.dataSource.query(
      `(SELECT 'agent' AS kind, id, name, provider, api_key, model, 0 AS rank FROM ai.agents
         WHERE company_id = $1 AND is_active AND api_key <> '' ORDER BY id LIMIT 1)
       UNION ALL
       (SELECT 'prompt' AS kind, id, name, 'openai' AS provider, api_key, NULL AS model, 1 AS rank FROM ai.prompts
         WHERE company_id = $1 AND api_key <> '' ORDER BY id LIMIT 1)
       ORDER BY rank LIMIT 1`,
      [companyId],
    );
    return rows[0] ?? null;
  }
}
