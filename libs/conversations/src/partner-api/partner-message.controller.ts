import {
  idempotencyKeySchema,
  PARTNER_MEDIA_MAX_BYTES,
  PARTNER_MEDIAS_MAX,
  partnerSendMultipartSchema,
  partnerSendSchema,
} from '@app/contracts';
import { IdParam, Public } from '@app/platform';
import { Body, Controller, Get, Headers, HttpCode, Post, Res, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';

import type { UploadedMedia } from '../sending/media-upload';
import { ApiTokenGuard, CurrentApiCaller, TokenCheckedByStatement } from './api-token.guard';
import { ApiTokenRepository } from './api-token.repository';
import type { ApiCaller } from './api-token.service';
import { parsed } from './partner-input';
import { PartnerMessageService } from './partner-message.service';

const multipartFields = partnerSendMultipartSchema.omit({ medias: true });

/**
 * The public messages API (decision 0051), with an API token instead of a user's session. Declared
 * before the inbox's /messages/:ticketId routes, which would otherwise take 'send' for a ticket id.
 */
@Controller('messages')
@Public()
@UseGuards(ApiTokenGuard)
export class PartnerMessageController {
  constructor(
    private readonly messages: PartnerMessageService,
    private readonly tokens: ApiTokenRepository,
  ) {}

  /** JSON `{ number, body }` or multipart `number`, `body`, `medias`; `Idempotency-Key` optional. */
  @Post('send')
  @HttpCode(200)
  @TokenCheckedByStatement()
  @UseInterceptors(
    FilesInterceptor('medias', PARTNER_MEDIAS_MAX, { limits: { fileSize: PARTNER_MEDIA_MAX_BYTES, fields: 10, fieldSize: 64 * 1024 } }),
  )
  async send(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() raw: unknown,
    @UploadedFiles() files: UploadedMedia[] | undefined,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const idempotencyKey = key === undefined ? undefined : parsed(idempotencyKeySchema, key);
    const body = files?.length ? parsed(multipartFields, raw) : parsed(partnerSendSchema, raw);
    const result = await this.messages.send(caller, { ...body, files, idempotencyKey });
    if (result.replayed) response.setHeader('Idempotent-Replayed', 'true');
    return result.response;
  }

  /** The company's tags (the Tags tab). Declared before status/:id and the inbox's /messages/:ticketId. */
  @Get('tags')
  async tags(@CurrentApiCaller() caller: ApiCaller) {
    return { tags: await this.tokens.tags(caller.companyId) };
  }

  /** A message the company sent: its status now. */
  @Get('status/:id')
  status(@CurrentApiCaller() caller: ApiCaller, @IdParam() id: number) {
    return this.messages.status(caller, id);
  }
}
