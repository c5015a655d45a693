import { helpCreateSchema, type HelpResponse, helpUpdateSchema, pageQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

import type { Help } from './help.repository';

export class HelpCreateDto extends createZodDto(helpCreateSchema) {}
export class HelpUpdateDto extends createZodDto(helpUpdateSchema) {}
export class HelpSearchDto extends createZodDto(pageQuerySchema) {}

export function mapHelp(help: Help): HelpResponse {
  return {
    id: help.id,
    title: help.title,
    description: help.description,
    video: help.video,
    createdAt: help.createdAt.toISOString(),
    updatedAt: help.updatedAt.toISOString(),
  };
}
