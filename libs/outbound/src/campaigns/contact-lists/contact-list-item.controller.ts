import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query, UseGuards } from '@nestjs/common';

import { CampaignsEnabledGuard } from '../common/campaigns-enabled.guard';
import { ContactListItemCreateDto, ContactListItemPageQueryDto, ContactListItemUpdateDto } from './contact-list.dto';
import { ContactListItemService } from './contact-list-item.service';

/** /contact-list-items: the contacts of the company's lists (the plan must allow campaigns; campaign screens are for admins, spec 2 section 6). */
@Controller('contact-list-items')
@RequirePlan('useCampaigns')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class ContactListItemController {
  constructor(private readonly items: ContactListItemService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: ContactListItemPageQueryDto) {
    return this.items.page(tenancy, query.contactListId as number, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.items.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ContactListItemCreateDto) {
    const { contactListId, companyId: _companyId, ...fields } = body;
    return this.items.create(tenancy, contactListId as number, fields);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ContactListItemUpdateDto) {
    const { contactListId: _contactListId, companyId: _companyId, ...fields } = body;
    return this.items.update(tenancy, id, fields);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.items.delete(tenancy, id);
  }
}
