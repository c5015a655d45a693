import { IdParam, Roles } from '@app/platform';
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

  /** POST /agent-templates/{id}/process {data, timeZone} → {processedPrompt}. */
  @Post(':id/process')
  @HttpCode(200)
  process(@IdParam() id: number, @Body() body: AgentTemplateProcessDto) {
    return this.templates.process(id, body.data, body.timeZone);
  }
}
