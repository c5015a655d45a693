import { createZodDto } from 'nestjs-zod';
import { contactCreateSchema, contactListQuerySchema, contactUpdateSchema } from '@app/contracts';

export class ContactCreateDto extends createZodDto(contactCreateSchema) {}
export class ContactUpdateDto extends createZodDto(contactUpdateSchema) {}
export class ContactListQueryDto extends createZodDto(contactListQuerySchema) {}
