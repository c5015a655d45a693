import { randomBytes } from 'node:crypto';

import { bearerOf, FakeProductServer, type ProductReply, type RecordedRequest } from './fake-product-server';

const id = (prefix: string) => `${prefix}_${randomBytes(24).toString('hex')}`;

/** One output item of a response, in the Responses API's shapes the specs use. */
export type ResponsesOutputItem =
  { type: 'message'; text?: string; refusal?: string } | { type: 'function_call'; name: string; arguments: string } | { type: 'reasoning' };

/** How the server answers one response: its output items, and its status when not `completed`. */
export interface ResponsesAnswer {
  output: ResponsesOutputItem[];
  status?: 'completed' | 'incomplete' | 'failed';
}

/** A conversation's items as the server keeps them: what the user said and what the model answered. */
export interface StoredItem {
  role: 'user' | 'assistant';
  text: string;
}

const openAiError = (message: string, type: string, param: string | null, code: string | null) => ({
  error: { message, type, param, code },
});

/**
 * A small server speaking OpenAI's Conversations and Responses APIs (POST /v1/conversations,
 * POST /v1/responses with a saved prompt `{prompt: {id}}` or a model, `conversation` and `input`;
 * Bearer key), answering in their real shapes (`conversation` objects; `response` objects with
 * output items, usage and the conversation) and refusing as OpenAI does (401 invalid_api_key, 404 for
 * an unknown prompt or conversation, 429 rate_limit_exceeded, 5xx server_error).
 */
export class FakeOpenAiResponsesServer extends FakeProductServer {
  readonly apiKey = `sk-proj-${randomBytes(12).toString('hex')}`;
  /** Saved prompts (id → model) the project has. */
  readonly prompts = new Map<string, string>([[id('pmpt'), 'gpt-4.1-mini-2025-04-14']]);
  readonly conversations = new Map<string, { metadata: Record<string, string>; items: StoredItem[] }>();
  private script: (input: string, conversationId: string | undefined) => ResponsesAnswer = (input) => ({
    output: [{ type: 'message', text: `Resposta para: ${input}` }],
  });

  static async start(): Promise<FakeOpenAiResponsesServer> {
    const server = new FakeOpenAiResponsesServer();
    await server.listen();
    return server;
  }

  /** The base URL an OpenAI client is given (…/v1). */
  get baseUrl(): string {
    return `${this.origin}/v1`;
  }

  get promptId(): string {
    return [...this.prompts.keys()][0]!;
  }

  answerWith(script: (input: string, conversationId: string | undefined) => ResponsesAnswer): void {
    this.script = script;
  }

  protected errorBody(status: number): unknown {
    return status === 429
      ? openAiError(
          'Rate limit reached for gpt-4.1-mini in organization org-local on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.',
          'requests',
          null,
          'rate_limit_exceeded',
        )
      : openAiError('The server had an error while processing your request. Sorry about that!', 'server_error', null, null);
  }

  protected answer(request: RecordedRequest): ProductReply {
    if (bearerOf(request) !== this.apiKey)
      return {
        status: 401,
        body: openAiError(
          'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          null,
          'invalid_api_key',
        ),
      };
    if (request.method === 'POST' && request.path === '/v1/conversations') return this.createConversation(request);
    if (request.method === 'POST' && request.path === '/v1/responses') return this.createResponse(request);
    return {
      status: 404,
      body: openAiError(`Invalid URL (${request.method} ${request.path})`, 'invalid_request_error', null, null),
    };
  }

  private createConversation(request: RecordedRequest): ProductReply {
    const body = (request.body ?? {}) as { metadata?: Record<string, string> };
    const conversationId = id('conv');
    this.conversations.set(conversationId, { metadata: body.metadata ?? {}, items: [] });
    return {
      status: 200,
      body: { id: conversationId, object: 'conversation', created_at: Math.floor(Date.now() / 1000), metadata: body.metadata ?? {} },
    };
  }

  private createResponse(request: RecordedRequest): ProductReply {
    const body = (request.body ?? {}) as {
      prompt?: { id?: string; version?: string };
      model?: string;
      conversation?: string | { id: string };
      input?: unknown;
    };
    let model = body.model;
    if (body.prompt) {
      model = this.prompts.get(body.prompt.id ?? '');
      if (!model)
        return { status: 404, body: openAiError(`Prompt with id '${body.prompt.id}' not found.`, 'invalid_request_error', 'prompt', null) };
    }
    if (!model) return { status: 400, body: openAiError("Missing required parameter: 'model'.", 'invalid_request_error', 'model', null) };
    const conversationId = typeof body.conversation === 'string' ? body.conversation : body.conversation?.id;
    const conversation = conversationId ? this.conversations.get(conversationId) : undefined;
    if (conversationId && !conversation)
      return {
        status: 404,
        body: openAiError(`Conversation with id '${conversationId}' not found.`, 'invalid_request_error', 'conversation', null),
      };
    if (typeof body.input !== 'string')
      return { status: 400, body: openAiError("Invalid type for 'input'.", 'invalid_request_error', 'input', null) };
    const answer = this.script(body.input, conversationId);
    const output = answer.output.map((item) => {
      if (item.type === 'reasoning') return { id: id('rs'), type: 'reasoning', summary: [] };
      if (item.type === 'function_call')
        return {
          id: id('fc'),
          type: 'function_call',
          status: 'completed',
          call_id: id('call'),
          name: item.name,
          arguments: item.arguments,
        };
      return {
        id: id('msg'),
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [
          ...(item.text !== undefined ? [{ type: 'output_text', text: item.text, annotations: [], logprobs: [] }] : []),
          ...(item.refusal !== undefined ? [{ type: 'refusal', refusal: item.refusal }] : []),
        ],
      };
    });
    if (conversation) {
      conversation.items.push({ role: 'user', text: body.input });
      for (const item of answer.output)
        if (item.type === 'message' && item.text) conversation.items.push({ role: 'assistant', text: item.text });
    }
    const status = answer.status ?? 'completed';
    return {
      status: 200,
      body: {
        id: id('resp'),
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status,
        background: false,
        error: status === 'failed' ? { code: 'server_error', message: 'The model failed to generate a response.' } : null,
        incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
        instructions: null,
        max_output_tokens: null,
        model,
        output,
        parallel_tool_calls: true,
        previous_response_id: null,
        prompt: body.prompt ? { id: body.prompt.id, variables: null, version: body.prompt.version ?? '1' } : null,
        conversation: conversationId ? { id: conversationId } : null,
        reasoning: { effort: null, summary: null },
        store: true,
        temperature: 1,
        text: { format: { type: 'text' }, verbosity: 'medium' },
        tool_choice: 'auto',
        tools: [],
        top_p: 1,
        truncation: 'disabled',
        usage: {
          input_tokens: 36,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 12,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 48,
        },
        user: null,
        metadata: {},
      },
    };
  }
}
