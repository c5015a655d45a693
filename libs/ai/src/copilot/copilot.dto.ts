import { copilotRewriteSchema, copilotSuggestionSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class CopilotSuggestionDto extends createZodDto(copilotSuggestionSchema) {}
export class CopilotRewriteDto extends createZodDto(copilotRewriteSchema) {}
