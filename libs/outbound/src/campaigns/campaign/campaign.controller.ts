import { CAMPAIGN_MEDIA_MAX_BYTES } from '@app/contracts';
import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import { CampaignsEnabledGuard } from '../common/campaigns-enabled.guard';
import { CampaignBodyDto, CampaignPageQueryDto } from './campaign.dto';
import { CampaignService, type UploadedMedia } from './campaign.service';

/** /campaigns: the company's campaigns (plan with campaigns, campaignsEnabled, admins: spec 2 section 6). */
@Controller('campaigns')
@RequirePlan('useCampaigns')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class CampaignController {
  constructor(private readonly campaigns: CampaignService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: CampaignPageQueryDto) {
    return this.campaigns.page(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.campaigns.get(tenancy, id);
  }

  @Get(':id/report')
  report(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.campaigns.report(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: CampaignBodyDto) {
    return this.campaigns.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: CampaignBodyDto) {
    return this.campaigns.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.campaigns.delete(tenancy, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.campaigns.cancel(tenancy, id);
  }

  @Post(':id/restart')
  @HttpCode(200)
  restart(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.campaigns.restart(tenancy, id);
  }

  /** Multipart `file`: the campaign's one attachment. */
  @Post(':id/media-upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CAMPAIGN_MEDIA_MAX_BYTES, files: 1 } }))
  uploadMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @UploadedFile() file: UploadedMedia | undefined) {
    return this.campaigns.uploadMedia(tenancy, id, file);
  }

  @Delete(':id/media-upload')
  deleteMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.campaigns.deleteMedia(tenancy, id);
  }
}
