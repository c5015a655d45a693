import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Controller, Delete, Get, Put, Query } from '@nestjs/common';

import { KanbanQueryDto } from './kanban.dto';
import { KanbanService } from './kanban.service';

/** The kanban board's calls (spec 2): the company's plan must include useKanban (403 ERR_PLAN_FEATURE_DISABLED otherwise). */
@Controller()
@RequirePlan('useKanban')
export class KanbanController {
  constructor(private readonly kanban: KanbanService) {}

  @Get('ticket/kanban')
  lane(@CurrentTenancy() tenancy: Tenancy, @Query() query: KanbanQueryDto) {
    return this.kanban.lane(tenancy, query);
  }

  @Put('ticket-tags/:ticketId/:tagId')
  putTag(@CurrentTenancy() tenancy: Tenancy, @IdParam('ticketId') ticketId: number, @IdParam('tagId') tagId: number) {
    return this.kanban.putTag(tenancy, ticketId, tagId);
  }

  @Delete('ticket-tags/:ticketId')
  removeKanbanTags(@CurrentTenancy() tenancy: Tenancy, @IdParam('ticketId') ticketId: number) {
    return this.kanban.removeKanbanTags(tenancy, ticketId);
  }
}
