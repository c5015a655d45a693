import { randomUUID } from 'node:crypto';

import { bearerOf, FakeProductServer, type ProductReply, type RecordedRequest } from './fake-product-server';

/**
 * A small server speaking Dify's service API for chat apps (POST {base}/v1/chat-messages with the
 * app's `Authorization: Bearer app-...`, {inputs, query, user, conversation_id, response_mode}),
 * answering blocking requests as Dify does ({event: 'message', conversation_id, answer, metadata, ...})
 * and refusing as Dify does ({code, message, status}): an unknown key, a conversation that is not the
 * user's, a missing query.
 */
export class FakeDifyServer extends FakeProductServer {
  /** The app's API key the server accepts. */
  readonly appKey = `app-${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  /** Each conversation's user and queries, as Dify keeps them. */
  readonly conversations = new Map<string, { user: string; queries: string[] }>();
  private script: (query: string, conversationId: string) => string = (query) => `Dify recebeu: ${query}`;

  static async start(): Promise<FakeDifyServer> {
    const server = new FakeDifyServer();
    await server.listen();
    return server;
  }

  /** The API base an integration's urldify holds. */
  get apiBase(): string {
    return `${this.origin}/v1`;
  }

  answerWith(script: (query: string, conversationId: string) => string): void {
    this.script = script;
  }

  protected errorBody(status: number): unknown {
    return status === 429
      ? difyError(429, 'too_many_requests', 'Too many requests. Please try again later.')
      : difyError(
          status,
          'internal_server_error',
          'The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.',
        );
  }

  protected answer(request: RecordedRequest): ProductReply {
    if (request.method !== 'POST' || request.path !== '/v1/chat-messages')
      return { status: 404, body: difyError(404, 'not_found', 'The requested URL was not found on the server.') };
    if (bearerOf(request) !== this.appKey) return { status: 401, body: difyError(401, 'unauthorized', 'Access token is invalid') };
    const body = request.body as Record<string, unknown> | undefined;
    if (typeof body?.query !== 'string' || !body.query) return { status: 400, body: difyError(400, 'invalid_param', 'query is required') };
    if (typeof body.user !== 'string' || !body.user) return { status: 400, body: difyError(400, 'invalid_param', 'user is required') };
    if (body.response_mode !== 'blocking')
      return { status: 400, body: difyError(400, 'invalid_param', 'this fake answers response_mode blocking only') };
    let conversationId = typeof body.conversation_id === 'string' ? body.conversation_id : '';
    if (conversationId) {
      const known = this.conversations.get(conversationId);
      if (!known || known.user !== body.user) return { status: 404, body: difyError(404, 'not_found', 'Conversation Not Exists.') };
    } else {
      conversationId = randomUUID();
      this.conversations.set(conversationId, { user: body.user, queries: [] });
    }
    this.conversations.get(conversationId)!.queries.push(body.query);
    const messageId = randomUUID();
    return {
      status: 200,
      body: {
        event: 'message',
        task_id: randomUUID(),
        id: messageId,
        message_id: messageId,
        conversation_id: conversationId,
        mode: 'advanced-chat',
        answer: this.script(body.query, conversationId),
        metadata: {
          usage: {
            prompt_tokens: 120,
            prompt_unit_price: '0.001',
            prompt_price_unit: '0.001',
            prompt_price: '0.00012',
            completion_tokens: 20,
            completion_unit_price: '0.002',
            completion_price_unit: '0.001',
            completion_price: '0.00004',
            total_tokens: 140,
            total_price: '0.00016',
            currency: 'USD',
            latency: 0.42,
          },
          retriever_resources: [],
        },
        created_at: Math.floor(Date.now() / 1000),
      },
    };
  }
}

function difyError(status: number, code: string, message: string) {
  return { code, message, status };
}
