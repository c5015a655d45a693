import { calendarBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class CalendarBodyDto extends createZodDto(calendarBodySchema) {}
