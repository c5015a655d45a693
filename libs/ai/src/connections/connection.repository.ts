import { AI_DEFAULT_GROUPING_SECONDS, type TranscribeProvider } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

interface TranscriptionRow {
  number: string;
  transcribe: boolean;
  transcribeme: boolean;
  sendme: boolean;
  transcribe_provider: TranscribeProvider;
  has_transcribe_key: boolean;
}

/** How a connection's audio is transcribed (spec 1: transcribe received, transcribeme sent, sendme to its own number). */
export interface TranscriptionSettings {
  number?: string;
  transcribe: boolean;
  transcribeme: boolean;
  sendme: boolean;
  provider: TranscribeProvider;
  /** Whether the connection has a key: whatsapp keeps it and is asked for it when an audio is transcribed (decision 0052). */
  hasKey: boolean;
}

const mapTranscription = (row: TranscriptionRow): TranscriptionSettings => ({
  number: row.number,
  transcribe: row.transcribe,
  transcribeme: row.transcribeme,
  sendme: row.sendme,
  provider: row.transcribe_provider,
  hasKey: row.has_transcribe_key,
});

/** ai.connections: each connection's grouping window (timeforagroup), as whatsapp announces it. */
@Injectable()
export class ConnectionRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async upsert(
    manager: EntityManager,
    connection: { id: number; companyId: number; timeforagroup: number; number: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ai.connections (id, company_id, timeforagroup, number) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET company_id = EXCLUDED.company_id, timeforagroup = EXCLUDED.timeforagroup, number = EXCLUDED.number`,
      [connection.id, connection.companyId, connection.timeforagroup, connection.number],
    );
  }

  /** The connection's transcription settings (whether it has a key, not the key). */
  async setTranscription(manager: EntityManager, settings: TranscriptionSettings & { id: number; companyId: number }): Promise<void> {
    await manager.query(
      `INSERT INTO ai.connections (id, company_id, transcribe, transcribeme, sendme, transcribe_provider, has_transcribe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET transcribe = EXCLUDED.transcribe, transcribeme = EXCLUDED.transcribeme, sendme = EXCLUDED.sendme,
         transcribe_provider = EXCLUDED.transcribe_provider, has_transcribe_key = EXCLUDED.has_transcribe_key
       WHERE ai.connections.company_id = EXCLUDED.company_id`,
      [settings.id, settings.companyId, settings.transcribe, settings.transcribeme, settings.sendme, settings.provider, settings.hasKey],
    );
  }

  /** The company's connection's transcription settings; null when unknown. */
  async transcription(manager: EntityManager, companyId: number, id: number): Promise<TranscriptionSettings | null> {
    const rows: TranscriptionRow[] = await manager.query(
      `SELECT number, transcribe, transcribeme, sendme, transcribe_provider, has_transcribe_key FROM ai.connections
       WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return rows[0] ? mapTranscription(rows[0]) : null;
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query(`DELETE FROM ai.connections WHERE id = $1 AND company_id = $2`, [id, companyId]);
  }

  /** Seconds to wait for more of a customer's messages before answering them together (the spec's 5 for an unknown connection). */
  async groupingSeconds(manager: EntityManager, companyId: number, id: number): Promise<number> {
    const rows: { timeforagroup: number }[] = await manager.query(
      `SELECT timeforagroup FROM ai.connections WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return Math.max(0, rows[0]?.timeforagroup ?? AI_DEFAULT_GROUPING_SECONDS);
  }
}
