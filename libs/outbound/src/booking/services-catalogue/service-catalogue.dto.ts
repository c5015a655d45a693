import { serviceBodySchema, servicePageQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class ServiceBodyDto extends createZodDto(serviceBodySchema) {}
export class ServicePageQueryDto extends createZodDto(servicePageQuerySchema) {}
