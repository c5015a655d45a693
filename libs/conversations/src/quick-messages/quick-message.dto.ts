import { quickMessageCreateSchema, quickMessagePageQuerySchema, quickMessageUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class QuickMessageCreateDto extends createZodDto(quickMessageCreateSchema) {}
export class QuickMessageUpdateDto extends createZodDto(quickMessageUpdateSchema) {}
export class QuickMessagePageQueryDto extends createZodDto(quickMessagePageQuerySchema) {}
