import {
  type ApiMediaDeleteResponse,
  type ApiMediaFile,
  MEDIA_UPLOAD_MAX_BYTES,
  MEDIA_UPLOAD_TYPES,
  type MediaLinkResponse,
  type MediaUploadResponse,
} from '@app/contracts';
import {
  acceptedUploadType,
  AppError,
  companyMediaKey,
  CurrentTenancy,
  FILE_STORAGE,
  fileLinkExpiry,
  fileLinkSignature,
  type FileStorage,
  IdParam,
  PLATFORM_OPTIONS,
  type PlatformOptions,
  Public,
  Roles,
  sendStoredFile,
  storedFileName,
  type Tenancy,
  verifyFileLink,
} from '@app/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';

import { ApiMediaLibrary } from './api-media-library';
import { ApiMediaParamsDto } from './api-media-params.dto';
import { MediaLinkDto } from './media-link.dto';
import { mediaKeys, mediaUrl } from './media-store';

interface UploadedMedia {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

const notFound = () => new AppError('ERR_NOT_FOUND', 'File not found');
const SIGNED_ROUTE = '/api/whatsapp-media/signed/';

/**
 * Media files of the whatsapp service, served only to users of the company that owns them (with
 * the bearer token, or through a short-lived signed link), always through `sendStoredFile`.
 */
@Controller('whatsapp-media')
export class MediaController {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
    private readonly apiMedias: ApiMediaLibrary,
  ) {}

  /** The company's uploaded API media (images and videos), for the connection card's positions. */
  @Get('api-medias')
  @Roles('admin')
  listApiMedias(@CurrentTenancy() tenancy: Tenancy): Promise<ApiMediaFile[]> {
    return this.apiMedias.list(tenancy.companyId);
  }

  /** A new image or video for the API media positions; a position then holds its name. */
  @Post('api-medias')
  @Roles('admin')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1 } }))
  async uploadApiMedia(@CurrentTenancy() tenancy: Tenancy, @UploadedFile() file: UploadedMedia | undefined): Promise<ApiMediaFile> {
    if (!file) throw new AppError('ERR_VALIDATION', 'A file is required', { fields: [{ path: 'file', message: 'Obrigatório' }] });
    return this.apiMedias.upload(tenancy.companyId, file);
  }

  /** Every version of the name; 409 ERR_API_MEDIA_IN_USE while a position holds it, 404 when the company has none. */
  @Delete('api-medias/:name')
  @Roles('admin')
  async deleteApiMedia(@CurrentTenancy() tenancy: Tenancy, @Param() params: ApiMediaParamsDto): Promise<ApiMediaDeleteResponse> {
    await this.apiMedias.delete(tenancy.companyId, params.name);
    return { message: 'api media deleted' };
  }

  @Get('companies/:companyId/*path')
  async download(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam('companyId') companyId: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // Another company's file answers exactly like a missing one.
    if (companyId !== tenancy.companyId) throw notFound();
    await this.serve(`companies/${companyId}/${restOf(request)}`, response);
  }

  /** A link made by POST /whatsapp-media/links: no token, the signature and its expiry stand for it. */
  @Public()
  @Get('signed/companies/:companyId/*path')
  async signed(
    @IdParam('companyId') companyId: number,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const key = `companies/${companyId}/${restOf(request)}`;
    if (!verifyFileLink(this.options.jwt.secret, key, expires, signature)) throw notFound();
    await this.serve(key, response);
  }

  /** A short-lived link to one of the company's files, for the browser to open or download. */
  @Post('links')
  @HttpCode(200)
  link(@CurrentTenancy() tenancy: Tenancy, @Body() body: MediaLinkDto): MediaLinkResponse {
    const key = companyMediaKey(body.url, tenancy.companyId);
    if (!key) {
      throw new AppError('ERR_VALIDATION', 'url must be a media URL of this company', {
        fields: [{ path: 'url', message: 'mídia inválida' }],
      });
    }
    const expires = fileLinkExpiry();
    const signature = fileLinkSignature(this.options.jwt.secret, key, expires);
    const path = key.split('/').map(encodeURIComponent).join('/');
    return { url: `${SIGNED_ROUTE}${path}?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /** Upload for sends and API media positions: size-limited, of an accepted type that the bytes confirm. */
  @Post()
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1 } }))
  async upload(@CurrentTenancy() tenancy: Tenancy, @UploadedFile() file: UploadedMedia | undefined): Promise<MediaUploadResponse> {
    if (!file) throw new AppError('ERR_VALIDATION', 'A file is required', { fields: [{ path: 'file', message: 'Obrigatório' }] });
    const type = acceptedUploadType(file, MEDIA_UPLOAD_TYPES, 'file');
    const fileName = storedFileName(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    const key = mediaKeys.uploaded(tenancy.companyId, fileName);
    const stored = await this.storage.put(key, file.buffer, type, { fileName });
    return { url: mediaUrl(key), fileName, mimetype: type, size: stored.size };
  }

  private async serve(key: string, response: Response): Promise<void> {
    let file;
    try {
      file = await this.storage.get(key);
    } catch {
      file = null; // an unsafe key
    }
    if (!file) throw notFound();
    await sendStoredFile(response, file, { cacheControl: 'private, max-age=86400' });
  }
}

const restOf = (request: Request) => {
  const rest = (request.params as Record<string, string | string[]>).path;
  return Array.isArray(rest) ? rest.join('/') : rest;
};
