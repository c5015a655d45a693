import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';

import { ChatCreateDto, ChatListQueryDto, ChatMessageCreateDto, ChatMessagesQueryDto } from './chat.dto';
import { ChatService } from './chat.service';

/** /chats: the internal chat (spec 2); the company's plan must include useInternalChat. */
@Controller('chats')
@RequirePlan('useInternalChat')
export class ChatController {
  constructor(private readonly chats: ChatService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: ChatListQueryDto) {
    return this.chats.list(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.chats.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ChatCreateDto) {
    return this.chats.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ChatCreateDto) {
    return this.chats.update(tenancy, id, body);
  }

  @Delete(':id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.chats.delete(tenancy, id);
  }

  @Get(':id/messages')
  messages(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Query() query: ChatMessagesQueryDto) {
    return this.chats.messages(tenancy, id, query.pageNumber ?? 1);
  }

  @Post(':id/messages')
  send(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: ChatMessageCreateDto) {
    return this.chats.send(tenancy, id, body.message);
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.chats.markRead(tenancy, id);
  }
}
