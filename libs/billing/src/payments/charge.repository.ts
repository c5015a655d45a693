import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

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
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

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

  async chargeOfPayment(manager: EntityManager, provider: string, paymentId: string): Promise<ChargeRow | null> {
    const rows: ChargeRow[] = await manager.query(`SELECT * FROM billing.charges WHERE provider = $1 AND payment_id = $2`, [
      provider,
      paymentId,
    ]);
    return rows[0] ?? null;
  }

  /** Records the webhook event; false when it was applied before (the provider repeats events). */
  async firstDelivery(manager: EntityManager, provider: string, eventId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO billing.webhook_events (provider, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [provider, eventId],
    );
    return rows.length === 1;
  }
}
