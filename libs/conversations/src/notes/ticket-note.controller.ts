import { CONVERSATIONS_MESSAGES, ticketNoteCreateSchema, ticketNoteListQuerySchema } from '@app/contracts';
import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { TicketNoteService } from './ticket-note.service';

class TicketNoteCreateDto extends createZodDto(ticketNoteCreateSchema) {}
class TicketNoteListQueryDto extends createZodDto(ticketNoteListQuerySchema) {}

@Controller('ticket-notes')
export class TicketNoteController {
  constructor(private readonly notes: TicketNoteService) {}

  @Get('list')
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: TicketNoteListQueryDto) {
    return this.notes.list(tenancy, query.contactId, query.ticketId);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: TicketNoteCreateDto) {
    return this.notes.create(tenancy, body);
  }

  @Delete(':id')
  async delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.notes.delete(tenancy, id);
    return { message: CONVERSATIONS_MESSAGES.noteDeleted };
  }
}
