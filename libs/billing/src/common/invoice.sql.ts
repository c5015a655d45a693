// What every statement reading an invoice selects (InvoiceRow), for the repositories that read invoices.

/** An invoice's columns as InvoiceRow has them; the due date as YYYY-MM-DD text (a date column would come back as a Date at local midnight). */
export const INVOICE_COLUMNS = `id, company_id, detail, value_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date, recurrence, status, paid_at, created_at`;
