import { Injectable } from '@nestjs/common';

import { KnowledgeRepository } from './knowledge.repository';

/** A passage of a document that answers a question, with the title the assistant names. */
export interface KnowledgePassage {
  documentId: number;
  title: string;
  text: string;
  score: number;
}

/** Whose documents a question is asked of: one agent's, or (agentId null) every agent's of the company. */
export interface KnowledgeScope {
  companyId: number;
  agentId: number | null;
}

/**
 * Finds the passages of a company's documents that answer a question. Full-text search in
 * PostgreSQL today; embeddings may answer behind the same interface later.
 */
export interface KnowledgeRetriever {
  /** Whether the scope has any document to answer from (no search is worth making otherwise). */
  hasDocuments(scope: KnowledgeScope): Promise<boolean>;
  retrieve(scope: KnowledgeScope, question: string, limit: number): Promise<KnowledgePassage[]>;
}

export const KNOWLEDGE_RETRIEVER = Symbol('KNOWLEDGE_RETRIEVER');

/** The question as searched: long ones are cut (a pasted essay is not a better question). */
const QUESTION_CHARACTERS = 1_000;

/** PostgreSQL full-text search over the chunks, in Portuguese, English and Spanish at once (knowledge.sql.ts). */
@Injectable()
export class FullTextKnowledgeRetriever implements KnowledgeRetriever {
  constructor(private readonly knowledge: KnowledgeRepository) {}

  hasDocuments(scope: KnowledgeScope): Promise<boolean> {
    return this.knowledge.hasReady(scope.companyId, scope.agentId);
  }

  async retrieve(scope: KnowledgeScope, question: string, limit: number): Promise<KnowledgePassage[]> {
    const text = question.trim().slice(0, QUESTION_CHARACTERS);
    if (!text) return [];
    const hits = await this.knowledge.search(scope.companyId, scope.agentId, text, limit);
    return hits.map((hit) => ({ documentId: hit.document_id, title: hit.title, text: hit.body, score: Number(hit.rank) }));
  }
}
