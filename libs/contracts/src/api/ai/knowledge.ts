import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Knowledge (issue 23, beyond the spec, as Chatwoot's Captain does): documents a company gives one
// of its agents (PDF, DOCX, plain text or markdown, a web page's text); the agent answers from them
// and names the document. Owned by the ai service, under /agents/{agentId}/knowledge.
// ---------------------------------------------------------------------------------------------

/** Where a document's text came from. */
export const KNOWLEDGE_SOURCE_KINDS = ['pdf', 'docx', 'text', 'url'] as const;
export type KnowledgeSourceKind = (typeof KNOWLEDGE_SOURCE_KINDS)[number];

/** processing: being read; ready: its chunks answer questions; failed: it could not be read (see error). */
export const KNOWLEDGE_DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type KnowledgeDocumentStatus = (typeof KNOWLEDGE_DOCUMENT_STATUSES)[number];

/** What an upload and what it becomes may be (a small file that unpacks huge is refused while read). */
export const KNOWLEDGE_LIMITS = {
  /** The uploaded file, as sent. */
  uploadBytes: 10 * 1024 * 1024,
  /** A DOCX (a zip) unpacked, all its parts together. */
  unpackedBytes: 50 * 1024 * 1024,
  /** Pages of a PDF that are read. */
  pdfPages: 300,
  /** The text kept of one document: what is past it is dropped, and the document says so. */
  textCharacters: 2_000_000,
  /** A web page's body as fetched. */
  pageBytes: 5 * 1024 * 1024,
  /** Documents of one agent. */
  documentsPerAgent: 100,
  /** How long reading one document may take (worker thread). */
  readSeconds: 30,
} as const;

/** The document's texts shown to users, in the spec's language (the web words them in the user's). */
export const KNOWLEDGE_MESSAGES = {
  fileRequired: 'Envie um arquivo',
  unsupported: 'Formato não suportado: envie PDF, DOCX, TXT ou Markdown',
  tooLarge: 'Arquivo muito grande',
  urlInvalid: 'URL inválida',
  urlRefused: 'Endereço não permitido: rede interna ou local',
  titleTooLong: 'Título muito longo',
  limitReached: 'Limite de documentos do agente atingido',
  deleted: 'Documento excluído com sucesso!',
} as const;

/** Why a document could not be read (the web words each in the user's language). */
export const KNOWLEDGE_FAILURES = ['unreadable', 'empty', 'too_large', 'timeout', 'fetch_failed'] as const;
export type KnowledgeFailure = (typeof KNOWLEDGE_FAILURES)[number];

export const knowledgeDocumentSchema = z.object({
  id: z.number().int().positive(),
  companyId: z.number().int().positive(),
  agentId: z.number().int().positive(),
  title: z.string(),
  sourceKind: z.enum(KNOWLEDGE_SOURCE_KINDS),
  /** The page's address for a url document; null otherwise. */
  sourceUrl: z.string().nullable(),
  /** Bytes received (the file, or the page's body). */
  sizeBytes: z.number().int().nonnegative(),
  /** Characters of text kept. */
  characters: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  status: z.enum(KNOWLEDGE_DOCUMENT_STATUSES),
  error: z.enum(KNOWLEDGE_FAILURES).nullable(),
  /** The text was longer than KNOWLEDGE_LIMITS.textCharacters (or the PDF than its pages): the rest was dropped. */
  truncated: z.boolean(),
  createdAt: z.string(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;
export const knowledgeDocumentListSchema = z.array(knowledgeDocumentSchema);

/** POST /agents/{agentId}/knowledge/url: a web page's text. */
export const knowledgeUrlSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2048, KNOWLEDGE_MESSAGES.urlInvalid)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), KNOWLEDGE_MESSAGES.urlInvalid),
  title: z.string().trim().max(200, KNOWLEDGE_MESSAGES.titleTooLong).optional(),
});
export type KnowledgeUrlInput = z.infer<typeof knowledgeUrlSchema>;

/** The multipart fields of POST /agents/{agentId}/knowledge beside the `file`. */
export const knowledgeUploadFieldsSchema = z.object({
  title: z.string().trim().max(200, KNOWLEDGE_MESSAGES.titleTooLong).optional(),
});
