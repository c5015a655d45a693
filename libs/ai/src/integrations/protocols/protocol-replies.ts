import { OutboundUrlRefusedError } from '@app/platform';

import { numbered, withHandoff as replyWithHandoff } from './chatbot-handoff';
import { type ChatbotMessage, ChatbotProtocolError, type ChatbotReply } from './chatbot-protocol';

/**
 * What the HTTP protocols (flowise, dify, openaiassist, dialogflow) share: one POST of JSON through
 * the guarded fetch, the product's refusals as ChatbotProtocolError (status and Retry-After for the
 * engine's retries), and the product's answer turned into the messages a customer gets.
 */

const MAX_DETAIL = 300;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The product's own words for a refusal, from the error bodies the products use; never the whole body. */
function refusalDetail(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error;
    const candidates = [
      typeof error === 'object' && error !== null ? (error as Record<string, unknown>).message : undefined,
      body.message,
      body.error_description,
      typeof error === 'string' ? error : undefined,
    ];
    const found = candidates.find((value): value is string => typeof value === 'string' && value.length > 0);
    if (found) return found.slice(0, MAX_DETAIL);
  } catch {
    // not JSON: its first words
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_DETAIL) || 'no body';
}

/**
 * POSTs `body` as JSON through `fetch` and returns the parsed answer. A refusal (any status but 2xx)
 * becomes a ChatbotProtocolError with the status and Retry-After; an unreadable body one without a
 * status (retrying would not mend it). The engine's abort and the URL guard's refusal pass through as
 * they are, so the engine can tell its own timeout and an SSRF refusal from a product's failure.
 */
export async function postJson(
  fetch: typeof globalThis.fetch,
  product: string,
  url: string,
  init: { body: unknown; headers?: Record<string, string>; signal: AbortSignal; form?: boolean },
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json',
        accept: 'application/json',
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.body as Record<string, string>).toString() : JSON.stringify(init.body),
      signal: init.signal,
    });
    text = await response.text();
  } catch (error) {
    if (init.signal.aborted || error instanceof OutboundUrlRefusedError) throw error;
    throw new ChatbotProtocolError(`${product} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    throw new ChatbotProtocolError(
      `${product} answered ${response.status}: ${refusalDetail(text)}`,
      response.status,
      retryAfterSeconds(response.headers.get('retry-after')),
    );
  }
  try {
    return { status: response.status, json: JSON.parse(text) as unknown };
  } catch {
    throw malformed(product, `not JSON (${text.slice(0, 80).replace(/\s+/g, ' ') || 'empty'})`);
  }
}

/** The error for an answer that is not what the product's API answers. */
export function malformed(product: string, what: string): ChatbotProtocolError {
  return new ChatbotProtocolError(`${product} answered with a malformed body: ${what}`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Buttons, quick replies and list rows as WhatsApp users answer them: a numbered text. */
export function numberedChoices(title: string | undefined, choices: string[]): ChatbotMessage {
  return { kind: 'text', body: [title?.trim(), numbered(choices)].filter(Boolean).join('\n\n') };
}

const EXTENSIONS: Record<string, ChatbotMessageMedia['mediaType']> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  wav: 'audio',
  m4a: 'audio',
  mp4: 'video',
  '3gp': 'video',
  mov: 'video',
  pdf: 'document',
  doc: 'document',
  docx: 'document',
  xls: 'document',
  xlsx: 'document',
  csv: 'document',
  txt: 'document',
  zip: 'document',
};

type ChatbotMessageMedia = Extract<ChatbotMessage, { kind: 'media' }>;

/** The media type a file's name or MIME type says, or undefined when it says nothing we send. */
export function mediaTypeOf(nameOrMime: string): ChatbotMessageMedia['mediaType'] | undefined {
  const lower = nameOrMime.toLowerCase();
  const mime = /^(image|audio|video)\//.exec(lower);
  if (mime) return mime[1] as ChatbotMessageMedia['mediaType'];
  if (lower.startsWith('application/') || lower.startsWith('text/')) return 'document';
  let path = lower;
  try {
    path = new URL(lower).pathname;
  } catch {
    // a bare file name
  }
  const extension = /\.([a-z0-9]+)$/.exec(path)?.[1];
  return extension ? EXTENSIONS[extension] : undefined;
}

/** The file's name a URL ends with (its last path part, decoded), if any. */
export function fileNameIn(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

// ![alt](url) is always media; [label](url) only when the URL names a file we can send.
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\((https?:\/\/[^\s)]+)(?:\s+"[^"]*")?\)/g;

/**
 * A bot's text (LLM products answer markdown) as messages: images written as `![alt](url)` and links
 * to audio, video or documents become media messages in their place, the text around them stays text.
 */
export function textWithMedia(text: string): ChatbotMessage[] {
  const messages: ChatbotMessage[] = [];
  let rest = 0;
  const pushText = (body: string) => {
    const trimmed = body.replace(/\n{3,}/g, '\n\n').trim();
    if (trimmed) messages.push({ kind: 'text', body: trimmed });
  };
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const [whole, bang, label, url] = match as unknown as [string, string, string, string];
    const mediaType = bang ? (mediaTypeOf(url) ?? 'image') : mediaTypeOf(url);
    if (!mediaType) continue;
    pushText(text.slice(rest, match.index));
    rest = match.index + whole.length;
    const fileName = mediaType === 'document' ? label.trim() || fileNameIn(url) : undefined;
    messages.push({
      kind: 'media',
      url,
      mediaType,
      ...(label.trim() && mediaType !== 'document' ? { caption: label.trim() } : {}),
      ...(fileName ? { fileName } : {}),
    });
  }
  pushText(text.slice(rest));
  return messages;
}

/** A protocol's reply with Whaticket's transfer order taken out of its messages (chatbot-handoff.ts reads it). */
export const withHandoff = (messages: ChatbotMessage[], session: ChatbotReply['session']): ChatbotReply =>
  replyWithHandoff({ messages, session });

/** The session a protocol kept for the ticket, read defensively (it comes back from the database). */
export function sessionString(session: Record<string, unknown> | null, key: string): string | undefined {
  const value = session?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
