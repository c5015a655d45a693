import { promptCreateBodySchema, promptPageQuerySchema, promptUpdateBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class PromptCreateDto extends createZodDto(promptCreateBodySchema) {}
export class PromptUpdateDto extends createZodDto(promptUpdateBodySchema) {}
export class PromptPageQueryDto extends createZodDto(promptPageQuerySchema) {}
