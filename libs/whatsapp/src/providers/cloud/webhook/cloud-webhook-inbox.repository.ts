import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface InboxDelivery {
  id: string;
  connectionId: number;
  companyId: number;
  body: unknown;
}

/** How long a claimed delivery is left to the process filing it before another may take it. */
const CLAIM_SECONDS = 60;

/** whatsapp.cloud_webhook_inbox: Meta's deliveries, kept from the 200 we answer until they are filed. */
@Injectable()
export class CloudWebhookInboxRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  async add(connectionId: number, companyId: number, body: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO whatsapp.cloud_webhook_inbox (connection_id, company_id, body) VALUES ($1, $2, $3::jsonb)`, [
      connectionId,
      companyId,
      body,
    ]);
  }

  /** The connection's oldest deliveries nobody is filing, claimed for this process. */
  async claim(connectionId: number, limit: number): Promise<InboxDelivery[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE whatsapp.cloud_webhook_inbox SET claimed_until = now() + make_interval(secs => $3)
        WHERE id IN (SELECT id FROM whatsapp.cloud_webhook_inbox
                      WHERE connection_id = $1 AND claimed_until < now()
                      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, connection_id, company_id, body`,
      [connectionId, limit, CLAIM_SECONDS],
    );
    return changedRows<{ id: string; connection_id: number; company_id: number; body: unknown }>(result)
      .map((row) => ({ id: String(row.id), connectionId: row.connection_id, companyId: row.company_id, body: row.body }))
      .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length) await this.dataSource.query(`DELETE FROM whatsapp.cloud_webhook_inbox WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** Connections with deliveries left unfiled (a process died while filing, or none was woken). */
  async waitingConnections(): Promise<number[]> {
    const rows: { connection_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT connection_id FROM whatsapp.cloud_webhook_inbox WHERE claimed_until < now()`,
    );
    return rows.map((row) => row.connection_id);
  }
}
