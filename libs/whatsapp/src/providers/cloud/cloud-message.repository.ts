import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The window Meta allows free-form messages in after a customer's message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface BilledConversation {
  billingId: string;
  category: string;
  billable: boolean;
  pricingModel: string;
  billedAt: Date;
}

/**
 * What the Cloud API provider keeps of messages: Meta's id (wamid) of each message we sent, each
 * contact's customer-service window, the statuses already applied and the conversations Meta bills.
 */
@Injectable()
export class CloudMessageRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  async recordSent(connectionId: number, messageId: string, wamid: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO whatsapp.cloud_sent (connection_id, wa_message_id, wamid) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [connectionId, messageId, wamid],
    );
  }

  async wamidOf(connectionId: number, messageId: string): Promise<string | null> {
    const rows: { wamid: string }[] = await this.dataSource.query(
      `SELECT wamid FROM whatsapp.cloud_sent WHERE connection_id = $1 AND wa_message_id = $2`,
      [connectionId, messageId],
    );
    return rows[0]?.wamid ?? null;
  }

  /** Our ids of the messages Meta names (ours keep the id the platform gave them; others are their wamid). */
  async ownIds(connectionId: number, wamids: string[]): Promise<Map<string, string>> {
    if (wamids.length === 0) return new Map();
    const rows: { wamid: string; wa_message_id: string }[] = await this.dataSource.query(
      `SELECT wamid, wa_message_id FROM whatsapp.cloud_sent WHERE connection_id = $1 AND wamid = ANY($2::text[])`,
      [connectionId, wamids],
    );
    return new Map(rows.map((row) => [row.wamid, row.wa_message_id]));
  }

  /** The customers wrote at these instants: their windows run 24 hours from the latest. */
  async openWindows(connectionId: number, lastInbound: Map<string, Date>): Promise<void> {
    if (lastInbound.size === 0) return;
    await this.dataSource.query(
      `INSERT INTO whatsapp.cloud_windows (connection_id, wa_id, last_inbound_at)
       SELECT $1, item.wa_id, item.at FROM unnest($2::text[], $3::timestamptz[]) AS item(wa_id, at)
       ON CONFLICT (connection_id, wa_id) DO UPDATE SET last_inbound_at = GREATEST(cloud_windows.last_inbound_at, EXCLUDED.last_inbound_at)`,
      [connectionId, [...lastInbound.keys()], [...lastInbound.values()].map((at) => at.toISOString())],
    );
  }

  /** When the contact's window closes; null when it never opened. */
  async windowClosesAt(connectionId: number, waId: string): Promise<Date | null> {
    const rows: { last_inbound_at: Date }[] = await this.dataSource.query(
      `SELECT last_inbound_at FROM whatsapp.cloud_windows WHERE connection_id = $1 AND wa_id = $2`,
      [connectionId, waId],
    );
    return rows[0] ? new Date(rows[0].last_inbound_at.getTime() + SERVICE_WINDOW_MS) : null;
  }

  /** True the first time this status of this message is seen. */
  async firstStatus(connectionId: number, wamid: string, status: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO whatsapp.cloud_statuses (connection_id, wamid, status) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [connectionId, wamid, status],
    );
    return rows.length > 0;
  }

  async recordBilled(connectionId: number, companyId: number, billed: BilledConversation): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO whatsapp.cloud_billed (connection_id, billing_id, company_id, category, billable, pricing_model, billed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [connectionId, billed.billingId, companyId, billed.category, billed.billable, billed.pricingModel, billed.billedAt],
    );
  }

  /** The company's billed conversations of a month (UTC), by category. */
  async billedInMonth(companyId: number, month: string): Promise<{ category: string; conversations: number; billable: number }[]> {
    return this.dataSource.query(
      `SELECT category, count(*)::int AS conversations, count(*) FILTER (WHERE billable)::int AS billable
         FROM whatsapp.cloud_billed
        WHERE company_id = $1 AND billed_at >= ($2 || '-01')::date AND billed_at < (($2 || '-01')::date + interval '1 month')
        GROUP BY category ORDER BY category`,
      [companyId, month],
    );
  }
}
