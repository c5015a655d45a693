import { scheduleBodySchema, schedulePageQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class AppointmentBodyDto extends createZodDto(scheduleBodySchema) {}
export class AppointmentPageQueryDto extends createZodDto(schedulePageQuerySchema) {}
