import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import type { UploadedMedia } from '../sending/media-upload';
import { QuickMessageCreateDto, QuickMessagePageQueryDto, QuickMessageUpdateDto } from './quick-message.dto';
import { QuickMessageService } from './quick-message.service';

/** /quick-messages: every user of the company; who reads and changes which one is the service's rule. */
@Controller('quick-messages')
export class QuickMessageController {
  constructor(private readonly quickMessages: QuickMessageService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: QuickMessagePageQueryDto) {
    return this.quickMessages.page(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  /** The chat's suggestions; the query's companyId and userId (Whaticket's) are not read: the token says who asks. */
  @Get('list')
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.quickMessages.list(tenancy);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.quickMessages.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: QuickMessageCreateDto) {
    return this.quickMessages.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: QuickMessageUpdateDto) {
    return this.quickMessages.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.quickMessages.delete(tenancy, id);
  }

  /** Multipart `file` (and `typeArch=quickMessage`, which says nothing more): the one attachment. */
  @Post(':id/media-upload')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1 } }))
  attachMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @UploadedFile() file: UploadedMedia | undefined) {
    return this.quickMessages.attachMedia(tenancy, id, file);
  }

  @Delete(':id/media-upload')
  detachMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.quickMessages.detachMedia(tenancy, id);
  }
}
