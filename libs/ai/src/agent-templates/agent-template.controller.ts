import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';

import { AgentTemplateBodyDto, AgentTemplateProcessDto } from './agent-template.dto';
import { AgentTemplateService } from './agent-template.service';

/** /agent-templates: every signed-in user reads and fills them (the agent wizard); only super users write them. */
@Controller('agent-templates')
export class AgentTemplateController {
  constructor(private readonly templates: AgentTemplateService) {}

  /** GET /agent-templates → {templates}. */
  @Get()
  list() {
    return this.templates.list();
  }

  @Get(':id')
  get(@IdParam() id: number) {
    return this.templates.get(id);
  }

  @Post()
  @Roles('super')
  create(@Body() body: AgentTemplateBodyDto) {
    return this.templates.create(body);
  }

  @Put(':id')
  @Roles('super')
  update(@IdParam() id: number, @Body() body: AgentTemplateBodyDto) {
    return this.templates.update(id, body);
  }

  @Delete(':id')
  @Roles('super')
  delete(@IdParam() id: number) {
    return this.templates.delete(id);
  }

  /** POST /agent-templates/{id}/process {data} → {processedPrompt}, dated by the caller's company's clock. */
  @Post(':id/process')
  @HttpCode(200)
  process(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: AgentTemplateProcessDto) {
    return this.templates.process(tenancy.companyId, id, body.data);
  }
}
