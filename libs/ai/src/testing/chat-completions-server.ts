import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the local server answers one key: like OpenAI does, slowly, or with its 401 and 429 errors. */
export type KeyBehaviour = 'ok' | 'unauthorized' | 'rate-limited' | 'slow';

export interface ChatCompletionsServer {
  /** The base URL (…/v1) a provider is configured with. */
  baseUrl: string;
  /** The chat-completions requests received: the key, the model and the messages. */
  requests: { apiKey: string; model: string; messages: unknown[]; path: string }[];
  close(): Promise<void>;
}

const openAiError = (message: string, type: string, code: string) => ({ error: { message, type, param: null, code } });

/**
 * A small server speaking OpenAI's chat-completions protocol (POST /v1/chat/completions, Bearer key,
 * its JSON answer and error bodies) for specs: each key behaves as `behaviourOf` says.
 */
export async function startChatCompletionsServer(
  behaviourOf: (apiKey: string) => KeyBehaviour,
  slowMs = 3_000,
): Promise<ChatCompletionsServer> {
  const requests: ChatCompletionsServer['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, openAiError('Not found', 'invalid_request_error', 'not_found'));
      const apiKey = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { model?: string; messages?: unknown[] };
      requests.push({ apiKey, model: body.model ?? '', messages: body.messages ?? [], path: req.url });
      const behaviour = behaviourOf(apiKey);
      if (behaviour === 'unauthorized')
        return send(
          401,
          openAiError(
            'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      if (behaviour === 'rate-limited')
        return send(
          429,
          openAiError('Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 3, Used 3.', 'requests', 'rate_limit_exceeded'),
          {
            'retry-after': '20',
          },
        );
      const answer = () =>
        send(200, {
          id: 'chatcmpl-local',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok', refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 9, completion_tokens: 1, total_tokens: 10 },
        });
      if (behaviour === 'slow') setTimeout(answer, slowMs).unref();
      else answer();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
