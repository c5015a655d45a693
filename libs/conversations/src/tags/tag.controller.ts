import { tagCreateSchema, tagSyncSchema } from '@app/contracts';
import { CurrentTenancy, type Tenancy } from '@app/platform';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { TagService } from './tag.service';

class TagCreateDto extends createZodDto(tagCreateSchema) {}
class TagSyncDto extends createZodDto(tagSyncSchema) {}

@Controller('tags')
export class TagController {
  constructor(private readonly tags: TagService) {}

  @Get('list')
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.tags.list(tenancy);
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
}
