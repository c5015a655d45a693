import { contactCreateSchema, contactListQuerySchema, contactUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class ContactCreateDto extends createZodDto(contactCreateSchema) {}
export class ContactUpdateDto extends createZodDto(contactUpdateSchema) {}
export class ContactListQueryDto extends createZodDto(contactListQuerySchema) {}
