import { groupListQuerySchema, groupUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class GroupListQueryDto extends createZodDto(groupListQuerySchema) {}
export class GroupUpdateDto extends createZodDto(groupUpdateSchema) {}
