import { apiMediaParamsSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class ApiMediaParamsDto extends createZodDto(apiMediaParamsSchema) {}
