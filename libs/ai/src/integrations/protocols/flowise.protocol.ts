import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';

import type { ChatbotMessage, ChatbotProtocol, ChatbotReply, ChatbotTurn } from './chatbot-protocol';
import { ChatbotProtocolError } from './chatbot-protocol';
import { isRecord, malformed, mediaTypeOf, numberedChoices, postJson, sessionString, textWithMedia, withHandoff } from './protocol-replies';

const PRODUCT = 'Flowise';

/** Flowise gives suggested questions as JSON in a string (sometimes JSON of JSON); a list of strings or nothing. */
function followUps(value: unknown): string[] {
  let current = value;
  for (let depth = 0; depth < 3 && typeof current === 'string'; depth++) {
    try {
      current = JSON.parse(current) as unknown;
    } catch {
      return [];
    }
  }
  return Array.isArray(current) ? current.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/**
 * A file a Flowise tool made: a URL as it is, or a file in Flowise's storage (`FILE-STORAGE::name`)
 * served by its get-upload-file endpoint for this chatflow and chat.
 */
function artifactMessage(artifact: unknown, predictionUrl: URL, chatId: string): ChatbotMessage | undefined {
  if (!isRecord(artifact) || typeof artifact.data !== 'string') return undefined;
  const type = typeof artifact.type === 'string' ? artifact.type : '';
  let url: string;
  let fileName: string | undefined;
  if (artifact.data.startsWith('FILE-STORAGE::')) {
    fileName = artifact.data.slice('FILE-STORAGE::'.length);
    const chatflowId = predictionUrl.pathname.split('/').pop() ?? '';
    const served = new URL('/api/v1/get-upload-file', predictionUrl);
    served.search = new URLSearchParams({ chatflowId, chatId, fileName }).toString();
    url = served.href;
  } else if (/^https?:\/\//.test(artifact.data)) {
    url = artifact.data;
  } else {
    return undefined; // html, markdown or base64 artifacts are for Flowise's own chat window
  }
  const mediaType = mediaTypeOf(fileName ?? url) ?? mediaTypeOf(`x.${type}`);
  if (!mediaType) return undefined;
  return { kind: 'media', url, mediaType, ...(mediaType === 'document' && fileName ? { fileName } : {}) };
}

/**
 * Flowise's prediction API (POST {urlflowise}, the chatflow's /api/v1/prediction/{id}): the customer's
 * text as `question`, one session id per ticket sent as `chatId` and as `overrideConfig.sessionId` (the
 * memory nodes key on it), and the chatflow's API key as a Bearer token when the integration has one
 * (saved in the integration's API key field, `apidify`). The answer's text (markdown images and file
 * links become media), the files its tools made, its human-input buttons and its suggested questions
 * (numbered) become the customer's messages.
 */
@Injectable()
export class FlowiseProtocol implements ChatbotProtocol {
  readonly type = 'flowise' as const;

  async converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply> {
    const { settings } = turn;
    if (!settings.urlflowise) throw new ChatbotProtocolError('Flowise integration has no prediction URL (urlflowise)');
    let predictionUrl: URL;
    try {
      predictionUrl = new URL(settings.urlflowise.trim());
    } catch {
      throw new ChatbotProtocolError('Flowise prediction URL (urlflowise) is not a URL');
    }
    const sessionId = sessionString(turn.session, 'sessionId') ?? randomUUID();
    const { json } = await postJson(fetch, PRODUCT, predictionUrl.href, {
      body: { question: turn.text, streaming: false, chatId: sessionId, overrideConfig: { sessionId } },
      headers: settings.apidify ? { authorization: `Bearer ${settings.apidify}` } : {},
      signal: turn.signal,
    });
    if (!isRecord(json) || (json.text !== undefined && typeof json.text !== 'string'))
      throw malformed(PRODUCT, 'no text in the prediction');
    const messages: ChatbotMessage[] = textWithMedia(typeof json.text === 'string' ? json.text : '');
    const chatId = typeof json.chatId === 'string' ? json.chatId : sessionId;
    for (const artifact of Array.isArray(json.artifacts) ? json.artifacts : []) {
      const message = artifactMessage(artifact, predictionUrl, chatId);
      if (message) messages.push(message);
    }
    const buttons =
      isRecord(json.action) && Array.isArray(json.action.elements)
        ? json.action.elements.flatMap((element) => (isRecord(element) && typeof element.label === 'string' ? [element.label] : []))
        : [];
    if (buttons.length) messages.push(numberedChoices(undefined, buttons));
    const suggestions = followUps(json.followUpPrompts);
    if (suggestions.length) messages.push(numberedChoices(undefined, suggestions));
    if (!messages.length && json.text === undefined) throw malformed(PRODUCT, 'no text in the prediction');
    return withHandoff(messages, { sessionId });
  }
}
