import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Get, Put, Query } from '@nestjs/common';

import { GroupListQueryDto, GroupUpdateDto } from './group.dto';
import { GroupService } from './group.service';

/** /groups: the company's WhatsApp group contacts with their transcription and summary settings (the /transcribe page). */
@Controller('groups')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  /** GET /groups?searchParam=&pageNumber= → {contacts, count, hasMore}. */
  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: GroupListQueryDto) {
    return this.groups.page(tenancy, query.searchParam, query.pageNumber);
  }

  /** PUT /groups/{id} with activetranscribe, or the summary settings. */
  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: GroupUpdateDto) {
    return this.groups.update(tenancy, id, body);
  }
}
