import { scheduleBlockBodySchema, scheduleBlockListQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class BookingBlockBodyDto extends createZodDto(scheduleBlockBodySchema) {}
export class BookingBlockListQueryDto extends createZodDto(scheduleBlockListQuerySchema) {}
