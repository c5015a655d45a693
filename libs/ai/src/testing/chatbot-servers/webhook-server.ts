import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface WebhookReceived {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as a receiver checks the signature over it. */
  raw: string;
  body: { ticket?: { id: number }; message?: { body: string }; session?: unknown; contact?: unknown; integration?: unknown };
}

export interface WebhookAnswer {
  status?: number;
  contentType?: string;
  /** Sent as is when a string, as JSON otherwise. */
  body?: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface WebhookServer {
  url: string;
  received: WebhookReceived[];
  /** How the next requests are answered (by default 200 with `{"reply": "Recebido: <message>"}`). */
  answerWith(answer: (received: WebhookReceived) => WebhookAnswer): void;
  close(): Promise<void>;
}

/**
 * A small receiver as an n8n webhook node or a company's own endpoint is: it records what it got (the
 * raw body and headers, to check the signature the way a receiver would) and answers as told.
 */
export async function startWebhookServer(): Promise<WebhookServer> {
  const received: WebhookReceived[] = [];
  const sockets = new Set<Socket>();
  const echo = (r: WebhookReceived): WebhookAnswer => ({ body: { reply: `Recebido: ${r.body.message?.body ?? ''}` } });
  let answer: (r: WebhookReceived) => WebhookAnswer = echo;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: WebhookReceived['body'] = {};
      try {
        body = JSON.parse(raw) as WebhookReceived['body'];
      } catch {
        // recorded raw
      }
      const entry = { path: req.url ?? '', headers: req.headers, raw, body };
      received.push(entry);
      const planned = answer(entry);
      const respond = () => {
        if (res.destroyed) return;
        const payload = planned.body === undefined ? '' : typeof planned.body === 'string' ? planned.body : JSON.stringify(planned.body);
        res.writeHead(planned.status ?? 200, {
          ...(payload ? { 'content-type': planned.contentType ?? 'application/json' } : {}),
          ...planned.headers,
        });
        res.end(payload);
      };
      if (planned.delayMs) setTimeout(respond, planned.delayMs);
      else respond();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook/atendimento`,
    received,
    answerWith: (next) => (answer = next),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
