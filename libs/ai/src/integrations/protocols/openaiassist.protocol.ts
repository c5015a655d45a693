import { OutboundUrlRefusedError } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import OpenAI from 'openai';
import type { Response as OpenAiResponse, ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';

import { AI_OPTIONS, type AiOptions, PROVIDER_BASE_URLS } from '../../common/ai-options';
import type { ChatbotMessage, ChatbotProtocol, ChatbotReply, ChatbotTurn } from './chatbot-protocol';
import { ChatbotProtocolError } from './chatbot-protocol';
import { malformed, retryAfterSeconds, sessionString, textWithMedia, withHandoff } from './protocol-replies';

const PRODUCT = 'OpenAI';

/** What an integration's openaiid names: a saved prompt (optionally a version of it) or a model. */
export type OpenAiAssistTarget = { kind: 'prompt'; id: string; version?: string } | { kind: 'model'; model: string };

/**
 * How openaiid is read (docs/integrations.md, "OpenAI (openaiassist)"): `pmpt_...` is a prompt saved in
 * the OpenAI dashboard (`pmpt_...@3` pins its version 3), answered as the Responses API's
 * `prompt: {id, version}` while OpenAI still serves prompt objects (deprecated, shutdown scheduled for
 * 2026-11-30: its refusal then reaches the ticket's note); an `asst_...` id named an assistant of the
 * Assistants API, which OpenAI shut down on 2026-08-26, so it is refused with the way out; anything
 * else is a model name (`gpt-4.1-mini`) answered with no instructions of its own.
 */
export function openAiAssistTarget(openaiid: string | null): OpenAiAssistTarget {
  const value = (openaiid ?? '').trim();
  if (!value) throw new ChatbotProtocolError('OpenAI integration has no prompt id (openaiid)');
  if (value.startsWith('asst_'))
    throw new ChatbotProtocolError(
      `OpenAI's Assistants API was shut down on 2026-08-26; ${value} cannot answer. Move its instructions into an AI agent bound to the queue, or save a model name (e.g. gpt-4.1-mini) in the integration's openaiid`,
    );
  const prompt = /^(pmpt_[A-Za-z0-9]+)(?:@(\d+))?$/.exec(value);
  if (prompt) return { kind: 'prompt', id: prompt[1]!, ...(prompt[2] ? { version: prompt[2] } : {}) };
  if (value.startsWith('pmpt_'))
    throw new ChatbotProtocolError(`OpenAI prompt id ${value} is not a prompt id (pmpt_... or pmpt_...@version)`);
  if (!/^[A-Za-z0-9][\w.:-]*$/.test(value))
    throw new ChatbotProtocolError(`OpenAI integration's openaiid ${value} is neither a prompt id nor a model`);
  return { kind: 'model', model: value };
}

/** The answer's messages: its output text (markdown media as media) and refusals; reasoning items are not for the customer. */
function outputMessages(response: OpenAiResponse): ChatbotMessage[] {
  if (!Array.isArray(response.output)) throw malformed(PRODUCT, 'no output in the response');
  const messages: ChatbotMessage[] = [];
  for (const item of response.output) {
    if (item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (part.type === 'output_text' && typeof part.text === 'string') messages.push(...textWithMedia(part.text));
      else if (part.type === 'refusal' && typeof part.refusal === 'string' && part.refusal.trim())
        messages.push({ kind: 'text', body: part.refusal.trim() });
    }
  }
  return messages;
}

/**
 * The openaiid / openaikey pair answered through OpenAI's Responses API (the Assistants API it was
 * named after is shut down): one Conversation per ticket (created on its first turn, its id kept in the
 * session, created again when OpenAI lost it) and each turn a response on it with the saved prompt (or
 * the model) and the customer's text. The `openai` package speaks the API through the engine's guarded
 * fetch, without retries of its own (the engine retries 429 and 5xx) and bounded by the engine's signal.
 */
@Injectable()
export class OpenAiAssistProtocol implements ChatbotProtocol {
  readonly type = 'openaiassist' as const;

  constructor(@Inject(AI_OPTIONS) private readonly options: AiOptions) {}

  async converse(turn: ChatbotTurn, fetch: typeof globalThis.fetch): Promise<ChatbotReply> {
    const { settings } = turn;
    const target = openAiAssistTarget(settings.openaiid);
    if (!settings.openaikey) throw new ChatbotProtocolError('OpenAI integration has no API key (openaikey)');
    const client = new OpenAI({
      apiKey: settings.openaikey,
      baseURL: this.options.providerBaseUrls?.openai ?? PROVIDER_BASE_URLS.openai,
      fetch,
      maxRetries: 0,
      timeout: this.options.modelTimeoutMs ?? 60_000,
    });
    const request = { signal: turn.signal };
    const newConversation = async () =>
      (
        await client.conversations.create(
          { metadata: { zapdesk_company: String(settings.companyId), zapdesk_ticket: String(turn.ticketId) } },
          request,
        )
      ).id;
    const ask = (conversation: string) => {
      const params: ResponseCreateParamsNonStreaming = {
        ...(target.kind === 'prompt' ? { prompt: { id: target.id, ...(target.version ? { version: target.version } : {}) } } : {}),
        ...(target.kind === 'model' ? { model: target.model } : {}),
        conversation,
        input: turn.text,
        store: true,
      };
      return client.responses.create(params, request);
    };
    try {
      const kept = sessionString(turn.session, 'conversationId');
      let conversationId = kept ?? (await newConversation());
      let response: OpenAiResponse;
      try {
        response = await ask(conversationId);
      } catch (error) {
        if (!(kept && error instanceof OpenAI.NotFoundError && error.param === 'conversation')) throw error;
        conversationId = await newConversation();
        response = await ask(conversationId);
      }
      return withHandoff(this.replyOf(response), { conversationId });
    } catch (error) {
      throw this.failure(error, turn.signal);
    }
  }

  private replyOf(response: OpenAiResponse): ChatbotMessage[] {
    if (typeof response !== 'object' || response === null || (response as { object?: unknown }).object !== 'response')
      throw malformed(PRODUCT, 'not a response object');
    if (response.status === 'failed')
      throw new ChatbotProtocolError(`OpenAI could not answer: ${response.error?.message ?? 'the response failed'}`);
    const messages = outputMessages(response);
    if (messages.length) return messages;
    const call = response.output.find((item) => item.type === 'function_call');
    if (call && call.type === 'function_call')
      throw new ChatbotProtocolError(
        `OpenAI's prompt called the function ${call.name}, which zapdesk does not run; the prompt should answer in text`,
      );
    if (response.status === 'incomplete')
      throw new ChatbotProtocolError(
        `OpenAI's answer was cut short (${response.incomplete_details?.reason ?? 'incomplete'}) before any text`,
      );
    throw malformed(PRODUCT, 'no text in the response');
  }

  /** The SDK's errors as the engine reads failures: statuses and Retry-After kept, its own abort and the URL guard's refusal as they were. */
  private failure(error: unknown, signal: AbortSignal): unknown {
    if (error instanceof ChatbotProtocolError) return error;
    if (signal.aborted) return error;
    if (error instanceof OpenAI.APIConnectionError) {
      if (error.cause instanceof OutboundUrlRefusedError) return error.cause;
      return new ChatbotProtocolError(`OpenAI could not be reached: ${error.cause instanceof Error ? error.cause.message : error.message}`);
    }
    if (error instanceof OpenAI.APIError && error.status !== undefined) {
      const detail = (error.error as { message?: unknown } | undefined)?.message;
      return new ChatbotProtocolError(
        `OpenAI answered ${error.status}: ${typeof detail === 'string' ? detail : error.message}`,
        error.status,
        retryAfterSeconds(error.headers?.get('retry-after') ?? null),
      );
    }
    return malformed(PRODUCT, `unreadable (${error instanceof Error ? error.message : String(error)})`);
  }
}
