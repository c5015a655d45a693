import { scheduleSettingsBodySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class BookingSettingsBodyDto extends createZodDto(scheduleSettingsBodySchema) {}
