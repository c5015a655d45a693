import type { EventDefinition } from '@app/contracts';
import { type NewEvent, OutboxWriter, prepared } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { INVOICE_COLUMNS } from '../common/invoice.sql';
import type { InvoiceRow } from '../invoices/invoice.repository';

export interface ChargeRow {
  provider: string;
  payment_id: string;
  invoice_id: number;
  company_id: number;
  br_code: string;
}

/** The provider's customers, charges and applied webhook events. */
@Injectable()
export class ChargeRepository {
  constructor(
    @InjectDataSource('billing') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async customerOf(provider: string, companyId: number): Promise<string | null> {
    const rows: { customer_id: string }[] = await this.dataSource.query(
      `SELECT customer_id FROM billing.provider_customers WHERE provider = $1 AND company_id = $2`,
      [provider, companyId],
    );
    return rows[0]?.customer_id ?? null;
  }

  /** Keeps the company's customer; when two checkouts made one each, the first kept is the one used from then on. */
  async keepCustomer(provider: string, companyId: number, customerId: string): Promise<string> {
    const rows: { customer_id: string }[] = await this.dataSource.query(
      `INSERT INTO billing.provider_customers (provider, company_id, customer_id) VALUES ($1, $2, $3)
       ON CONFLICT (provider, company_id) DO UPDATE SET customer_id = billing.provider_customers.customer_id
       RETURNING customer_id`,
      [provider, companyId, customerId],
    );
    return rows[0]!.customer_id;
  }

  async chargeOfInvoice(provider: string, invoiceId: number): Promise<ChargeRow | null> {
    const rows: ChargeRow[] = await this.dataSource.query(`SELECT * FROM billing.charges WHERE provider = $1 AND invoice_id = $2`, [
      provider,
      invoiceId,
    ]);
    return rows[0] ?? null;
  }

  /** Keeps the invoice's charge; when two checkouts made one each, the first kept is answered. */
  async keepCharge(charge: ChargeRow): Promise<ChargeRow> {
    const rows: ChargeRow[] = await this.dataSource.query(
      `INSERT INTO billing.charges (provider, payment_id, invoice_id, company_id, br_code) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT charges_invoice_key DO UPDATE SET br_code = billing.charges.br_code
       RETURNING *`,
      [charge.provider, charge.payment_id, charge.invoice_id, charge.company_id, charge.br_code],
    );
    return rows[0]!;
  }

  /**
   * What a provider's payment event would change, in one read: the invoice of the payment's charge
   * (null for a payment billing did not make) and whether the event was applied already.
   */
  async paymentOf(provider: string, eventId: string, paymentId: string): Promise<{ invoice: InvoiceRow; applied: boolean } | null> {
    const rows: (InvoiceRow & { applied: boolean })[] = await this.dataSource.query(
      prepared(`WITH charge AS (SELECT invoice_id FROM billing.charges WHERE provider = $1 AND payment_id = $3)
       SELECT ${INVOICE_COLUMNS},
              EXISTS (SELECT 1 FROM billing.webhook_events WHERE provider = $1 AND event_id = $2) AS applied
         FROM billing.invoices WHERE id = (SELECT invoice_id FROM charge)`),
      [provider, eventId, paymentId],
    );
    const row = rows[0];
    if (!row) return null;
    const { applied, ...invoice } = row;
    return { invoice, applied };
  }

  /**
   * A payment event applied in one statement, so it needs no transaction: the event recorded (a
   * provider repeats its events), the invoice paid at `paidAt` while it is open and the event
   * recorded now, and `paid` (the invoice as this leaves it) written to the outbox only when this
   * statement paid it. Repeated, concurrent or out of order (another event of the same payment), the
   * invoice is paid and announced once. True when this statement paid it.
   */
  async payOnce(provider: string, eventId: string, invoiceId: number, paidAt: Date, paid: NewEvent<EventDefinition>): Promise<boolean> {
    const events = this.outbox.statementPart([{ ...paid, gate: String(invoiceId) }], 5, 'SELECT id::text FROM paid');
    const rows: { id: number }[] = await this.dataSource.query(
      prepared(`WITH event AS (
         INSERT INTO billing.webhook_events (provider, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
       ), paid AS (
         UPDATE billing.invoices SET status = 'paid', paid_at = $4
          WHERE id = $3 AND status = 'open' AND EXISTS (SELECT 1 FROM event) RETURNING id
       ), ${events.ctes}
       SELECT id, ${events.notify} AS notified FROM paid`),
      [provider, eventId, invoiceId, paidAt, ...events.params],
    );
    return rows.length > 0;
  }
}
