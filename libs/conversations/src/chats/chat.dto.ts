import { chatCreateSchema, chatListQuerySchema, chatMessageCreateSchema, chatMessagesQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class ChatCreateDto extends createZodDto(chatCreateSchema) {}
export class ChatListQueryDto extends createZodDto(chatListQuerySchema) {}
export class ChatMessagesQueryDto extends createZodDto(chatMessagesQuerySchema) {}
export class ChatMessageCreateDto extends createZodDto(chatMessageCreateSchema) {}
