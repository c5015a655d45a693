import { CONTACT_LIST_SHEET_MAX_BYTES } from '@app/contracts';
import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Post,
  Put,
  Query,
  StreamableFile,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import { CampaignsEnabledGuard } from '../common/campaigns-enabled.guard';
import { ContactListBodyDto, ContactListPageQueryDto } from './contact-list.dto';
import { ContactListService } from './contact-list.service';

/** /contact-lists: the company's lists (the plan must allow campaigns; campaign screens are for admins, spec 2 section 6). */
@Controller('contact-lists')
@RequirePlan('useCampaigns')
@Roles('admin')
@UseGuards(CampaignsEnabledGuard)
export class ContactListController {
  constructor(private readonly lists: ContactListService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: ContactListPageQueryDto) {
    return this.lists.page(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  /** The campaign form's select; the Whaticket web's companyId is not read. */
  @Get('list')
  all(@CurrentTenancy() tenancy: Tenancy) {
    return this.lists.all(tenancy);
  }

  /** The sample spreadsheet (.xlsx): the columns an upload reads. */
  @Get('sample')
  @Header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @Header('Content-Disposition', 'attachment; filename="contact-list-sample.xlsx"')
  sample() {
    return new StreamableFile(this.lists.sample());
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.lists.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ContactListBodyDto) {
    return this.lists.create(tenancy, body);
  }

  @Put(':id')
  rename(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ContactListBodyDto) {
    return this.lists.rename(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.lists.delete(tenancy, id);
  }

  /** Multipart `file`: an .xlsx, .xls or .csv sheet of contacts, answered row by row. */
  @Post(':id/upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CONTACT_LIST_SHEET_MAX_BYTES, files: 1 } }))
  upload(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam() id: number,
    @UploadedFile() file: { originalname: string; buffer: Buffer } | undefined,
  ) {
    return this.lists.upload(tenancy, id, file);
  }
}
