import { agentTemplateBodySchema, agentTemplateProcessBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class AgentTemplateBodyDto extends createZodDto(agentTemplateBodySchema) {}
export class AgentTemplateProcessDto extends createZodDto(agentTemplateProcessBodySchema) {}
