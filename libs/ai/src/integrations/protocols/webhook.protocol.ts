import { createHmac } from 'node:crypto';

import { Injectable } from '@nestjs/common';

import { numbered } from './chatbot-handoff';
import {
  type ChatbotMessage,
  type ChatbotProtocol,
  ChatbotProtocolError,
  type ChatbotReply,
  type ChatbotTurn,
  type ChatbotType,
} from './chatbot-protocol';

/** Headers of a signed request (docs/integrations.md says how a receiver checks them). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-zapdesk-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-zapdesk-timestamp';

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<raw body>` with the integration's signing secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What the receiver gets: the customer's message with its ticket and contact, and the session it returned last time. */
export interface WebhookRequestBody {
  event: 'message';
  integration: { id: number; type: ChatbotType; name: string };
  ticket: { id: number };
  contact: { id: number; name: string; number: string };
  message: { body: string };
  session: Record<string, unknown> | null;
}

type ReplyItem =
  string | { text?: unknown; body?: unknown; type?: unknown; url?: unknown; caption?: unknown; fileName?: unknown; options?: unknown };

const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document']);

function messageOf(item: ReplyItem): ChatbotMessage[] {
  if (typeof item === 'string') return item.trim() ? [{ kind: 'text', body: item }] : [];
  if (!item || typeof item !== 'object') throw new ChatbotProtocolError('webhook: a reply message is neither text nor an object');
  if (typeof item.type === 'string' && MEDIA_TYPES.has(item.type) && typeof item.url === 'string') {
    return [
      {
        kind: 'media',
        url: item.url,
        mediaType: item.type as 'image' | 'audio' | 'video' | 'document',
        ...(typeof item.caption === 'string' ? { caption: item.caption } : {}),
        ...(typeof item.fileName === 'string' ? { fileName: item.fileName } : {}),
      },
    ];
  }
  const text = typeof item.text === 'string' ? item.text : typeof item.body === 'string' ? item.body : '';
  const options = Array.isArray(item.options) ? item.options.filter((option): option is string => typeof option === 'string') : [];
  const body = [text.trim(), options.length > 0 ? numbered(options) : ''].filter(Boolean).join('\n');
  return body ? [{ kind: 'text', body }] : [];
}

/**
 * The reply a receiver may answer with (status 2xx): nothing (no reply), plain text, or JSON: a string,
 * a list of messages, or an object with `reply` / `text` / `output` (n8n's "Respond to Webhook" and AI
 * agent nodes) or `messages`, and optionally `session` (handed back next time), `handoff`
 * ({queueId, userId}) and `finished`. A message is text or {type: image|audio|video|document, url, caption}.
 */
export function replyOfBody(contentType: string, text: string): ChatbotReply {
  if (!text.trim()) return { messages: [], session: null };
  if (!contentType.includes('json')) return { messages: [{ kind: 'text', body: text }], session: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ChatbotProtocolError('webhook answered JSON that does not parse');
  }
  // n8n answers a list of items; its first item is the answer.
  if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((item) => item && typeof item === 'object' && !('type' in item))) {
    parsed = parsed.length === 1 ? parsed[0] : parsed;
  }
  if (typeof parsed === 'string') return { messages: messageOf(parsed), session: null };
  if (Array.isArray(parsed)) return { messages: parsed.flatMap((item) => messageOf(item as ReplyItem)), session: null };
  if (!parsed || typeof parsed !== 'object') throw new ChatbotProtocolError('webhook answered JSON that is not a reply');
  const answer = parsed as Record<string, unknown>;
  const listed = Array.isArray(answer['messages']) ? (answer['messages'] as ReplyItem[]) : null;
  const single = [answer['reply'], answer['text'], answer['output']].find((value) => typeof value === 'string') as string | undefined;
  const messages = listed ? listed.flatMap(messageOf) : single !== undefined ? messageOf(single) : [];
  const session = answer['session'] && typeof answer['session'] === 'object' ? (answer['session'] as Record<string, unknown>) : null;
  const handoff = answer['handoff'] as { queueId?: unknown; userId?: unknown } | undefined;
  const queueId = Number(handoff?.queueId);
  const userId = Number(handoff?.userId);
  return {
    messages,
    session,
    ...(Number.isInteger(queueId) && queueId > 0
      ? { handoff: Number.isInteger(userId) && userId > 0 ? { queueId, userId } : { queueId } }
      : {}),
    ...(answer['finished'] === true ? { finished: true } : {}),
  };
}

/**
 * n8n and a generic webhook: a POST of the customer's message with its ticket and contact (JSON), signed
 * when the integration has a signing secret; the reply taken from the answer's body when it carries one.
 */
abstract class SignedWebhookProtocol implements ChatbotProtocol {
  abstract readonly type: ChatbotType;

  async converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply> {
    const { settings } = turn;
    if (!settings.urlN8N) throw new ChatbotProtocolError(`${this.type}: the URL is required`);
    const payload: WebhookRequestBody = {
      event: 'message',
      integration: { id: settings.id, type: this.type, name: settings.name },
      ticket: { id: turn.ticketId },
      contact: turn.contact,
      message: { body: turn.text },
      session: turn.session,
    };
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/plain' };
    if (settings.signingSecret) {
      headers[WEBHOOK_TIMESTAMP_HEADER] = timestamp;
      headers[WEBHOOK_SIGNATURE_HEADER] = webhookSignature(settings.signingSecret, timestamp, body);
    }
    const response = await fetch(settings.urlN8N, { method: 'POST', headers, body, signal: turn.signal });
    const text = await response.text();
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ChatbotProtocolError(
        `${this.type} answered ${response.status}`,
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    const reply = replyOfBody(response.headers.get('content-type') ?? '', text);
    // Without a session in the answer, the one kept goes on (a receiver may hold its own state).
    return reply.session === null && turn.session !== null ? { ...reply, session: turn.session } : reply;
  }
}

@Injectable()
export class N8nProtocol extends SignedWebhookProtocol {
  readonly type = 'n8n' as const;
}

@Injectable()
export class WebhookProtocol extends SignedWebhookProtocol {
  readonly type = 'webhook' as const;
}
