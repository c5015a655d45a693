import { queueCreateSchema, queueUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class QueueCreateDto extends createZodDto(queueCreateSchema) {}
export class QueueUpdateDto extends createZodDto(queueUpdateSchema) {}
