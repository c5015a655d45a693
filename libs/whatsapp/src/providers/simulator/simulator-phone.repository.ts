import type { SimulatorOutboundMessage } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface SimulatorOutboundRow {
  connectionId: number;
  companyId: number;
  messageId: string;
  to: string;
  body: string;
  mediaType: string | null;
  mediaUrl: string | null;
  fileName: string | null;
  quotedId: string | null;
  ack: number;
}

/** What the fake phone received from the company, kept in PostgreSQL so any process can list it. */
@Injectable()
export class SimulatorPhoneRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  /** Recording the same message id twice keeps the first: a resend is not a second message. */
  async record(row: SimulatorOutboundRow): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO whatsapp.simulator_outbound
         (connection_id, wa_message_id, company_id, to_number, body, media_type, media_url, file_name, quoted_id, ack)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (connection_id, wa_message_id) DO NOTHING RETURNING 1`,
      [row.connectionId, row.messageId, row.companyId, row.to, row.body, row.mediaType, row.mediaUrl, row.fileName, row.quotedId, row.ack],
    );
    return inserted.length > 0;
  }

  async exists(connectionId: number, messageId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM whatsapp.simulator_outbound WHERE connection_id = $1 AND wa_message_id = $2`,
      [connectionId, messageId],
    );
    return rows.length > 0;
  }

  /** Moves the ack forward only; answers the ack now stored, or null for an unknown message. */
  async ack(connectionId: number, messageId: string, ack: number): Promise<number | null> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows]: [{ ack: number }[], number] = await this.dataSource.query(
      `UPDATE whatsapp.simulator_outbound SET ack = GREATEST(ack, $3)
       WHERE connection_id = $1 AND wa_message_id = $2 RETURNING ack`,
      [connectionId, messageId, ack],
    );
    return rows[0]?.ack ?? null;
  }

  /** Marks numbers as "not on WhatsApp" for the connection's number checks. */
  async markUnregistered(connectionId: number, numbers: string[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO whatsapp.simulator_unregistered (connection_id, number) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [connectionId, numbers],
    );
  }

  /** Those of the numbers marked "not on WhatsApp" for the connection. */
  async unregistered(connectionId: number, numbers: string[]): Promise<Set<string>> {
    const rows: { number: string }[] = await this.dataSource.query(
      `SELECT number FROM whatsapp.simulator_unregistered WHERE connection_id = $1 AND number = ANY($2::text[])`,
      [connectionId, numbers],
    );
    return new Set(rows.map((row) => row.number));
  }

  async list(connectionId: number): Promise<SimulatorOutboundMessage[]> {
    const rows: {
      wa_message_id: string;
      to_number: string;
      body: string;
      media_type: string | null;
      media_url: string | null;
      file_name: string | null;
      quoted_id: string | null;
      ack: number;
      sent_at: Date;
    }[] = await this.dataSource.query(`SELECT * FROM whatsapp.simulator_outbound WHERE connection_id = $1 ORDER BY seq`, [connectionId]);
    return rows.map((row) => ({
      messageId: row.wa_message_id,
      to: row.to_number,
      body: row.body,
      mediaType: row.media_type,
      mediaUrl: row.media_url,
      fileName: row.file_name,
      quotedId: row.quoted_id,
      ack: row.ack,
      sentAt: row.sent_at.toISOString(),
    }));
  }
}
