import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the server answers the next requests: as typebot does, slowly, with errors, or with something that is not its JSON. */
export type TypebotBehaviour = 'ok' | 'slow' | 'failing' | 'malformed' | 'rate-limited-once';

export interface TypebotRequest {
  path: string;
  body: { message?: unknown; prefilledVariables?: Record<string, unknown>; isStreamEnabled?: boolean };
}

interface BotSession {
  slug: string;
  step: 'menu' | 'product' | 'done';
  variables: Record<string, unknown>;
}

const text = (value: string) => ({
  id: randomUUID(),
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: value }] }] },
});
const MENU = ['Comprar', 'Falar com atendente'];
const menuInput = () => ({ id: 'menu', type: 'choice input', items: MENU.map((content, i) => ({ id: `item-${i}`, content })) });

export interface TypebotServer {
  /** The typebot server's URL (what an integration's urlN8N holds). */
  baseUrl: string;
  requests: TypebotRequest[];
  behave(behaviour: TypebotBehaviour): void;
  /** Forgets every session (continueChat then answers 404, as typebot does for an expired one). */
  forgetSessions(): void;
  /** The bubbles startChat answers from now on (a flow that ends there, no input); null: the `loja` flow again. */
  startWith(bubbles: object[] | null): void;
  close(): Promise<void>;
}

/**
 * A small server speaking typebot's v1 chat API (POST /api/v1/typebots/{publicId}/startChat and
 * /api/v1/sessions/{sessionId}/continueChat, its JSON) for one published bot, `loja`: a greeting with a
 * menu (choice input), a product question, an image, and the Whaticket transfer order on "Falar com
 * atendente". An answer outside the menu gets no message (typebot's retry), a finished flow no input.
 */
export async function startTypebotServer(slowMs = 3_000): Promise<TypebotServer> {
  const requests: TypebotRequest[] = [];
  const sessions = new Map<string, BotSession>();
  const sockets = new Set<Socket>();
  let behaviour: TypebotBehaviour = 'ok';
  let firstBubbles: object[] | null = null;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as TypebotRequest['body'];
      requests.push({ path: req.url ?? '', body });
      const act = () => {
        if (behaviour === 'failing') return send(503, { message: 'Service Unavailable' });
        if (behaviour === 'rate-limited-once') {
          behaviour = 'ok';
          return send(429, { message: 'Too many requests' }, { 'retry-after': '1' });
        }
        if (behaviour === 'malformed') return send(200, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
        const message = typeof body.message === 'string' ? body.message : '';
        const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.url ?? '');
        if (req.method === 'POST' && start) {
          if (start[1] !== 'loja') return send(404, { message: 'Typebot not found' });
          if (firstBubbles)
            return send(200, { sessionId: randomUUID(), typebot: { id: 'typebot-loja' }, messages: firstBubbles, input: null });
          const sessionId = randomUUID();
          sessions.set(sessionId, { slug: 'loja', step: 'menu', variables: body.prefilledVariables ?? {} });
          const name = String(body.prefilledVariables?.['pushName'] ?? '');
          return send(200, {
            sessionId,
            typebot: { id: 'typebot-loja', theme: {}, settings: {} },
            messages: [text(`Olá ${name}! Bem-vindo à Loja Azul.`), text('Como posso ajudar?')],
            input: menuInput(),
          });
        }
        const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.url ?? '');
        if (req.method === 'POST' && next) {
          const session = sessions.get(next[1]!);
          if (!session) return send(404, { message: 'Session not found.', code: 'NOT_FOUND' });
          if (session.step === 'menu') {
            if (message === 'Comprar') {
              session.step = 'product';
              return send(200, { messages: [text('Ótimo! Qual produto você procura?')], input: { id: 'product', type: 'text input' } });
            }
            if (message === 'Falar com atendente') {
              sessions.delete(next[1]!);
              return send(200, { messages: [text('Vou te passar para um atendente.'), text('#{ "queueId": 77, "userId": 5 }')] });
            }
            return send(200, { messages: [], input: menuInput() });
          }
          sessions.delete(next[1]!);
          return send(200, {
            messages: [
              text(`Temos ${message} sim!`),
              { id: randomUUID(), type: 'image', content: { url: 'https://cdn.example.com/produto.png' } },
              text('Obrigado pela visita.'),
            ],
          });
        }
        send(404, { message: 'Not found' });
      };
      if (behaviour === 'slow') setTimeout(act, slowMs);
      else act();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behave: (next) => (behaviour = next),
    forgetSessions: () => sessions.clear(),
    startWith: (bubbles) => (firstBubbles = bubbles),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
