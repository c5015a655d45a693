import { kanbanQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class KanbanQueryDto extends createZodDto(kanbanQuerySchema) {}
