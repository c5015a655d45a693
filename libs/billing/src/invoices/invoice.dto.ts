import { invoicePageQuerySchema, openInvoicesQuerySchema } from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

export class OpenInvoicesQueryDto extends createZodDto(openInvoicesQuerySchema) {}
export class InvoicePageQueryDto extends createZodDto(invoicePageQuerySchema) {}
