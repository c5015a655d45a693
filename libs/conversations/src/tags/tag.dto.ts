import { tagCreateSchema, tagPageQuerySchema, tagSyncSchema, tagUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class TagCreateDto extends createZodDto(tagCreateSchema) {}
export class TagUpdateDto extends createZodDto(tagUpdateSchema) {}
export class TagSyncDto extends createZodDto(tagSyncSchema) {}
export class TagPageQueryDto extends createZodDto(tagPageQuerySchema) {}
