import { Injectable } from '@nestjs/common';

import { numbered } from './chatbot-handoff';
import { type ChatbotMessage, type ChatbotProtocol, ChatbotProtocolError, type ChatbotReply, type ChatbotTurn } from './chatbot-protocol';
import { fileNameIn, mediaTypeOf } from './protocol-replies';

/** What the engine keeps of a typebot conversation: its session and the choices last offered (for "1", "2"...). */
interface TypebotSession {
  sessionId: string;
  choices: string[];
}

interface RichTextNode {
  text?: string;
  type?: string;
  children?: RichTextNode[];
  url?: string;
}

/** A bubble of typebot's v1 chat API (text as rich text or markdown, media by URL). */
interface TypebotBubble {
  type: string;
  content?: {
    type?: string;
    richText?: RichTextNode[];
    markdown?: string;
    url?: string;
    plainText?: string;
  };
}

interface TypebotInput {
  type: string;
  items?: { id?: string; content?: string }[];
  options?: { labels?: { placeholder?: string } };
}

interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotBubble[];
  input?: TypebotInput | null;
}

const BLOCKS = new Set(['p', 'paragraph', 'h1', 'h2', 'h3', 'li', 'ol', 'ul', 'blockquote']);

/** Slate-style rich text as plain text: paragraphs on their own lines, links as their text. */
function plainText(nodes: RichTextNode[] = []): string {
  return nodes
    .map((node) => {
      const inner = node.children ? plainText(node.children) : (node.text ?? '');
      return node.type && BLOCKS.has(node.type) ? `${inner}\n` : inner;
    })
    .join('')
    .replace(/\n+$/, '');
}

const MEDIA: Record<string, 'image' | 'audio' | 'video'> = { image: 'image', audio: 'audio', video: 'video' };

function messageOf(bubble: TypebotBubble): ChatbotMessage | null {
  if (bubble.type === 'text') {
    const body = (bubble.content?.markdown ?? bubble.content?.plainText ?? plainText(bubble.content?.richText)).trim();
    return body ? { kind: 'text', body } : null;
  }
  const mediaType = MEDIA[bubble.type];
  if (mediaType && bubble.content?.url) return { kind: 'media', url: bubble.content.url, mediaType };
  if (bubble.type === 'embed' && bubble.content?.url) {
    // typebot has no file bubble: a PDF (or other document) is embedded by its URL; any other page stays a link.
    const url = bubble.content.url;
    if (mediaTypeOf(url) !== 'document') return { kind: 'text', body: url };
    const fileName = fileNameIn(url);
    return { kind: 'media', url, mediaType: 'document', ...(fileName ? { fileName } : {}) };
  }
  return null;
}

/**
 * Typebot's v1 chat API: the first turn of a ticket starts a chat of the published bot (slug) with the
 * customer's message and who they are; later turns continue its session. A customer answering a
 * choice with its number gets that choice sent. A session typebot no longer knows (404) starts anew.
 */
@Injectable()
export class TypebotProtocol implements ChatbotProtocol {
  readonly type = 'typebot' as const;

  async converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply> {
    const { urlN8N, typebotSlug } = turn.settings;
    if (!urlN8N || !typebotSlug) throw new ChatbotProtocolError('typebot: the URL and the slug are required');
    const base = urlN8N.replace(/\/+$/, '');
    const kept = turn.session as TypebotSession | null;
    if (kept?.sessionId) {
      const text = choiceOf(turn.text, kept.choices);
      const continued = await post(
        fetch,
        `${base}/api/v1/sessions/${encodeURIComponent(kept.sessionId)}/continueChat`,
        { message: text },
        turn,
      );
      if (continued !== 'gone') return replyOf(continued, kept.sessionId);
    }
    const started = await post(
      fetch,
      `${base}/api/v1/typebots/${encodeURIComponent(typebotSlug)}/startChat`,
      {
        message: turn.text,
        isStreamEnabled: false,
        prefilledVariables: {
          number: turn.contact.number,
          pushName: turn.contact.name,
          ticketId: turn.ticketId,
          contactId: turn.contact.id,
        },
      },
      turn,
    );
    if (started === 'gone') throw new ChatbotProtocolError(`typebot: no published bot "${typebotSlug}"`, 404);
    if (typeof started.sessionId !== 'string' || !started.sessionId)
      throw new ChatbotProtocolError('typebot: startChat answered without a sessionId');
    return replyOf(started, started.sessionId);
  }
}

/** "2" for the second choice offered becomes that choice's text; anything else goes as written. */
function choiceOf(text: string, choices: string[]): string {
  const index = Number(text.trim());
  return Number.isInteger(index) && index >= 1 && index <= choices.length ? choices[index - 1]! : text;
}

function replyOf(answer: TypebotAnswer, sessionId: string): ChatbotReply {
  if (answer.messages !== undefined && !Array.isArray(answer.messages)) throw new ChatbotProtocolError('typebot: messages is not a list');
  const messages = (answer.messages ?? []).flatMap((bubble) => {
    const message = messageOf(bubble);
    return message ? [message] : [];
  });
  const input = answer.input ?? null;
  const choices = input?.type === 'choice input' ? (input.items ?? []).map((item) => item.content ?? '').filter(Boolean) : [];
  // No bubble is typebot refusing the answer (it asks the same again): the engine says typebotUnknownMessage.
  if (choices.length > 0 && messages.length > 0) messages.push({ kind: 'text', body: numbered(choices) });
  // No input asked for: the flow ended; the next message starts it again.
  if (!input) return { messages, session: null, finished: true };
  return { messages, session: { sessionId, choices } satisfies TypebotSession };
}

async function post(fetch: typeof globalThis.fetch, url: string, body: unknown, turn: ChatbotTurn): Promise<TypebotAnswer | 'gone'> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: turn.signal,
  });
  const text = await response.text();
  if (response.status === 404) return 'gone';
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ChatbotProtocolError(
      `typebot answered ${response.status}`,
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as TypebotAnswer;
  } catch {
    throw new ChatbotProtocolError('typebot answered something that is not its JSON');
  }
}
