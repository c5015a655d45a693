import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';

import { AgentCreateDto, AgentPreviewDto, AgentTestConnectionDto, AgentUpdateDto } from './agent.dto';
import { AgentService } from './agent.service';

/**
 * /agents: a company whose plan has useIntegrations (403 ERR_PLAN_FEATURE_DISABLED otherwise). Every
 * user reads them; admins create, change and delete them (as they do the queues an agent needs).
 */
@Controller('agents')
@RequirePlan('useIntegrations')
export class AgentController {
  constructor(private readonly agents: AgentService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.agents.list(tenancy);
  }

  /** POST /agents/test-connection {provider, apiKey, model} → {success, error, message}. */
  @Post('test-connection')
  @HttpCode(200)
  @Roles('admin')
  testConnection(@Body() body: AgentTestConnectionDto) {
    return this.agents.testConnection(body);
  }

  /** POST /agents/preview {questionnaireData, name, companyName, templateId} → {prompt}. */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: AgentPreviewDto) {
    return this.agents.preview(body);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.agents.get(tenancy, id);
  }

  @Post()
  @Roles('admin')
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: AgentCreateDto) {
    return this.agents.create(tenancy, body);
  }

  @Put(':id')
  @Roles('admin')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: AgentUpdateDto) {
    return this.agents.update(tenancy, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.agents.delete(tenancy, id);
  }
}
