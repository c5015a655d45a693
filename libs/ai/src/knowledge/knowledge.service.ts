import path from 'node:path';

import {
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  type KnowledgeDocument,
  type KnowledgeSourceKind,
  type KnowledgeUrlInput,
} from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { AgentRepository } from '../agents/agent.repository';
import { splitIntoChunks } from './chunking';
import { KnowledgeRepository, mapKnowledgeDocument } from './knowledge.repository';
import { PageFetcher } from './page-fetcher';
import { DocumentReader } from './reading/document-reader';
import type { ReadRequest } from './reading/document-reader.worker';

/** An uploaded file as multer hands it over (in memory, within the upload limit). */
export interface UploadedDocument {
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', message, { fields: [{ path, message }] });
const TEXT_EXTENSIONS = new Set(['.txt', '.md', '.markdown', '.text', '.csv']);

/** What a file is, by its bytes first (a PDF's and a zip's signatures), its name and type after; null when not one we read. */
function fileKind(file: UploadedDocument): { source: KnowledgeSourceKind; read: ReadRequest['kind'] } | null {
  const head = file.buffer.subarray(0, 5).toString('latin1');
  const extension = path.extname(file.originalname).toLowerCase();
  if (head.startsWith('%PDF-')) return { source: 'pdf', read: 'pdf' };
  if (head.startsWith('PK\u0003\u0004')) return extension === '.docx' ? { source: 'docx', read: 'docx' } : null;
  // Text: no NUL byte in its first 8 KB (binary formats have them) and a text name or type.
  if (file.buffer.subarray(0, 8192).includes(0)) return null;
  if (TEXT_EXTENSIONS.has(extension) || file.mimetype.startsWith('text/')) return { source: 'text', read: 'text' };
  return null;
}

/** The name a file is listed under: its own (as multer read it, latin1), without the extension. */
const titleOf = (file: UploadedDocument) => {
  const name = Buffer.from(file.originalname, 'latin1').toString('utf8');
  return (name.slice(0, name.length - path.extname(name).length) || name).slice(0, 200);
};

/**
 * An agent's knowledge documents: a file (PDF, DOCX, text, markdown) or a web page is read off the
 * event loop within KNOWLEDGE_LIMITS, cut into chunks and stored for the full-text search; what
 * cannot be read is kept as failed, with why. Only the company's own agents' documents are seen.
 */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly knowledge: KnowledgeRepository,
    private readonly reader: DocumentReader,
    private readonly pages: PageFetcher,
  ) {}

  async list(tenancy: Tenancy, agentId: number): Promise<KnowledgeDocument[]> {
    await this.agentOf(tenancy, agentId);
    return (await this.knowledge.list(tenancy.companyId, agentId)).map(mapKnowledgeDocument);
  }

  async upload(tenancy: Tenancy, agentId: number, file: UploadedDocument | undefined, title?: string): Promise<KnowledgeDocument> {
    await this.agentOf(tenancy, agentId);
    if (!file || file.size === 0) throw invalid('file', KNOWLEDGE_MESSAGES.fileRequired);
    if (file.size > KNOWLEDGE_LIMITS.uploadBytes) {
      throw new AppError('ERR_KNOWLEDGE_TOO_LARGE', KNOWLEDGE_MESSAGES.tooLarge, { limit: KNOWLEDGE_LIMITS.uploadBytes });
    }
    const kind = fileKind(file);
    if (!kind) throw invalid('file', KNOWLEDGE_MESSAGES.unsupported);
    await this.roomFor(tenancy, agentId);
    const document = await this.knowledge.start({
      companyId: tenancy.companyId,
      agentId,
      title: title || titleOf(file),
      sourceKind: kind.source,
      sourceUrl: null,
      sizeBytes: file.size,
    });
    return this.read(document.id, { kind: kind.read, bytes: file.buffer }, file.size);
  }

  async addUrl(tenancy: Tenancy, agentId: number, input: KnowledgeUrlInput): Promise<KnowledgeDocument> {
    await this.agentOf(tenancy, agentId);
    await this.roomFor(tenancy, agentId);
    const page = await this.pages.fetchPage(input.url);
    const document = await this.knowledge.start({
      companyId: tenancy.companyId,
      agentId,
      title: input.title || new URL(input.url).hostname + new URL(input.url).pathname.replace(/\/$/, ''),
      sourceKind: 'url',
      sourceUrl: input.url,
      sizeBytes: page.ok ? page.bytes.byteLength : page.sizeBytes,
    });
    if (!page.ok) return mapKnowledgeDocument((await this.knowledge.failed(document.id, page.failure, page.sizeBytes)) ?? document);
    return this.read(document.id, { kind: page.kind, bytes: page.bytes }, page.bytes.byteLength);
  }

  async delete(tenancy: Tenancy, agentId: number, documentId: number): Promise<{ message: string }> {
    await this.agentOf(tenancy, agentId);
    if (!(await this.knowledge.delete(tenancy.companyId, agentId, documentId))) throw new AppError('ERR_NOT_FOUND', 'Document not found');
    return { message: KNOWLEDGE_MESSAGES.deleted };
  }

  private async read(documentId: number, request: ReadRequest, sizeBytes: number): Promise<KnowledgeDocument> {
    const answer = await this.reader.read(request);
    const row = answer.ok
      ? await this.knowledge.ready(documentId, {
          chunks: splitIntoChunks(answer.text),
          characters: answer.text.length,
          truncated: answer.truncated,
          sizeBytes,
        })
      : await this.knowledge.failed(documentId, answer.failure, sizeBytes);
    if (!row) throw new AppError('ERR_NOT_FOUND', 'Document not found');
    return mapKnowledgeDocument(row);
  }

  private async agentOf(tenancy: Tenancy, agentId: number): Promise<void> {
    if (!(await this.agents.find(tenancy.companyId, agentId))) throw new AppError('ERR_NOT_FOUND', 'Agent not found');
  }

  private async roomFor(tenancy: Tenancy, agentId: number): Promise<void> {
    if ((await this.knowledge.count(tenancy.companyId, agentId)) >= KNOWLEDGE_LIMITS.documentsPerAgent) {
      throw new AppError('ERR_KNOWLEDGE_LIMIT_REACHED', KNOWLEDGE_MESSAGES.limitReached, { limit: KNOWLEDGE_LIMITS.documentsPerAgent });
    }
  }
}
