import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake product server received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw body. */
  text: string;
  /** The body parsed as JSON (or as a form), undefined when it was neither. */
  body: unknown;
}

/**
 * How a fake product answers one request besides answering well: after a delay, with a 5xx, with a
 * 429 and its Retry-After, with a body its API never sends, or never.
 */
export type Misbehaviour =
  | { kind: 'slow'; delayMs: number }
  | { kind: 'fail'; status?: 500 | 502 | 503 | 504 }
  | { kind: 'rate-limit'; retryAfter?: string }
  | { kind: 'malformed'; body?: string; contentType?: string }
  | { kind: 'hang' };

export interface ProductReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The HTTP plumbing every fake chatbot product shares (the house's FakeModelServer style): it listens
 * on 127.0.0.1, records every request, and answers each one as the product would unless the spec asked
 * it to misbehave (`misbehave(...)`, once or for every request). Subclasses speak the product's API.
 */
export abstract class FakeProductServer {
  readonly requests: RecordedRequest[] = [];
  private readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();
  private queued: Misbehaviour[] = [];
  private always: Misbehaviour | undefined;

  protected constructor() {
    this.server = createServer((request, response) => void this.serve(request, response));
  }

  protected async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  /** http://127.0.0.1:PORT, no trailing slash. */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next requests misbehave in this order (one each), then the server answers well again. */
  misbehave(...next: Misbehaviour[]): void {
    this.queued.push(...next);
  }

  /** Every request misbehaves so until `behave()`. */
  misbehaveAlways(misbehaviour: Misbehaviour): void {
    this.always = misbehaviour;
  }

  behave(): void {
    this.queued = [];
    this.always = undefined;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The product's answer to a request it accepted (subclasses check paths and credentials here). */
  protected abstract answer(request: RecordedRequest): ProductReply | Promise<ProductReply>;

  /** The product's body for a 5xx or 429 (each product words its errors its own way). */
  protected abstract errorBody(status: number): unknown;

  /** Whether a request takes part in misbehaviour (e.g. Dialogflow's token endpoint may be spared). */
  protected misbehaves(_request: RecordedRequest): boolean {
    return true;
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      text,
      body: parseBody(text, request.headers['content-type']),
    };
    this.requests.push(recorded);
    const misbehaviour = this.misbehaves(recorded) ? (this.queued.shift() ?? this.always) : undefined;
    const send = (reply: ProductReply) => {
      if (response.destroyed) return;
      response
        .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        .end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    };
    switch (misbehaviour?.kind) {
      case 'hang':
        this.hanging.add(response);
        response.on('close', () => this.hanging.delete(response));
        return;
      case 'fail': {
        const status = misbehaviour.status ?? 500;
        return send({ status, body: this.errorBody(status) });
      }
      case 'rate-limit':
        return send({ status: 429, body: this.errorBody(429), headers: { 'retry-after': misbehaviour.retryAfter ?? '7' } });
      case 'malformed':
        return send({
          status: 200,
          body: misbehaviour.body ?? '<html><body>502 Bad Gateway</body></html>',
          headers: { 'content-type': misbehaviour.contentType ?? 'text/html' },
        });
      case 'slow':
        // Waits, unless the client gave up first (then the timer goes with it).
        this.hanging.add(response);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, misbehaviour.delayMs);
          response.on('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        this.hanging.delete(response);
        break;
      default:
        break;
    }
    send(await this.answer(recorded));
  }
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerOf(request: RecordedRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}
