import { createZodDto } from 'nestjs-zod';
import { queueCreateSchema, queueUpdateSchema } from '@app/contracts';

export class QueueCreateDto extends createZodDto(queueCreateSchema) {}
export class QueueUpdateDto extends createZodDto(queueUpdateSchema) {}
