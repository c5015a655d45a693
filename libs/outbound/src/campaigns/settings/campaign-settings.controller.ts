import { CurrentTenancy, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';

import { CampaignsEnabledGuard } from '../common/campaigns-enabled.guard';
import { CampaignSettingsBodyDto } from './campaign-settings.dto';
import { CampaignSettingsService } from './campaign-settings.service';

/** /campaign-settings: the plan must allow campaigns, and campaign screens are for admins (spec 2, section 6). */
@Controller('campaign-settings')
@RequirePlan('useCampaigns')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class CampaignSettingsController {
  constructor(private readonly settings: CampaignSettingsService) {}

  @Get()
  records(@CurrentTenancy() tenancy: Tenancy) {
    return this.settings.records(tenancy);
  }

  @Post()
  @HttpCode(200)
  save(@CurrentTenancy() tenancy: Tenancy, @Body() body: CampaignSettingsBodyDto) {
    return this.settings.save(tenancy, body);
  }
}
