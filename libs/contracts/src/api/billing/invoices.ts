import { z } from 'zod';

import { type Recurrence, RECURRENCE_MONTHS, recurrenceEnum } from '../identity/constants';
import { dateOnlySchema, idParamSchema, idSchema } from '../primitives';

// ---------------------------------------------------------------------------------------------
// Invoices (spec 3 "Invoice", "Invoices screen (Faturas)"): one per company and billing period,
// generated from the company's plan and recurrence; owned by the billing service
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice as the API shows it: `value` in cents, `dueDate` as YYYY-MM-DD. */
export const invoiceSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  detail: z.string(),
  value: z.number().int().min(0),
  dueDate: dateOnlySchema,
  recurrence: recurrenceEnum,
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICES_PAGE_SIZE = 20;

/** GET /invoices/all?searchParam=&pageNumber= → {invoices, count, hasMore}: newest due date first, searched in the detail. */
export const invoicePageQuerySchema = z.object({
  searchParam: z.string().trim().max(200).default(''),
  pageNumber: z.coerce.number().int().min(1).max(2_500).default(1),
});
export const invoicePageResponseSchema = z.object({
  invoices: z.array(invoiceSchema),
  count: z.number().int().min(0),
  hasMore: z.boolean(),
});
export type InvoicePageResponse = z.infer<typeof invoicePageResponseSchema>;

/** GET /invoices/open?companyId= (super users): a company's unpaid invoices, oldest due date first, for confirming a static-key Pix by hand. */
export const openInvoicesQuerySchema = z.object({ companyId: idParamSchema });
export const openInvoicesResponseSchema = z.array(invoiceSchema);

/** What the Faturas screen shows in the Status column (spec 3 "Invoice display status derived from dates"). */
export const INVOICE_DISPLAY_STATUS = { paid: 'Pago', overdue: 'Vencido', open: 'Em Aberto' } as const;
export type InvoiceDisplayStatus = keyof typeof INVOICE_DISPLAY_STATUS;

/** Paid is Pago; not paid and due before `today` (YYYY-MM-DD) is Vencido; otherwise Em Aberto. */
export function invoiceDisplayStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}

/** How an invoice's detail and the checkout name a recurrence. */
export const RECURRENCE_LABELS: Record<Recurrence, string> = {
  MENSAL: 'Mensal',
  BIMESTRAL: 'Bimestral',
  TRIMESTRAL: 'Trimestral',
  SEMESTRAL: 'Semestral',
  ANUAL: 'Anual',
};

/** The plan's value is monthly (spec 3: "Monthly billing in BRL"): a period costs it once per month it covers. */
export function periodValueCents(monthlyCents: number, recurrence: Recurrence): number {
  return monthlyCents * RECURRENCE_MONTHS[recurrence];
}

/** A plan value in reais (as identity keeps it, e.g. 99.9) as integer cents. */
export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/**
 * `company-{id}-payment` (spec 3: "a payment event on the invoice channel carries action CONCLUIDA"):
 * the invoice was paid and the company renewed until `company.dueDate`; the checkout shows the renewal
 * and returns to / after 4 s.
 */
export type PaymentSocketPayload = { action: 'CONCLUIDA'; company: { id: number; dueDate: string }; invoice: Invoice };

// ---------------------------------------------------------------------------------------------
// Revenue (the platform operator's view on the super settings, beyond the spec): invoices by the
// month of their due date and by plan, counted and summed in cents.
// ---------------------------------------------------------------------------------------------

/** GET /invoices/revenue?months= (super users): the last `months` months up to the current one. */
export const revenueQuerySchema = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });

/** Paid, still open and overdue (open past its due date) invoices: how many and how much, in cents. */
const revenueFiguresSchema = z.object({
  paidCount: z.number().int().min(0),
  paidCents: z.number().int().min(0),
  openCount: z.number().int().min(0),
  openCents: z.number().int().min(0),
  overdueCount: z.number().int().min(0),
  overdueCents: z.number().int().min(0),
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

export const revenueResponseSchema = z.object({
  /** YYYY-MM of the first and last month shown. */
  from: z.string().regex(/^\d{4}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}$/),
  /** Every month from `from` to `to`, oldest first, empty months included. */
  months: z.array(revenueFiguresSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  /** Each plan invoiced in those months, most received first (planId null: issued before plans were recorded). */
  plans: z.array(revenueFiguresSchema.extend({ planId: z.number().int().nullable(), planName: z.string() })),
  totals: revenueFiguresSchema,
});
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;
