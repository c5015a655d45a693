import type { KnowledgeDocument, KnowledgeFailure, KnowledgeSourceKind } from '@app/contracts';
import { changedRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

import { KNOWLEDGE_SEARCH_SQL } from './knowledge.sql';

export interface KnowledgeDocumentRow {
  id: number;
  company_id: number;
  agent_id: number;
  title: string;
  source_kind: KnowledgeSourceKind;
  source_url: string | null;
  size_bytes: number;
  characters: number;
  chunk_count: number;
  status: KnowledgeDocument['status'];
  error: KnowledgeFailure | null;
  truncated: boolean;
  created_at: Date;
}

export const mapKnowledgeDocument = (row: KnowledgeDocumentRow): KnowledgeDocument => ({
  id: row.id,
  companyId: row.company_id,
  agentId: row.agent_id,
  title: row.title,
  sourceKind: row.source_kind,
  sourceUrl: row.source_url,
  sizeBytes: row.size_bytes,
  characters: row.characters,
  chunks: row.chunk_count,
  status: row.status,
  error: row.error,
  truncated: row.truncated,
  createdAt: row.created_at.toISOString(),
});

/** A chunk that matched a question, with its document's title. */
export interface KnowledgeHitRow {
  chunk_id: string;
  document_id: number;
  title: string;
  body: string;
  rank: number;
}

const COLUMNS = `id, company_id, agent_id, title, source_kind, source_url, size_bytes, characters, chunk_count, status, error, truncated, created_at`;

/** ai.knowledge_documents and their chunks: every statement of the knowledge feature. */
@Injectable()
export class KnowledgeRepository {
  constructor(@InjectDataSource('ai') private readonly dataSource: DataSource) {}

  async list(companyId: number, agentId: number): Promise<KnowledgeDocumentRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM ai.knowledge_documents WHERE company_id = $1 AND agent_id = $2 ORDER BY id DESC`, [
      companyId,
      agentId,
    ]);
  }

  async count(companyId: number, agentId: number): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM ai.knowledge_documents WHERE company_id = $1 AND agent_id = $2`,
      [companyId, agentId],
    );
    return row?.count ?? 0;
  }

  /** A new document being read. */
  async start(document: {
    companyId: number;
    agentId: number;
    title: string;
    sourceKind: KnowledgeSourceKind;
    sourceUrl: string | null;
    sizeBytes: number;
  }): Promise<KnowledgeDocumentRow> {
    const [row]: KnowledgeDocumentRow[] = await this.dataSource.query(
      `INSERT INTO ai.knowledge_documents (company_id, agent_id, title, source_kind, source_url, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [document.companyId, document.agentId, document.title, document.sourceKind, document.sourceUrl, document.sizeBytes],
    );
    return row!;
  }

  /** The document's text is in: its chunks are stored and it answers from now on (a document deleted meanwhile stays deleted). */
  async ready(
    documentId: number,
    read: { chunks: string[]; characters: number; truncated: boolean; sizeBytes: number },
  ): Promise<KnowledgeDocumentRow | null> {
    return this.dataSource.transaction(async (manager) => {
      const [document]: { company_id: number; agent_id: number }[] = await manager.query(
        `SELECT company_id, agent_id FROM ai.knowledge_documents WHERE id = $1 FOR UPDATE`,
        [documentId],
      );
      if (!document) return null;
      await manager.query(
        `INSERT INTO ai.knowledge_chunks (document_id, company_id, agent_id, position, body)
         SELECT $1, $2, $3, position - 1, body FROM unnest($4::text[]) WITH ORDINALITY AS chunk (body, position)`,
        [documentId, document.company_id, document.agent_id, read.chunks],
      );
      const [row] = changedRows<KnowledgeDocumentRow>(
        await manager.query(
          `UPDATE ai.knowledge_documents SET status = 'ready', error = NULL, chunk_count = $2, characters = $3, truncated = $4,
           size_bytes = $5, updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
          [documentId, read.chunks.length, read.characters, read.truncated, read.sizeBytes],
        ),
      );
      return row ?? null;
    });
  }

  async failed(documentId: number, error: KnowledgeFailure, sizeBytes: number): Promise<KnowledgeDocumentRow | null> {
    const [row] = changedRows<KnowledgeDocumentRow>(
      await this.dataSource.query(
        `UPDATE ai.knowledge_documents SET status = 'failed', error = $2, size_bytes = $3, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
        [documentId, error, sizeBytes],
      ),
    );
    return row ?? null;
  }

  /** Deletes the company's document of this agent (its chunks with it); false when there is none. */
  async delete(companyId: number, agentId: number, documentId: number): Promise<boolean> {
    const rows = changedRows(
      await this.dataSource.query(`DELETE FROM ai.knowledge_documents WHERE id = $1 AND company_id = $2 AND agent_id = $3 RETURNING id`, [
        documentId,
        companyId,
        agentId,
      ]),
    );
    return rows.length > 0;
  }

  /** Whether the agent (or, with agentId null, any agent of the company) has a document that answers. */
  async hasReady(companyId: number, agentId: number | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM ai.knowledge_documents WHERE company_id = $1 AND ($2::int IS NULL OR agent_id = $2) AND status = 'ready' LIMIT 1`,
      [companyId, agentId],
    );
    return rows.length > 0;
  }

  /**
   * The chunks of the company's ready documents (one agent's, or all the company's with agentId null)
   * that best match the question in Portuguese, English or Spanish, best first.
   */
  async search(companyId: number, agentId: number | null, question: string, limit: number): Promise<KnowledgeHitRow[]> {
    return this.dataSource.query(KNOWLEDGE_SEARCH_SQL, [companyId, agentId, question, limit]);
  }
}
