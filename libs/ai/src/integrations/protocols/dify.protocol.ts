import { Injectable } from '@nestjs/common';

import type { ChatbotProtocol, ChatbotReply, ChatbotTurn } from './chatbot-protocol';
import { ChatbotProtocolError } from './chatbot-protocol';
import { isRecord, malformed, postJson, sessionString, textWithMedia, withHandoff } from './protocol-replies';

const PRODUCT = 'Dify';

/**
 * Dify's chat-messages API (POST {urldify}/chat-messages, `Authorization: Bearer {apidify}`): the
 * customer's text as `query`, the contact as `user`, the ticket's `conversation_id` (kept in the
 * session; empty on the first turn, then Dify's), blocking mode, with the engine's signal as its
 * timeout. A conversation Dify no longer knows (deleted, or another user's) starts again once. The
 * answer's markdown images and file links become media.
 */
@Injectable()
export class DifyProtocol implements ChatbotProtocol {
  readonly type = 'dify' as const;

  async converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply> {
    const { settings } = turn;
    if (!settings.urldify) throw new ChatbotProtocolError('Dify integration has no API URL (urldify)');
    if (!settings.apidify) throw new ChatbotProtocolError('Dify integration has no API key (apidify)');
    let url: string;
    try {
      url = `${new URL(settings.urldify.trim()).href.replace(/\/+$/, '')}/chat-messages`;
    } catch {
      throw new ChatbotProtocolError('Dify API URL (urldify) is not a URL');
    }
    const user = `zapdesk-contact-${turn.contact.id}`;
    const ask = (conversationId: string) =>
      postJson(fetch, PRODUCT, url, {
        body: { inputs: {}, query: turn.text, user, conversation_id: conversationId, response_mode: 'blocking' },
        headers: { authorization: `Bearer ${settings.apidify}` },
        signal: turn.signal,
      });
    const kept = sessionString(turn.session, 'conversationId') ?? '';
    let answer: Awaited<ReturnType<typeof ask>>;
    try {
      answer = await ask(kept);
    } catch (error) {
      if (!(kept && error instanceof ChatbotProtocolError && error.status === 404)) throw error;
      answer = await ask('');
    }
    const { json } = answer;
    if (!isRecord(json) || typeof json.answer !== 'string') throw malformed(PRODUCT, 'no answer in the chat message');
    if (typeof json.conversation_id !== 'string' || !json.conversation_id)
      throw malformed(PRODUCT, 'no conversation_id in the chat message');
    return withHandoff(textWithMedia(json.answer), { conversationId: json.conversation_id });
  }
}
