import { CurrentTenancy, IdParam, Public, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';

import { MAX_IMAGE_UPLOAD_BYTES, sendStoredFile, type UploadedFileLike } from '../common/uploads';
import { AnnouncementCreateDto, AnnouncementSearchDto, AnnouncementUpdateDto } from './announcement.dto';
import { AnnouncementService } from './announcement.service';

@Controller('announcements')
export class AnnouncementController {
  constructor(private readonly announcements: AnnouncementService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: AnnouncementSearchDto) {
    return this.announcements.page(tenancy, query);
  }

  /** Public, so an <img> can show it; the name in the path must be the current attachment's. */
  @Public()
  @Get(':id/media/:name')
  async media(@IdParam() id: number, @Param('name') name: string, @Res() response: Response) {
    await sendStoredFile(response, await this.announcements.media(id, name), 3600);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.announcements.get(tenancy, id);
  }

  @Roles('super')
  @Post()
  create(@Body() body: AnnouncementCreateDto) {
    return this.announcements.create(body);
  }

  @Roles('super')
  @Put(':id')
  update(@IdParam() id: number, @Body() body: AnnouncementUpdateDto) {
    return this.announcements.update(id, body);
  }

  @Roles('super')
  @Delete(':id')
  @HttpCode(204)
  async remove(@IdParam() id: number) {
    await this.announcements.remove(id);
  }

  @Roles('super')
  @Post(':id/media-upload')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1 } }))
  attach(@IdParam() id: number, @UploadedFile() file: UploadedFileLike | undefined) {
    return this.announcements.attach(id, file);
  }

  @Roles('super')
  @Delete(':id/media-upload')
  detach(@IdParam() id: number) {
    return this.announcements.detach(id);
  }
}
