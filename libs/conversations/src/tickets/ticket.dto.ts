import {
  messageEditSchema,
  messageListQuerySchema,
  messageReactionCreateSchema,
  messageSendSchema,
  ticketCloseAllSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketUpdateSchema,
} from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class TicketListQueryDto extends createZodDto(ticketListQuerySchema) {}
export class TicketCreateDto extends createZodDto(ticketCreateSchema) {}
export class TicketUpdateDto extends createZodDto(ticketUpdateSchema) {}
export class TicketCloseAllDto extends createZodDto(ticketCloseAllSchema) {}
export class MessageListQueryDto extends createZodDto(messageListQuerySchema) {}
export class MessageSendDto extends createZodDto(messageSendSchema) {}
export class MessageEditDto extends createZodDto(messageEditSchema) {}
export class MessageReactionCreateDto extends createZodDto(messageReactionCreateSchema) {}
