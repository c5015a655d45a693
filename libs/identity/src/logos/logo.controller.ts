import { IDENTITY_MESSAGES, LOGO_DESTINATIONS, type LogoDestination, logoUploadQuerySchema } from '@app/contracts';
import { AppError, Public, Roles } from '@app/platform';
import { Controller, Get, Param, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { createZodDto } from 'nestjs-zod';

import { MAX_IMAGE_UPLOAD_BYTES, sendStoredFile, type UploadedFileLike } from '../common/uploads';
import { LogoService } from './logo.service';

class LogoUploadQueryDto extends createZodDto(logoUploadQuerySchema) {}

@Controller()
export class LogoController {
  constructor(private readonly logos: LogoService) {}

  /** The spec's upload call: multipart `file`, `ref` the destination. */
  @Roles('super')
  @Post('settings/media-upload')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1 } }))
  upload(@Query() query: LogoUploadQueryDto, @UploadedFile() file: UploadedFileLike | undefined) {
    return this.logos.upload(query.ref, file);
  }

  @Public()
  @Get('logos')
  list() {
    return this.logos.list();
  }

  @Public()
  @Get('logos/:destination')
  async serve(@Param('destination') destination: string, @Res() response: Response) {
    if (!(LOGO_DESTINATIONS as readonly string[]).includes(destination)) {
      throw new AppError('ERR_NOT_FOUND', IDENTITY_MESSAGES.logoDestinationRequired);
    }
    await sendStoredFile(response, await this.logos.file(destination as LogoDestination), 300);
  }
}
