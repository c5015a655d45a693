import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import type { UploadedMedia } from '../sending/media-upload';
import { QueueCreateDto, QueueUpdateDto } from './queue.dto';
import { QueueService } from './queue.service';

/** GET /queue is for every user of the company (ticket dialogs, filters); changes need an admin. */
@Controller('queue')
export class QueueController {
  constructor(private readonly queues: QueueService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.queues.list(tenancy);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.queues.get(tenancy, id);
  }

  @Post()
  @Roles('admin')
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: QueueCreateDto) {
    return this.queues.create(tenancy, body);
  }

  @Put(':id')
  @Roles('admin')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: QueueUpdateDto) {
    return this.queues.update(tenancy, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  async delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.queues.delete(tenancy, id);
    return { message: 'Queue deleted' };
  }

  /** Multipart `file`: the queue's media (mediaPath, mediaName), replacing the previous one. */
  @Post(':id/media-upload')
  @Roles('admin')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1 } }))
  attachMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @UploadedFile() file: UploadedMedia | undefined) {
    return this.queues.attachMedia(tenancy, id, file);
  }

  @Delete(':id/media-upload')
  @Roles('admin')
  detachMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.queues.detachMedia(tenancy, id);
  }
}
