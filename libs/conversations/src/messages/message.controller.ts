import {
  MEDIA_UPLOAD_MAX_BYTES,
  messageForwardWhaticketSchema,
  messageReactWhaticketSchema,
  messageSendSchema,
  messageTemplateSendSchema,
} from '@app/contracts';
import { AppError, IdParam } from '@app/platform';
import { CurrentTenancy, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { createZodDto } from 'nestjs-zod';

import type { UploadedMedia } from '../sending/media-upload';
import { MessageEditDto, MessageListQueryDto, MessageReactionCreateDto } from '../tickets/ticket.dto';
import { ForwardService } from './forward.service';
import { type MessagePageStart, MessageService } from './message.service';

class MessageReactWhaticketDto extends createZodDto(messageReactWhaticketSchema) {}
class MessageForwardWhaticketDto extends createZodDto(messageForwardWhaticketSchema) {}
class MessageTemplateSendDto extends createZodDto(messageTemplateSendSchema) {}

/** One cursor picks the page: around a message, newer or older than one, or by number. */
function pageStart(query: MessageListQueryDto): MessagePageStart {
  if (query.aroundId !== undefined) return { aroundId: query.aroundId };
  if (query.newerId !== undefined) return { newerId: query.newerId };
  if (query.nextId !== undefined) return { nextId: query.nextId };
  return { pageNumber: query.pageNumber ?? 1 };
}

@Controller('messages')
export class MessageController {
  constructor(
    private readonly messages: MessageService,
    private readonly forwards: ForwardService,
  ) {}

  @Get(':ticketId')
  list(@CurrentTenancy() tenancy: Tenancy, @IdParam('ticketId') ticketId: number, @Query() query: MessageListQueryDto) {
    return this.messages.list(tenancy, ticketId, pageStart(query));
  }

  @Post(':ticketId/read')
  @HttpCode(200)
  read(@CurrentTenancy() tenancy: Tenancy, @IdParam('ticketId') ticketId: number) {
    return this.messages.markRead(tenancy, ticketId);
  }

  @Post('edit/:id')
  edit(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: MessageEditDto) {
    return this.messages.edit(tenancy, id, body);
  }

  @Post(':id/reactions')
  react(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: MessageReactionCreateDto) {
    return this.messages.react(tenancy, id, body.type);
  }

  /** The ticketz client's reaction: POST /messages/{id}/reactions with the message's ticket named. */
  @Post('react/:id')
  reactWhaticket(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: MessageReactWhaticketDto) {
    return this.messages.react(tenancy, id, body.emoji, body.ticketId);
  }

  /** The ticketz client's forward dialog (declared before `:ticketId`, which would read 'forward' as an id), unsigned as ticketz forwards. */
  @Post('forward')
  forwardWhaticket(@CurrentTenancy() tenancy: Tenancy, @Body() body: MessageForwardWhaticketDto) {
    return this.forwards.forward(tenancy, { ...body, signMessage: false });
  }

  /** Ours: an approved template on a WhatsApp Cloud API ticket (the only message once its 24-hour window has closed). */
  @Post(':ticketId/template')
  sendTemplate(@CurrentTenancy() tenancy: Tenancy, @IdParam('ticketId') ticketId: number, @Body() body: MessageTemplateSendDto) {
    return this.messages.sendTemplate(tenancy, ticketId, body);
  }

  /**
   * JSON `{ body, quotedMsg, mediaUrl, mimetype, fileName }`, or multipart `medias` (up to 10 files,
   * each sent as its own message with `body` as the caption of the first).
   */
  @Post(':ticketId')
  @UseInterceptors(FilesInterceptor('medias', 10, { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES } }))
  send(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam('ticketId') ticketId: number,
    @Body() raw: Record<string, unknown>,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ) {
    if (files && files.length > 0) return this.messages.sendFiles(tenancy, ticketId, typeof raw.body === 'string' ? raw.body : '', files);
    const body = messageSendSchema.safeParse(raw);
    if (!body.success) {
      throw new AppError('ERR_VALIDATION', body.error.issues[0]?.message ?? 'Invalid body', {
        fields: body.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      });
    }
    return this.messages.send(tenancy, ticketId, body.data);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.messages.delete(tenancy, id);
  }
}
