import {
  calendarBodySchema,
  scheduleBlockBodySchema,
  scheduleBlockListQuerySchema,
  scheduleBodySchema,
  schedulePageQuerySchema,
  scheduleSettingsBodySchema,
} from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class ScheduleBodyDto extends createZodDto(scheduleBodySchema) {}
export class SchedulePageQueryDto extends createZodDto(schedulePageQuerySchema) {}
export class CalendarBodyDto extends createZodDto(calendarBodySchema) {}
export class ScheduleBlockBodyDto extends createZodDto(scheduleBlockBodySchema) {}
export class ScheduleBlockListQueryDto extends createZodDto(scheduleBlockListQuerySchema) {}
export class ScheduleSettingsBodyDto extends createZodDto(scheduleSettingsBodySchema) {}
