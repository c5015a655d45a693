import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';

import { TagCreateDto, TagPageQueryDto, TagSyncDto, TagUpdateDto } from './tag.dto';
import { TagService } from './tag.service';

/** /tags: every user of the company; only admins and supervisors set the kanban flag (the service keeps to it). */
@Controller('tags')
export class TagController {
  constructor(private readonly tags: TagService) {}

  /** GET /tags/?searchParam=&pageNumber= → {tags, hasMore}: the tags screen. */
  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: TagPageQueryDto) {
    return this.tags.page(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get('list')
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.tags.list(tenancy);
  }

  /** GET /tags/kanban → {lista}: the kanban lanes. */
  @Get('kanban')
  kanban(@CurrentTenancy() tenancy: Tenancy) {
    return this.tags.kanban(tenancy);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.tags.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: TagCreateDto) {
    return this.tags.create(tenancy, body);
  }

  @Post('sync')
  @HttpCode(200)
  sync(@CurrentTenancy() tenancy: Tenancy, @Body() body: TagSyncDto) {
    return this.tags.sync(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: TagUpdateDto) {
    return this.tags.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.tags.delete(tenancy, id);
  }
}
