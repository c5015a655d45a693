import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';

import { PromptCreateDto, PromptPageQueryDto, PromptUpdateDto } from './prompt.dto';
import { PromptService } from './prompt.service';

/** /prompt: every user of a company whose plan has useOpenAi (403 ERR_PLAN_FEATURE_DISABLED otherwise). */
@Controller('prompt')
@RequirePlan('useOpenAi')
export class PromptController {
  constructor(private readonly prompts: PromptService) {}

  /** GET /prompt?searchParam=&pageNumber= → {prompts, count, hasMore}. */
  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: PromptPageQueryDto) {
    return this.prompts.page(tenancy, query.searchParam, query.pageNumber);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.prompts.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: PromptCreateDto) {
    return this.prompts.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: PromptUpdateDto) {
    return this.prompts.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.prompts.delete(tenancy, id);
  }
}
