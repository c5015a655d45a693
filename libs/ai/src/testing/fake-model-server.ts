import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat completions request as the server received it. */
export interface ModelRequest {
  path: string;
  authorization: string;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
    tools?: { type: string; function: { name: string } }[];
  };
}

/** How the server answers one request. */
export type ModelBehaviour =
  | { kind: 'reply'; text: string; delayMs?: number }
  | { kind: 'tool'; name: string; args: object; text?: string }
  | { kind: 'status'; status: 401 | 429 | 500 | 502 | 503; retryAfterMs?: number; retryAfterSeconds?: number }
  | { kind: 'hang' };

export type ModelScript = (request: ModelRequest, index: number) => ModelBehaviour;

/** OpenAI's own error bodies for the statuses the server answers with. */
const ERROR_BODIES: Record<number, { message: string; type: string; param: null; code: string | null }> = {
  401: {
    message: 'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  },
  429: {
    message: 'Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3.',
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  },
};
const serverError = { message: 'Server error', type: 'server_error', param: null, code: null };

/** A script that answers each key its own way (the connection test's keys: good, revoked, rate-limited, slow). */
export const byKey =
  (behaviourOf: (apiKey: string) => ModelBehaviour): ModelScript =>
  (request) =>
    behaviourOf(request.authorization.replace(/^Bearer /, ''));

/**
 * The one small server the specs use for OpenAI and OpenRouter: their chat completions protocol
 * (POST {base}/chat/completions, bearer key, choices with content or tool_calls, usage, their error
 * bodies), each request answered as the test's script says (at once, slowly, with a tool call, 401,
 * 429 with retry-after, 5xx, or never).
 */
export class FakeModelServer {
  readonly requests: ModelRequest[] = [];
  /** The most requests each key had in flight at once. */
  readonly mostInFlight = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private script: ModelScript = () => ({ kind: 'reply', text: 'Olá! Como posso ajudar?' });
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();

  private constructor() {
    this.server = createServer((request, response) => void this.serve(request, response));
  }

  static async start(): Promise<FakeModelServer> {
    const fake = new FakeModelServer();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL an OpenAI client is given. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  answerWith(script: ModelScript): void {
    this.script = script;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
      return;
    }
    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith('Bearer ')) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Missing bearer', type: 'invalid_request_error' } }));
      return;
    }
    const received: ModelRequest = { path: request.url, authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
    this.requests.push(received);
    const flying = (this.inFlight.get(authorization) ?? 0) + 1;
    this.inFlight.set(authorization, flying);
    this.mostInFlight.set(authorization, Math.max(flying, this.mostInFlight.get(authorization) ?? 0));
    response.on('close', () => this.inFlight.set(authorization, (this.inFlight.get(authorization) ?? 1) - 1));
    const behaviour = this.script(received, this.requests.length - 1);
    if (behaviour.kind === 'hang') {
      this.hanging.add(response);
      response.on('close', () => this.hanging.delete(response));
      return;
    }
    if (behaviour.kind === 'status') {
      response
        .writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...(behaviour.retryAfterMs !== undefined ? { 'retry-after-ms': String(behaviour.retryAfterMs) } : {}),
          ...(behaviour.retryAfterSeconds !== undefined ? { 'retry-after': String(behaviour.retryAfterSeconds) } : {}),
        })
        .end(JSON.stringify({ error: ERROR_BODIES[behaviour.status] ?? serverError }));
      return;
    }
    if (behaviour.kind === 'reply' && behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    const message =
      behaviour.kind === 'reply'
        ? { role: 'assistant', content: behaviour.text }
        : {
            role: 'assistant',
            content: behaviour.text ?? null,
            tool_calls: [
              {
                id: `call_${this.requests.length}`,
                type: 'function',
                function: { name: behaviour.name, arguments: JSON.stringify(behaviour.args) },
              },
            ],
          };
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${this.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: received.body.model,
        choices: [{ index: 0, message, finish_reason: behaviour.kind === 'reply' ? 'stop' : 'tool_calls' }],
        usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
      }),
    );
  }
}
