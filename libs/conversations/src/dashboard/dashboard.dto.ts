import { dashboardQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class DashboardQueryDto extends createZodDto(dashboardQuerySchema) {}
