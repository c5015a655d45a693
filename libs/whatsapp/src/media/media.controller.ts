import { Controller, Get, Inject, Param, ParseIntPipe, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { MEDIA_UPLOAD_MAX_BYTES, MEDIA_UPLOAD_TYPES, type MediaUploadResponse } from '@app/contracts';
import { AppError, CurrentTenancy, FILE_STORAGE, storedFileName, type FileStorage, type Tenancy } from '@app/platform';
import { baseType, contentMatches } from './content-type';
import { mediaKeys, mediaUrl } from './media-store';

interface UploadedMedia {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** Media files of the whatsapp service, served only to users of the company that owns them. */
@Controller('whatsapp-media')
export class MediaController {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Get('companies/:companyId/*path')
  async download(
    @CurrentTenancy() tenancy: Tenancy,
    @Param('companyId', ParseIntPipe) companyId: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // Another company's file answers exactly like a missing one.
    if (companyId !== tenancy.companyId) throw new AppError('ERR_NOT_FOUND', 'File not found');
    const rest = (request.params as Record<string, string | string[]>).path;
    const key = `companies/${companyId}/${Array.isArray(rest) ? rest.join('/') : rest}`;
    let file;
    try {
      file = await this.storage.get(key);
    } catch {
      file = null; // an unsafe key
    }
    if (!file) throw new AppError('ERR_NOT_FOUND', 'File not found');
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Content-Length', String(file.size));
    response.setHeader('Cache-Control', 'private, max-age=86400');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Disposition', `inline; filename="${key.split('/').pop()}"`);
    file.stream.pipe(response);
  }

  /** Upload for sends and API media positions: size-limited, of an accepted type that the bytes confirm. */
  @Post()
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1 } }))
  async upload(@CurrentTenancy() tenancy: Tenancy, @UploadedFile() file: UploadedMedia | undefined): Promise<MediaUploadResponse> {
    if (!file) throw new AppError('ERR_VALIDATION', 'A file is required', { fields: [{ path: 'file', message: 'Obrigatório' }] });
    const type = baseType(file.mimetype);
    if (!(MEDIA_UPLOAD_TYPES as readonly string[]).includes(type) || !contentMatches(type, file.buffer)) {
      throw new AppError('ERR_VALIDATION', `Files of type ${file.mimetype} are not accepted`, {
        fields: [{ path: 'file', message: 'tipo de arquivo não permitido' }],
      });
    }
    const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    const key = mediaKeys.uploaded(tenancy.companyId, fileName);
    const stored = await this.storage.put(key, file.buffer, type);
    return { url: mediaUrl(key), fileName, mimetype: type, size: stored.size };
  }
}
