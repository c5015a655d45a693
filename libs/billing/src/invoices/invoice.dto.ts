import { invoicePageQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class InvoicePageQueryDto extends createZodDto(invoicePageQuerySchema) {}
