import { planCreateSchema, planUpdateSchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class PlanCreateDto extends createZodDto(planCreateSchema) {}
export class PlanUpdateDto extends createZodDto(planUpdateSchema) {}
