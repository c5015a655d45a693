import {
  contactListBodySchema,
  contactListItemCreateSchema,
  contactListItemPageQuerySchema,
  contactListItemUpdateSchema,
  contactListPageQuerySchema,
} from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class ContactListBodyDto extends createZodDto(contactListBodySchema) {}
export class ContactListPageQueryDto extends createZodDto(contactListPageQuerySchema) {}
export class ContactListItemCreateDto extends createZodDto(contactListItemCreateSchema) {}
export class ContactListItemUpdateDto extends createZodDto(contactListItemUpdateSchema) {}
export class ContactListItemPageQueryDto extends createZodDto(contactListItemPageQuerySchema) {}
