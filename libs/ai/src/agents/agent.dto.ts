import { agentCreateBodySchema, agentPreviewBodySchema, agentTestConnectionBodySchema, agentUpdateBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class AgentCreateDto extends createZodDto(agentCreateBodySchema) {}
export class AgentUpdateDto extends createZodDto(agentUpdateBodySchema) {}
export class AgentTestConnectionDto extends createZodDto(agentTestConnectionBodySchema) {}
export class AgentPreviewDto extends createZodDto(agentPreviewBodySchema) {}
