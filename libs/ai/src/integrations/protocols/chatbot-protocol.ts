/**
 * What every chatbot integration (typebot, n8n, webhook, flowise, dify, openaiassist, dialogflow) is
 * to the answering engine: given the customer's turn and the session it kept for the ticket, the
 * product's reply. The engine owns sessions, debounce, handoff, delays and sending; a protocol only
 * speaks its product's HTTP API through the guarded fetch it is given.
 */
export type ChatbotType = 'dialogflow' | 'n8n' | 'webhook' | 'flowise' | 'dify' | 'openaiassist' | 'typebot';

/** The integration's saved fields a protocol reads (secrets already decrypted by the engine). */
export interface ChatbotSettings {
  id: number;
  companyId: number;
  type: ChatbotType;
  name: string;
  projectName: string | null;
  /** dialogflow: the service-account JSON text. */
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  urlflowise: string | null;
  urldify: string | null;
  apidify: string | null;
  openaiid: string | null;
  openaikey: string | null;
  typebotSlug: string | null;
  /** Secret for signing n8n / webhook requests (HMAC). */
  signingSecret: string | null;
}

export interface ChatbotTurn {
  settings: ChatbotSettings;
  ticketId: number;
  contact: { id: number; name: string; number: string };
  /** The customer's message(s) of this turn, joined when several arrived within timeforagroup. */
  text: string;
  /** Whatever the protocol returned as `session` last time on this ticket; null on the first turn. */
  session: Record<string, unknown> | null;
  /** Aborted at the engine's timeout. */
  signal: AbortSignal;
}

/** A bot's media file once the engine downloaded it into the company's media storage (bot-media.ts). */
export interface StoredBotMedia {
  mediaUrl: string;
  mimetype: string;
  fileName: string;
  kind: 'image' | 'audio' | 'video' | 'document';
}

export interface ChatbotMedia {
  kind: 'media';
  url: string;
  mediaType: 'image' | 'audio' | 'video' | 'document';
  caption?: string;
  fileName?: string;
  /** Set by the engine, never by a protocol: the file stored; absent, the media goes as its caption and link. */
  stored?: StoredBotMedia;
}

export type ChatbotMessage = { kind: 'text'; body: string } | ChatbotMedia;

export interface ChatbotReply {
  /** In order; buttons and lists already rendered as numbered text. */
  messages: ChatbotMessage[];
  /** Kept for the ticket and handed back on its next turn. */
  session: Record<string, unknown> | null;
  /** The bot asked for a transfer (e.g. Whaticket's `#{"queueId":N,"userId":M}`). */
  handoff?: { queueId: number; userId?: number };
  /** The bot's conversation ended (the session is dropped). */
  finished?: boolean;
}

/** Raised for answers the engine must treat as a failure (the ticket then goes to a human with a note). */
export class ChatbotProtocolError extends Error {
  constructor(
    message: string,
    /** HTTP status of the product's answer, when there was one (429 and 5xx are retried by the engine). */
    readonly status?: number,
    /** Seconds from Retry-After, when given. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export interface ChatbotProtocol {
  readonly type: ChatbotType;
  converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply>;
}
