import { AGENT_TEMPLATE_MESSAGES, type AgentTemplate, type AgentTemplateFields } from '@app/contracts';
import { AppError } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { GroupRepository } from '../groups/group.repository';
import { AgentTemplateRepository, mapAgentTemplate } from './agent-template.repository';
import { fillTemplate } from './template-variables';

const notFound = () => new AppError('ERR_NOT_FOUND', 'Agent template not found');

/** The agent templates: every company picks from them, super users write them. */
@Injectable()
export class AgentTemplateService {
  constructor(
    private readonly templates: AgentTemplateRepository,
    private readonly settings: GroupRepository,
  ) {}

  async list(): Promise<{ templates: AgentTemplate[] }> {
    return { templates: (await this.templates.list()).map(mapAgentTemplate) };
  }

  async get(id: number): Promise<AgentTemplate> {
    const row = await this.templates.find(id);
    if (!row) throw notFound();
    return mapAgentTemplate(row);
  }

  async create(body: AgentTemplateFields): Promise<{ template: AgentTemplate; message: string }> {
    return { template: mapAgentTemplate(await this.templates.insert(body)), message: AGENT_TEMPLATE_MESSAGES.created };
  }

  async update(id: number, body: AgentTemplateFields): Promise<{ template: AgentTemplate; message: string }> {
    const row = await this.templates.update(id, body);
    if (!row) throw notFound();
    return { template: mapAgentTemplate(row), message: AGENT_TEMPLATE_MESSAGES.updated };
  }

  async delete(id: number): Promise<{ message: string }> {
    if (!(await this.templates.delete(id))) throw notFound();
    return { message: AGENT_TEMPLATE_MESSAGES.deleted };
  }

  /** The template filled for the caller's company: its date and time on the company's clock (identity's timezone setting). */
  async process(
    companyId: number,
    id: number,
    data: Record<string, string | number | boolean | null>,
  ): Promise<{ processedPrompt: string }> {
    const template = await this.get(id);
    const timeZone = await this.settings.companyTimeZone(companyId);
    return { processedPrompt: fillTemplate(template.basePrompt, data, new Date(), timeZone) };
  }
}
