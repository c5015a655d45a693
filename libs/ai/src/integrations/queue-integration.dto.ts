import {
  queueIntegrationCreateBodySchema,
  queueIntegrationSearchSchema,
  queueIntegrationTestSessionBodySchema,
  queueIntegrationUpdateBodySchema,
} from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class QueueIntegrationCreateDto extends createZodDto(queueIntegrationCreateBodySchema) {}
export class QueueIntegrationUpdateDto extends createZodDto(queueIntegrationUpdateBodySchema) {}
export class QueueIntegrationSearchDto extends createZodDto(queueIntegrationSearchSchema) {}
export class QueueIntegrationTestSessionDto extends createZodDto(queueIntegrationTestSessionBodySchema) {}
